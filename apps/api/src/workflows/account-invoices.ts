import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatUsd, fromCents, orderNumber } from '@shop/shared';
import { checkouts, companies } from '../db/schema';
import type { AccountInvoice, RetrievedPayment } from '../payments/providers/payment-provider';
import { orderOnAccountOwnerEmail } from '../lib/owner-email';
import { checkoutOrders, dueCents } from '../modules/checkout/checkout-rows';
import { recordCheckoutPayment } from './record-payment';

/**
 * Issue #37 item 4 (decision 208), the workflows of an order on account (decision 215: above the modules): its
 * invoice at the payment provider issued, swapped when a line is cancelled, voided before a cancel, issued again where
 * an outage left it missing, and its payment recorded through the one rule that records every payment. The credit
 * limit and what is owed are the receivables module's (modules/receivables).
 */

const DAY = 86_400_000;
const usd = (cents: number) => formatUsd(fromCents(cents));

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
