import { eq, sql } from 'drizzle-orm';
import { formatUsd, fromCents, orderNumber, type Receivable, type Receivables } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, companies } from '../../db/schema';
import { DomainError } from '../../lib/errors';

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
