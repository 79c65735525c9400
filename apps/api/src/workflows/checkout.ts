import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  applicableTier,
  copy,
  countryName,
  formatAddressLines,
  kitAvailability,
  fromCents,
  type Checkout,
  type checkoutRequestSchema,
  type PaymentIntentResponse,
  type ShortLine,
} from '@shop/shared';
import type { Db } from '../db/client';
import { cartLines, checkouts, companyMembers, orders, products, user as user_ } from '../db/schema';
import { BadRequestError, ConflictError, DomainError, ForbiddenError, NotFoundError, isUuid } from '../lib/errors';
import type { AuthUser } from '../plugins/auth';
import { actsAsAdmin } from '../lib/policy';
import { lineTotalCents } from '../modules/cart/cart.service';
import {
  assertMayReserve,
  checkGuestCaps,
  checkUnpaidCap,
  reservationLimit,
  reservationLimitError,
  notCancelled,
  type HeldReservations,
  type ReservationPolicy,
} from '../modules/orders/orders.service';
import { membershipOf, readsThroughCompany } from '../modules/companies/companies.service';
import { expireReservations } from './reservations';
import { saveAddressFromCheckout } from '../modules/addresses/addresses.service';
import { priceOrder, pricedColumns } from '../modules/checkout/checkout-pricing';
import { withTradePrices } from '../modules/price-lists/price-lists.service';
import { noAccountTerms, takeOnAccount } from '../modules/receivables/receivables.service';
import { moveLineStock } from '../modules/stock/stock.service';
import { kitPartsOf, lockKits, recordKitLines } from '../modules/kits/kits.service';
import { recordCheckoutPayment, refundedAsPaidTooLate } from './record-payment';
import {
  checkoutEmpty,
  checkoutExpired,
  checkoutNotFound,
  checkoutOrders,
  checkoutPaid,
  checkoutStatus,
  dueCents,
  paidWithAnother,
  toCheckoutDto,
  type CheckoutRow,
} from '../modules/checkout/checkout-rows';

/**
 * Issue #9 part 5: one checkout of the whole cart, paid once (decision 120).
 * A checkout is one order per cart line (orders.checkout_id), reserved in one
 * transaction, with one expiry, counted once against the unpaid-order cap,
 * and paid by one payment whose amount is the sum of its orders.
 */

const cartTooLong = (lines: number, max: number) => reservationLimit('lines', copy.orderRules.cartTooLong(lines, max), { max, wanted: lines });

/** Issue #39 item 9 (decision 188): the holder of a guest checkout's link, who may read and pay that checkout only. */
export interface GuestActor {
  guestCheckoutId: string;
}
/** Who reads or pays a checkout: a signed-in user, or a guest through their link. */
export type CheckoutActor = AuthUser | GuestActor;
export const isGuestActor = (actor: CheckoutActor): actor is GuestActor => 'guestCheckoutId' in actor;

/**
 * Load a checkout the user may see: its owner, or an admin (read only).
 * Someone else's checkout is a 404 (its existence is not confirmed); an
 * admin acting as the payer gets 403, like orders.
 */
export async function findCheckoutFor(db: Db, user: CheckoutActor, id: string, mode: 'read' | 'payer' = 'read'): Promise<CheckoutRow> {
  if (!isUuid(id)) throw checkoutNotFound();
  // Decision 212: the spec's one-product purchase is an order too, but it is asked for, paid and read through the
  // spec's own calls (/orders/{id}), never as a checkout: two ways to pay one order could take its money twice.
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), sql`not exists (select 1 from ${orders} where ${orders.id} = ${checkouts.id})`));
  if (!row) throw checkoutNotFound();
  // Issue #39 item 9: a guest's link opens its own checkout and no other (decision 188).
  if (isGuestActor(user)) {
    if (row.guest && row.id === user.guestCheckoutId) return row;
    throw checkoutNotFound();
  }
  if (row.userId === user.id) return row;
  // Issue #37 item 1 (decision 204): the company's admin, or a buyer allowed to see all, reads its orders (never pays).
  if (mode === 'read' && (await readsThroughCompany(db, user.id, row.companyId))) return row;
  if (!actsAsAdmin(user)) throw checkoutNotFound();
  if (mode === 'payer') throw new ForbiddenError('Only the customer who checked out can pay for it.', 'NOT_THE_PAYER');
  return row;
}

export async function getCheckout(app: FastifyInstance, user: CheckoutActor, id: string): Promise<Checkout> {
  await expireReservations(app, { checkoutId: id });
  const checkout = await findCheckoutFor(app.db, user, id);
  return toCheckoutDto(checkout, await checkoutOrders(app.db, checkout.id), app.clock.now());
}

function shortLineMessage(lines: ShortLine[]): string {
  const parts = lines.map((l) =>
    l.available < l.minOrder
      ? `${l.productName}: sold out (${l.available} left, minimum order ${l.minOrder})`
      : l.requested < l.minOrder
        ? `${l.productName}: the minimum order is ${l.minOrder} (your cart has ${l.requested})`
        : `${l.productName}: you want ${l.requested}, only ${l.available} left`,
  );
  return `Not enough stock for ${lines.length === 1 ? 'this line' : 'these lines'}: ${parts.join('; ')}. Nothing was reserved; change or remove ${lines.length === 1 ? 'it' : 'them'} in your cart and check out again.`;
}

/**
 * POST /checkout. Every cart line is reserved in ONE transaction, or none:
 * the products are locked in id order (so two checkouts never deadlock),
 * every line is checked against the locked stock, and only then are the
 * orders inserted and the stock moved through the ledger. A short line
 * answers 409 CHECKOUT_SHORT naming each short line (error.details.lines).
 * The account's unpaid reservations with these lines must stay within the
 * caps of issue #22 (409 RESERVATION_LIMIT).
 */
export async function createCheckout(db: Db, user: AuthUser, input: z.output<typeof checkoutRequestSchema>, policy: ReservationPolicy): Promise<Checkout> {
  return placeCheckout(db, { kind: 'account', user }, input, policy);
}

/**
 * Who places a checkout: a signed-in customer (their server cart), or a guest (issue #39 item 9, decision 188) with
 * the e-mail address they gave, their client address and the lines of their browser cart.
 */
export type Buyer = { kind: 'account'; user: AuthUser } | { kind: 'guest'; email: string; ip: string; lines: { productId: string; quantity: number }[] };

/** A guest's lines: one per product (the larger quantity of a repeated one), malformed ids refused. */
function guestLines(lines: { productId: string; quantity: number }[]): { productId: string; quantity: number }[] {
  const byId = new Map<string, number>();
  for (const line of lines) {
    const id = line.productId.toLowerCase();
    if (!isUuid(id)) throw new NotFoundError('A part in your cart is no longer sold: remove it and check out again.', 'PRODUCT_NOT_FOUND');
    byId.set(id, Math.max(byId.get(id) ?? 0, line.quantity));
  }
  return [...byId].map(([productId, quantity]) => ({ productId, quantity }));
}

export async function placeCheckout(db: Db, buyer: Buyer, input: z.output<typeof checkoutRequestSchema>, basePolicy: ReservationPolicy): Promise<Checkout> {
  const user = buyer.kind === 'account' ? buyer.user : null;
  let given: { productId: string; quantity: number }[] = [];
  let policy = basePolicy;
  if (user) {
    // Issue #22: reserving stock needs a verified e-mail address (authenticate read the user fresh).
    assertMayReserve(user);
    // Issue #22: a cart longer than one account may reserve is refused before any lock is taken, so the
    // transaction below locks and writes at most MAX_UNPAID_LINES products and orders.
    const [{ cartSize, member }] = await db
      .select({
        cartSize: sql<number>`count(*)::int`,
        member: sql<boolean>`exists (select 1 from ${companyMembers} where ${companyMembers.userId} = ${user.id})`,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, user.id));
    // Issue #37: a trade account's member checks out a parts list of hundreds of lines: the trade limits apply (read
    // in the same statement). A membership removed meanwhile only lowers them for the next checkout.
    if (basePolicy.trade && member) policy = { ...basePolicy, ...basePolicy.trade };
    if (Number(cartSize) > policy.maxLines) throw cartTooLong(Number(cartSize), policy.maxLines);
  } else if (buyer.kind === 'guest') {
    given = guestLines(buyer.lines);
    if (given.length > policy.maxLines) throw cartTooLong(given.length, policy.maxLines);
  }
  const email = user ? user.email : buyer.kind === 'guest' ? buyer.email : '';
  const { checkout, rows } = await db.transaction(async (tx) => {
    let lines: { productId: string; quantity: number }[];
    let held: HeldReservations;
    if (user) {
      // The customer's row serialises their checkouts and orders, as in createOrder, so the cap cannot be raced.
      await tx.select({ id: user_.id }).from(user_).where(eq(user_.id, user.id)).for('update');
      // One more than the cap is enough to tell that lines were added since the count above.
      lines = await tx
        .select()
        .from(cartLines)
        .where(eq(cartLines.userId, user.id))
        .limit(policy.maxLines + 1);
      if (lines.length === 0) throw new BadRequestError('Your cart is empty: add parts to it before checking out.', 'CART_EMPTY');
      if (lines.length > policy.maxLines) throw cartTooLong(lines.length, policy.maxLines);
      held = await checkUnpaidCap(tx, user.id, policy);
    } else {
      if (given.length === 0) throw new BadRequestError('Your cart is empty: add parts to it before checking out.', 'CART_EMPTY');
      lines = given;
      // Decision 188: a guest's unpaid checkouts are capped per e-mail address and per client address.
      held = await checkGuestCaps(tx, { email, ip: buyer.kind === 'guest' ? buyer.ip : '' }, policy);
    }

    // Decision 220: a kit's stock is its parts'. The parts are locked, with the plain parts, in one order (by id);
    // a kit's own row only against deletion (KEY SHARE): the database locks it last, at commit, to set its stock.
    const kits = await kitPartsOf(
      tx,
      lines.map((l) => l.productId),
    );
    const kitRows = kits.size ? await lockKits(tx, [...kits.keys()]) : [];
    const locked = await tx
      .select()
      .from(products)
      .where(
        inArray(products.id, [
          ...lines.map((l) => l.productId).filter((id) => !kits.has(id)),
          ...[...kits.values()].flatMap((parts) => parts.map((p) => p.productId)),
        ]),
      )
      .orderBy(asc(products.id))
      // NO KEY UPDATE (what the stock update takes anyway): an admin adding a part to a kit meanwhile (its foreign
      // key's KEY SHARE) waits for nothing, so it cannot deadlock with the kit's stock set at commit.
      .for('no key update');
    const stockOf = new Map(locked.map((p) => [p.id, p.stock]));
    const byId = new Map([...locked, ...kitRows].map((p) => [p.id, p]));
    // A server cart's products exist (its lines go with them); a browser cart may name one removed since.
    if (!user && lines.some((l) => !byId.has(l.productId))) {
      throw new NotFoundError('A part in your cart is no longer sold: remove it and check out again.', 'PRODUCT_NOT_FOUND');
    }
    // Decision 204: a member buys for their company, read in this transaction; issue #37 item 2 (decision 206): a
    // member's lines at their company's price lists' prices, valid now.
    const membership = user ? await membershipOf(tx, user.id) : null;
    const found = lines.map((l) => ({ line: l, product: byId.get(l.productId)!, quantity: l.quantity })).filter((w) => w.product);
    const wanted = (membership ? await withTradePrices(tx, user!.id, found, policy.now) : found).sort(
      (a, b) => a.product.name.localeCompare(b.product.name) || a.product.id.localeCompare(b.product.id),
    );
    // A kit and loose units of its parts draw on one shelf: each line may have what the other lines leave.
    const demand = new Map<string, number>();
    const needs = (productId: string, quantity: number) =>
      kits.get(productId)?.map((p) => ({ id: p.productId, per: p.quantity, n: quantity * p.quantity })) ?? [{ id: productId, per: 1, n: quantity }];
    for (const { line } of wanted) for (const n of needs(line.productId, line.quantity)) demand.set(n.id, (demand.get(n.id) ?? 0) + n.n);
    const availableTo = (productId: string, quantity: number) =>
      kitAvailability(needs(productId, quantity).map((n) => ({ stock: (stockOf.get(n.id) ?? 0) - (demand.get(n.id)! - n.n), quantity: n.per })));
    const short: ShortLine[] = wanted
      .map(({ line, product }) => ({ line, product, available: availableTo(line.productId, line.quantity) }))
      .filter(({ line, product, available }) => line.quantity > available || line.quantity < product.minOrder)
      .map(({ line, product, available }) => ({
        productId: product.id,
        productName: product.name,
        requested: line.quantity,
        available,
        minOrder: product.minOrder,
      }));
    if (short.length > 0) throw new DomainError(409, 'CHECKOUT_SHORT', shortLineMessage(short), { lines: short });

    const expiresAt = new Date(policy.now.getTime() + policy.ttlMinutes * 60_000);
    const goodsCents = wanted.reduce((sum, { line, product }) => sum + lineTotalCents(product, line.quantity), 0);
    const units = wanted.reduce((sum, { line }) => sum + line.quantity, 0);
    // Decision 208: an order on account holds no reservation (its limit is the company's credit, checked below).
    const limit = input.payment === 'account' ? null : reservationLimitError(held, { lines: wanted.length, units, valueCents: goodsCents }, policy);
    if (limit) throw limit;

    // Issue #24: priced from the locked rows, with the method the customer chose among those offered.
    const address = input.shippingAddress;
    const pricing = await priceOrder(
      tx,
      user?.id ?? '',
      wanted.map(({ line, product }) => ({ product, quantity: line.quantity })),
      // Issue #39: the VAT ID (checked by the schema) prices the reverse charge here, never the page's figures.
      { ...address, vatId: input.vatId },
    );
    if (pricing.options.length === 0) throw new DomainError(409, 'NO_SHIPPING_METHOD', pricing.problem ?? copy.checkoutAddress.methodNotOffered);
    const chosen = input.shippingMethodId ? pricing.options.find((o) => o.quote.methodId === input.shippingMethodId) : pricing.options[0];
    if (!chosen)
      throw new DomainError(409, 'SHIPPING_METHOD_NOT_OFFERED', copy.checkoutAddress.methodNotOffered, {
        offered: pricing.options.map((o) => o.quote.methodId),
      });
    const { totals } = chosen;
    if (input.poNumber && !membership)
      throw new DomainError(400, 'PO_NUMBER_NOT_ALLOWED', 'A PO number is for trade accounts: leave it empty, or ask us to open a company account for you.');
    // Issue #37 item 4 (decision 208): on the company's account, within its credit limit (its row is locked here).
    if (input.payment === 'account' && !membership) throw noAccountTerms();
    const account = input.payment === 'account' ? await takeOnAccount(tx, membership!.companyId, totals.totalCents, policy.now) : null;
    const [created] = await tx
      .insert(checkouts)
      .values({
        userId: user?.id ?? null,
        email,
        guest: !user,
        guestIp: buyer.kind === 'guest' ? buyer.ip : '',
        totalCents: totals.totalCents,
        createdAt: policy.now,
        shipName: address.name,
        shipCompany: address.company,
        shipLine1: address.line1,
        shipLine2: address.line2,
        shipCity: address.city,
        shipRegion: address.region,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        shipPhone: address.phone,
        ...pricedColumns(chosen),
        taxExempt: pricing.taxExempt,
        taxId: pricing.taxExempt ? pricing.taxId : '',
        vatId: pricing.vatId,
        reverseCharge: pricing.reverseCharge,
        weightGrams: pricing.weightGrams,
        // Issue #37 item 1 (decision 204): a member buys for their company, with its PO number (item 4, decision 205).
        companyId: membership?.companyId ?? null,
        poNumber: input.poNumber,
        onAccount: account !== null,
        dueAt: account?.dueAt ?? null,
      })
      .returning();
    if (user && input.saveAddress) await saveAddressFromCheckout(tx, user.id, address);
    const inserted = await tx
      .insert(orders)
      .values(
        wanted.map(({ line, product }, i) => ({
          userId: user?.id ?? null,
          productId: product.id,
          productName: product.name,
          // The lot price the line was priced with: a quantity tier's when one applies (decision 131).
          unitPriceCents: applicableTier(product.priceTiers, line.quantity)?.unitPriceCents ?? product.unitPriceCents,
          minOrder: product.minOrder,
          userName: user ? user.name || user.email.split('@')[0] : address.name,
          email,
          // The spec's three fields, from the delivery address (issue #24).
          country: countryName(address.country) ?? address.country,
          address: formatAddressLines(address).join(', '),
          phone: address.phone,
          quantity: line.quantity,
          priceCents: totals.lines[i].amountCents,
          taxCents: totals.lines[i].taxCents,
          sku: product.sku,
          number: created.number,
          status: 'unpaid',
          createdAt: policy.now,
          // An order on account keeps its parts until it is paid or cancelled (decision 208).
          expiresAt: account ? null : expiresAt,
          checkoutId: created.id,
        })),
      )
      .returning();
    // Decision 220: what each kit line is made of, with each part's share of the line's amount.
    await recordKitLines(tx, inserted, kits);
    for (const order of inserted) {
      // The rows are locked and checked above, so this conditional decrement cannot come up short.
      await moveLineStock(tx, order, -order.quantity, {
        kind: 'order_placed',
        // A guest has no account to name: the ledger row names the order, which keeps the guest's e-mail.
        actor: user ? { id: user.id, email: user.email } : null,
      });
    }
    if (user) await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    return { checkout: created, rows: inserted };
  });
  rows.sort((a, b) => a.productName.localeCompare(b.productName) || a.id.localeCompare(b.id));
  return toCheckoutDto(checkout, rows, policy.now);
}

/**
 * POST /create-payment-intent { checkoutId }: one intent for the whole
 * checkout, for the sum of its orders. Asking again returns the same client
 * secret while the amount is unchanged; the provider call carries an
 * idempotency key with the amount, so a changed checkout (an order cancelled)
 * gets a new intent.
 */
export async function createCheckoutPaymentIntent(app: FastifyInstance, user: CheckoutActor, checkoutId: string, attempt = 1): Promise<PaymentIntentResponse> {
  await expireReservations(app, { checkoutId });
  const checkout = await findCheckoutFor(app.db, user, checkoutId, 'payer');
  const rows = await checkoutOrders(app.db, checkout.id);
  const status = checkoutStatus(checkout, rows, app.clock.now());
  if (status === 'paid') throw checkoutPaid();
  if (status === 'cancelled') throw checkoutEmpty();
  if (status === 'expired') throw checkoutExpired();
  // Decision 208: an order on account is paid through its invoice, never by a second payment of its own.
  if (checkout.onAccount) {
    throw new DomainError(
      409,
      'ON_ACCOUNT',
      "This order is on your company's account: pay it through its invoice (the link on the order page and in the invoice e-mail).",
      {
        invoiceUrl: checkout.accountInvoiceUrl || null,
      },
    );
  }
  const cents = dueCents(checkout, rows);
  const answer = (clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    provider: app.payments.name,
    publishableKey: app.payments.publishableKey,
    amount: fromCents(cents),
  });

  if (checkout.paymentIntentId) {
    const existing = await app.payments.retrievePayment(checkout.paymentIntentId);
    if (existing && existing.checkoutId === checkout.id && existing.amountCents === cents) {
      if (existing.status === 'succeeded') {
        // Paid, but the confirmation never reached us (tab closed): record it now.
        await recordCheckoutPayment(app, checkout.id, existing);
        throw checkoutPaid();
      }
      if (existing.status !== 'canceled' && existing.clientSecret) return answer(existing.clientSecret);
    }
  }

  const created = await app.payments.createPayment({
    checkoutId: checkout.id,
    amountCents: cents,
    email: checkout.email,
    idempotencyKey: `checkout-${checkout.id}-${cents}`,
  });
  const kept = await app.db.transaction(async (tx) => {
    // Issue #34: under the checkout's lock (a line cancelled takes it too), the intent is kept only for the checkout
    // as it is now: a line cancelled while it was being created changed the amount, and this intent must not be paid.
    const [head] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).for('update');
    if (!head || head.transactionId) return undefined;
    const live = await checkoutOrders(tx, checkout.id);
    if (live.every((o) => o.paid) || live.some((o) => !o.paid && o.status !== 'unpaid') || dueCents(head, live) !== cents) return 'changed' as const;
    const [row] = await tx
      .update(checkouts)
      .set({ paymentIntentId: created.id })
      .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.transactionId)))
      .returning({ id: checkouts.id });
    // Each order carries the intent too, so cancelling one order or expiring the checkout cancels it at the provider.
    if (row) {
      await tx
        .update(orders)
        .set({ paymentIntentId: created.id })
        .where(and(eq(orders.checkoutId, checkout.id), eq(orders.paid, false), notCancelled));
    }
    return row;
  });
  if (kept === 'changed') {
    await app.payments.cancelPayment(created.id);
    if (attempt < 3) return createCheckoutPaymentIntent(app, user, checkoutId, attempt + 1);
    throw new ConflictError('The order changed while its payment was being prepared. Please try again.', 'ORDER_CHANGED');
  }
  // Paid meanwhile (another tab, the webhook): this intent must not stay payable.
  if (!kept) {
    const [now] = await app.db.select({ transactionId: checkouts.transactionId }).from(checkouts).where(eq(checkouts.id, checkout.id));
    if (now?.transactionId !== created.id) await app.payments.cancelPayment(created.id);
    throw checkoutPaid();
  }
  return answer(created.clientSecret);
}

/**
 * PATCH /checkouts/{id} { transactionId }: every order of the checkout
 * becomes paid with that transaction id, only once the provider confirms that
 * this payment succeeded for this checkout and its amount. The same
 * transaction id again answers the checkout unchanged.
 */
export async function confirmCheckoutPayment(app: FastifyInstance, user: CheckoutActor, checkoutId: string, transactionId: string): Promise<Checkout> {
  await expireReservations(app, { checkoutId });
  const checkout = await findCheckoutFor(app.db, user, checkoutId, 'payer');
  const rows = await checkoutOrders(app.db, checkout.id);
  if (checkout.transactionId) {
    if (checkout.transactionId !== transactionId) {
      // A second payment of this checkout that went through (issue #22): recording it fails, and it is refunded.
      const second = await app.payments.retrievePayment(transactionId);
      if (second?.status === 'succeeded' && second.checkoutId === checkout.id) await recordCheckoutPayment(app, checkout.id, second);
      throw paidWithAnother();
    }
    // Reported again: the same answer as the first time when lines of it were paid too late (issue #34).
    if (rows.some((o) => o.refundDue) || (await refundedAsPaidTooLate(app.db, checkout.id))) throw checkoutPaidTooLate();
    return toCheckoutDto(checkout, rows, app.clock.now());
  }
  const status = checkoutStatus(checkout, rows, app.clock.now());
  const payment = await app.payments.retrievePayment(transactionId);
  // Issue #34: a payment of this checkout that went through after it was cancelled is given back (recording refuses it).
  if (status === 'cancelled') {
    if (payment?.status === 'succeeded' && payment.checkoutId === checkout.id) await recordCheckoutPayment(app, checkout.id, payment);
    throw checkoutEmpty();
  }
  if (!payment) {
    if (status === 'expired') throw checkoutExpired();
    throw new BadRequestError('No payment with that transaction id.', 'PAYMENT_NOT_FOUND');
  }
  // An expired checkout still takes a payment that really succeeded (the money is gone): each order is settled late.
  if (status === 'expired' && payment.status !== 'succeeded') throw checkoutExpired();
  const result = await recordCheckoutPayment(app, checkout.id, payment);
  if (result.orders.some((o) => o.refundDue) || (await refundedAsPaidTooLate(app.db, checkout.id))) throw checkoutPaidTooLate();
  return toCheckoutDto(result.checkout, result.orders, app.clock.now());
}

const checkoutPaidTooLate = () =>
  new ConflictError(
    'Your payment arrived after this checkout expired and some of its parts are sold out now. The shop will refund those lines in full; you do not need to do anything.',
    'CHECKOUT_EXPIRED',
  );
