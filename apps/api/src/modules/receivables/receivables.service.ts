import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { formatUsd, fromCents, orderNumber, type Receivable, type Receivables } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, companies } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import type { AccountInvoice, RetrievedPayment } from '../../payments/providers/payment-provider';
import { checkoutOrders, dueCents } from '../checkout/checkout-rows';
import { recordCheckoutPayment } from '../payments/payment-recording';
import { orderOnAccountOwnerEmail } from '../../lib/owner-email';

/**
 * Issue #37 item 4 (decision 208): paying on account. A member of a company with payment terms places an order
 * without a card: its lines hold their stock without expiring, it may ship before it is paid, and an invoice for it is
 * sent through the payment provider (Stripe: `collection_method=send_invoice`, `days_until_due`), due in the
 * company's terms. The invoice's payment (Stripe's `invoice.paid` webhook, or the built-in processor's invoice page)
 * is recorded as the checkout's payment, through the one rule that records every payment. The company's open
 * invoices never pass its credit limit: the company's row is the lock.
 */

const DAY = 86_400_000;

export const noAccountTerms = () =>
  new DomainError(409, 'NO_ACCOUNT_TERMS', 'Paying on account is for trade accounts with payment terms: pay by card, or ask us to give your company terms.');

const usd = (cents: number) => formatUsd(fromCents(cents));

/** What a company owes on account now: the totals of its unpaid, not cancelled on-account orders, in cents. */
export async function openOnAccountCents(db: Pick<Db, 'execute'>, companyId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(${checkouts.totalCents}), 0)::bigint as open
    from ${checkouts}
    where ${checkouts.companyId} = ${companyId} and ${checkouts.onAccount} and ${checkouts.paidAt} is null
      and exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.status <> 'cancelled')`);
  const rows = Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
  return Number((rows[0] as { open?: unknown } | undefined)?.open ?? 0);
}

/**
 * In the checkout's transaction: the company may take this order on account. Its row is locked, so two checkouts of
 * one company at the same moment are counted one after the other against its credit limit. Answers the due date.
 */
export async function takeOnAccount(tx: Db, companyId: string, totalCents: number, now: Date): Promise<{ dueAt: Date }> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company || company.paymentTermsDays <= 0) throw noAccountTerms();
  const open = await openOnAccountCents(tx, companyId);
  const available = Math.max(0, company.creditLimitCents - open);
  if (totalCents > available) {
    throw new DomainError(
      409,
      'CREDIT_LIMIT',
      `This order of ${usd(totalCents)} is over your company's available credit of ${usd(available)} (limit ${usd(company.creditLimitCents)}, ${usd(open)} open on account). Pay by card, or pay an open invoice first.`,
      { available: fromCents(available), limit: fromCents(company.creditLimitCents), open: fromCents(open), total: fromCents(totalCents) },
    );
  }
  return { dueAt: new Date(now.getTime() + company.paymentTermsDays * DAY) };
}

/** An invoice the provider says is paid, as the payment the shop records on its checkout. */
function paymentOf(invoice: AccountInvoice): RetrievedPayment {
  return {
    id: invoice.paymentId ?? invoice.id,
    status: 'succeeded',
    amountCents: invoice.amountPaidCents,
    currency: invoice.currency,
    orderId: null,
    checkoutId: invoice.checkoutId,
    livemode: invoice.livemode,
  };
}

/**
 * The invoice was paid (Stripe's `invoice.paid`, the built-in processor's invoice page, or a sweep that found it):
 * asked again of the provider, and recorded as its checkout's payment. Recording it twice changes nothing; a payment
 * that no longer fits its order (cancelled meanwhile) is refunded by the one rule that records payments.
 */
export async function settleAccountInvoice(app: FastifyInstance, invoiceId: string): Promise<'paid' | 'ignored'> {
  const invoice = await app.payments.retrieveInvoice(invoiceId);
  if (!invoice || invoice.status !== 'paid' || !invoice.checkoutId) return 'ignored';
  const [checkout] = await app.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.id, invoice.checkoutId));
  if (!checkout) return 'ignored';
  await recordCheckoutPayment(app, checkout.id, paymentOf(invoice));
  return 'paid';
}

/**
 * The invoice of an on-account checkout matches what is left of it: issued when it has none (the provider was away
 * at checkout), voided and issued again for the new amount when a line was cancelled, voided when nothing is left.
 * Provider calls are not made under a lock: the checkout's invoice is swapped by compare-and-set, and a call that
 * lost the race voids the invoice it made and looks again, so two at once (two lines cancelled together) end with
 * one open invoice, for the amount due. Each try's idempotency key names the invoice it replaces, so a retry never
 * gets back an invoice voided meanwhile. Errors are logged: the next sweep tries again.
 */
export async function refreshAccountInvoice(app: FastifyInstance, checkoutId: string): Promise<void> {
  try {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      if ((await refreshOnce(app, checkoutId)) === 'done') return;
    }
    app.log.warn({ checkoutId }, 'the invoice of an order on account kept changing; the next sweep looks again');
  } catch (err) {
    app.log.error({ err, checkoutId }, 'could not issue the invoice of an order on account; the next sweep tries again');
  }
}

async function refreshOnce(app: FastifyInstance, checkoutId: string): Promise<'done' | 'again'> {
  const [checkout] = await app.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!checkout?.onAccount || checkout.paidAt) return 'done';
  const rows = await checkoutOrders(app.db, checkoutId);
  const due = rows.length ? dueCents(checkout, rows) : 0;
  const previous = checkout.accountInvoiceId;
  if (previous) {
    const current = await app.payments.retrieveInvoice(previous);
    if (current?.status === 'paid') {
      await settleAccountInvoice(app, current.id);
      return 'done';
    }
    if (current?.status === 'open' && current.amountCents === due && due > 0) return 'done';
    if (current?.status === 'open') {
      const voided = await app.payments.voidInvoice(current.id);
      if (voided?.status === 'paid') {
        await settleAccountInvoice(app, voided.id);
        return 'done';
      }
    }
  }
  if (due === 0) {
    await app.db.update(checkouts).set({ accountInvoiceUrl: '' }).where(eq(checkouts.id, checkoutId));
    return 'done';
  }
  const daysLeft = Math.max(1, Math.ceil(((checkout.dueAt?.getTime() ?? Date.now()) - Date.now()) / DAY));
  const invoice = await app.payments.createInvoice({
    checkoutId,
    orderNumber: orderNumber(checkout.number),
    email: checkout.email,
    name: checkout.shipCompany || checkout.shipName || checkout.email,
    amountCents: due,
    daysUntilDue: daysLeft,
    idempotencyKey: `account-invoice:${checkoutId}:${due}:${previous ?? 'first'}`,
  });
  const swapped = await app.db
    .update(checkouts)
    .set({ accountInvoiceId: invoice.id, accountInvoiceUrl: invoice.hostedUrl ?? '' })
    .where(
      and(eq(checkouts.id, checkoutId), isNull(checkouts.paidAt), previous ? eq(checkouts.accountInvoiceId, previous) : isNull(checkouts.accountInvoiceId)),
    )
    .returning({ id: checkouts.id });
  if (swapped.length === 0) {
    // Another call swapped it first (or the order was paid): this invoice is nobody's, unless it is that one.
    const [now] = await app.db.select({ id: checkouts.accountInvoiceId }).from(checkouts).where(eq(checkouts.id, checkoutId));
    if (now?.id !== invoice.id) {
      const voided = await app.payments.voidInvoice(invoice.id);
      if (voided?.status === 'paid') await settleAccountInvoice(app, voided.id);
    }
    return 'again';
  }
  // The lines may have changed while the invoice was made: look once more.
  const after = await checkoutOrders(app.db, checkoutId);
  const [head] = await app.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return head && (after.length ? dueCents(head, after) : 0) === due ? 'done' : 'again';
}

/**
 * After an order on account is placed: its invoice at the provider, then the buyer's confirmation (with the invoice's
 * link and due date) and the shop's inbox (an order to ship now). Answers where the invoice is paid (null: not yet).
 */
export async function issueAccountInvoice(app: FastifyInstance, checkoutId: string): Promise<string | null> {
  await refreshAccountInvoice(app, checkoutId);
  const [row] = await app.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (row) await tellPlacedOnAccount(app, row);
  return row?.accountInvoiceUrl || null;
}

const dayOf = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The two e-mails of an order placed on account; a mail outage never fails the order (it is logged). */
async function tellPlacedOnAccount(app: FastifyInstance, checkout: typeof checkouts.$inferSelect): Promise<void> {
  const lines = await checkoutOrders(app.db, checkout.id);
  if (lines.length === 0 || !checkout.dueAt) return;
  const [company] = checkout.companyId ? await app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, checkout.companyId)) : [];
  const number = orderNumber(checkout.number);
  const total = usd(dueCents(checkout, lines));
  const due = dayOf(checkout.dueAt);
  const orderUrl = `${app.config.publicUrl}/dashboard/myorders/${number}`;
  const text = [
    `Thank you: order ${number} is placed on your company's account${company ? ` (${company.name})` : ''}.`,
    '',
    `Invoiced: ${total}, due on ${due}.`,
    ...(checkout.poNumber ? [`Your PO number: ${checkout.poNumber}`] : []),
    ...lines.map((o) => `${o.productName} × ${o.quantity.toLocaleString('en-US')}`),
    '',
    ...(checkout.accountInvoiceUrl ? [`Pay the invoice online: ${checkout.accountInvoiceUrl}`] : []),
    `Follow your order: ${orderUrl}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">${text
    .split('\n')
    .map((l) => (l ? `<p>${escapeHtml(l)}</p>` : ''))
    .join('')}</body></html>`;
  try {
    await app.mailer.send({ to: checkout.email, subject: `Order ${number} is on account: invoice due ${due}`, text, html });
  } catch (err) {
    app.log.error({ err, checkoutId: checkout.id }, 'could not e-mail the buyer of an order on account');
  }
  try {
    await app.mailer.send(
      orderOnAccountOwnerEmail(
        {
          number,
          userName: lines[0].userName,
          email: checkout.email,
          country: checkout.shipCountry,
          lines: lines.map((o) => ({ productName: o.productName, sku: o.sku, quantity: o.quantity, priceCents: o.priceCents })),
          totalCents: dueCents(checkout, lines),
          paymentMode: 'test',
          poNumber: checkout.poNumber,
          company: company?.name ?? '',
          dueDay: due,
        },
        app.config.SHOP_INBOX_EMAIL,
        app.config.publicUrl,
      ),
    );
  } catch (err) {
    app.log.error({ err, checkoutId: checkout.id }, "could not e-mail the shop's inbox of an order on account");
  }
}

/**
 * Before a line of an on-account order is cancelled: its open invoice is voided, so nobody pays it meanwhile.
 * 'paid' when it was paid already (the payment is recorded, and the cancel must stop).
 */
export async function voidBeforeCancel(app: FastifyInstance, checkoutId: string | null): Promise<'paid' | 'ok'> {
  if (!checkoutId) return 'ok';
  const [checkout] = await app.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!checkout?.onAccount || !checkout.accountInvoiceId || checkout.paidAt) return 'ok';
  const invoice = await app.payments.voidInvoice(checkout.accountInvoiceId);
  if (invoice?.status === 'paid') {
    await settleAccountInvoice(app, invoice.id);
    return 'paid';
  }
  return 'ok';
}

/** The sweep: on-account orders whose invoice the provider has not issued yet (it was away at checkout). */
export async function issueMissingAccountInvoices(app: FastifyInstance, limit = 50): Promise<number> {
  const missing = await app.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.onAccount, true), isNull(checkouts.paidAt), isNull(checkouts.accountInvoiceId)))
    .orderBy(asc(checkouts.createdAt))
    .limit(limit);
  for (const c of missing) await refreshAccountInvoice(app, c.id);
  return missing.length;
}

/**
 * Open invoices on account, oldest due first: every company's (the admin's receivables) or one company's (its page).
 * An order whose every line was cancelled owes nothing and is left out.
 */
export async function openReceivables(db: Db, now: Date, companyId?: string, userId?: string): Promise<Receivable[]> {
  const result = await db.execute(sql`
    select c.id, c.number, c.company_id, co.name as company_name, c.po_number, c.email, c.due_at, c.created_at,
           c.account_invoice_url, c.user_id,
           (select sum(o.price_cents) from orders o where o.checkout_id = c.id and o.status <> 'cancelled')::bigint as goods,
           (select sum(o.tax_cents) from orders o where o.checkout_id = c.id and o.status <> 'cancelled')::bigint as line_tax,
           c.shipping_cents, c.shipping_tax_cents, c.tax_included
    from checkouts c join companies co on co.id = c.company_id
    where c.on_account and c.paid_at is null ${companyId ? sql`and c.company_id = ${companyId}` : sql``} ${userId ? sql`and c.user_id = ${userId}` : sql``}
      and exists (select 1 from orders o where o.checkout_id = c.id and o.status <> 'cancelled')
    order by c.due_at asc, c.number asc
    limit 500`);
  const rows = (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? [])) as Record<string, unknown>[];
  return rows.map((r) => {
    const goods = Number(r.goods ?? 0);
    const tax = Number(r.line_tax ?? 0) + Number(r.shipping_tax_cents ?? 0);
    const total = goods + Number(r.shipping_cents ?? 0) + (r.tax_included ? 0 : tax);
    const dueAt = new Date(r.due_at as string | Date);
    return {
      checkoutId: String(r.id),
      number: orderNumber(Number(r.number)),
      companyId: String(r.company_id),
      companyName: String(r.company_name),
      poNumber: String(r.po_number ?? ''),
      email: String(r.email),
      placedAt: new Date(r.created_at as string | Date).toISOString(),
      dueAt: dueAt.toISOString(),
      overdue: dueAt.getTime() < now.getTime(),
      daysOverdue: Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / DAY)),
      total: fromCents(total),
      invoiceUrl: (r.account_invoice_url as string) || null,
    };
  });
}

/** The sums of a list of open invoices. */
function summed(items: Receivable[]): Receivables {
  const cents = (list: Receivable[]) => list.reduce((sum, r) => sum + Math.round(r.total * 100), 0);
  const overdue = items.filter((r) => r.overdue);
  return { items, openTotal: fromCents(cents(items)), overdueTotal: fromCents(cents(overdue)), overdueCount: overdue.length };
}

/** GET /admin/receivables: every company's open invoices. */
export async function allReceivables(db: Db, now: Date): Promise<Receivables> {
  return summed(await openReceivables(db, now));
}

/**
 * GET /company/invoices: the caller's company's open invoices (its admin and buyers allowed to see every order see
 * all of them, another buyer their own), with its terms and the credit left.
 */
export async function companyReceivables(db: Db, membership: { companyId: string; seesAllOrders: boolean }, userId: string, now: Date): Promise<Receivables> {
  const list = summed(await openReceivables(db, now, membership.companyId, membership.seesAllOrders ? undefined : userId));
  const [company] = await db.select().from(companies).where(eq(companies.id, membership.companyId));
  const open = await openOnAccountCents(db, membership.companyId);
  return {
    ...list,
    account: {
      paymentTermsDays: company?.paymentTermsDays ?? 0,
      creditLimit: fromCents(company?.creditLimitCents ?? 0),
      available: fromCents(Math.max(0, (company?.creditLimitCents ?? 0) - open)),
    },
  };
}
