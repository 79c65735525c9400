import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { loadPurchases } from '../src/modules/orders/purchases.service';

/**
 * Issue #34 item 3 (decision 212): migration 0048 makes every lone order (the spec's one-product purchase) an order
 * of one line. A database at 0047 holding lone orders in every state (unpaid, paid, partly shipped, returned, partly
 * and fully refunded, cancelled, expired, refund due) and a checkout is migrated; for every order its total, its
 * refunds, its ledger, its number and its documents' numbers are the same before and after, and the order views read
 * the same totals from the new model.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const BEFORE = '0047_aces-import';

/** The migrations up to and including `tag`, in a folder of their own. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mig-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `migration ${tag} exists`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const LONE = {
  unpaid: '10000000-0000-4000-8000-000000000001',
  paid: '10000000-0000-4000-8000-000000000002',
  shipped: '10000000-0000-4000-8000-000000000003',
  returned: '10000000-0000-4000-8000-000000000004',
  partRefunded: '10000000-0000-4000-8000-000000000005',
  refunded: '10000000-0000-4000-8000-000000000006',
  cancelled: '10000000-0000-4000-8000-000000000007',
  expired: '10000000-0000-4000-8000-000000000008',
  refundDue: '10000000-0000-4000-8000-000000000009',
  beforeShipping: '10000000-0000-4000-8000-00000000000a',
};
const CHECKOUT = '20000000-0000-4000-8000-000000000001';
const LINES = ['20000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000003'];
const PRODUCT = '30000000-0000-4000-8000-000000000001';

type Row = Record<string, unknown>;

describe('migration 0048: every lone order becomes an order of one line, and loses nothing', () => {
  let client: PGlite;
  let db: Db;
  const folders: string[] = [];
  const rows = async (q: ReturnType<typeof sql>): Promise<Row[]> => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

  /** What each order is, read the way the model of its time reads it. */
  const figures = async (model: 'before' | 'after') =>
    rows(sql`
      select k.key::text,
        ${
          model === 'before'
            ? sql`(select coalesce(sum(o.price_cents + o.shipping_cents + case when o.tax_included then 0 else o.tax_cents + o.shipping_tax_cents end), 0)
              from orders o where o.id = k.key and o.checkout_id is null) + coalesce((select c.total_cents from checkouts c where c.id = k.key), 0)`
            : sql`(select c.total_cents from checkouts c where c.id = k.key)`
        } as total,
        (select coalesce(sum(f.total_cents), 0)::int from order_refunds f where f.order_key = k.key and f.status = 'succeeded') as refunded,
        (select coalesce(sum(m.delta), 0)::int from stock_movements m join orders o on o.id = m.order_id
          where ${model === 'before' ? sql`coalesce(o.checkout_id, o.id)` : sql`o.checkout_id`} = k.key) as ledger,
        (select string_agg(distinct o.number::text, ',') from orders o where ${model === 'before' ? sql`coalesce(o.checkout_id, o.id)` : sql`o.checkout_id`} = k.key) as number,
        (select string_agg(d.number, ',' order by d.number) from documents d
          where ${model === 'before' ? sql`coalesce(d.checkout_id, d.order_id)` : sql`d.checkout_id`} = k.key) as documents,
        (select count(*)::int from shipments s where s.order_key = k.key) as shipments,
        (select count(*)::int from order_returns r where r.order_key = k.key) as returns
      from (select distinct ${model === 'before' ? sql`coalesce(checkout_id, id)` : sql`checkout_id`} as key from orders) k
      order by k.key`);

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    db = drizzle(client) as unknown as Db;
    const before = migrationsUpTo(BEFORE);
    folders.push(before);
    await migrate(drizzle(client), { migrationsFolder: before });
    await seedEveryState();
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  async function seedEveryState() {
    await db.execute(sql`insert into products (id, name, img, description, min_order, stock, unit_price_cents, sku)
      values (${PRODUCT}, 'Fork seal kit', '', 'Pair of fork seals', 2, 40, 1999, 'FS-41')`);
    // A lone order per state, each shipped to Germany by DHL and taxed at 19 % (decision 160), except the last.
    const lone = (id: string, n: number, extra: Partial<Record<string, unknown>> = {}) => {
      const o = { paid: false, status: 'unpaid', deleverd: false, refund_due: false, transaction_id: null, method: 'DHL Paket', ...extra };
      return db.execute(sql`insert into orders (id, product_id, product_name, unit_price_cents, min_order, user_name, email, country, address, phone,
          quantity, price_cents, paid, transaction_id, deleverd, status, refund_due, number, sku, tax_cents, ship_region, shipping_method_name,
          shipping_carrier, shipping_min_days, shipping_max_days, shipping_cents, shipping_tax_cents, tax_included, created_at, paid_at)
        values (${id}, ${PRODUCT}, 'Fork seal kit', 1999, 2, 'Anna Dvořák', 'anna@example.com', 'Germany', 'Ringstraße 1, Berlin', '+49 30 1234',
          4, 7996, ${o.paid}, ${o.transaction_id}, ${o.deleverd}, ${o.status}, ${o.refund_due}, ${n}, 'FS-41', ${o.method ? 1519 : 0}, '',
          ${o.method}, ${o.method ? 'DHL' : ''}, 2, 4, ${o.method ? 2499 : 0}, ${o.method ? 475 : 0}, false, now(), ${o.paid ? sql`now()` : null})`);
    };
    await lone(LONE.unpaid, 10001);
    await lone(LONE.paid, 10002, { paid: true, status: 'paid', transaction_id: 'pi_paid' });
    await lone(LONE.shipped, 10003, { paid: true, status: 'paid', transaction_id: 'pi_shipped' });
    await lone(LONE.returned, 10004, { paid: true, status: 'delivered', deleverd: true, transaction_id: 'pi_returned' });
    await lone(LONE.partRefunded, 10005, { paid: true, status: 'paid', transaction_id: 'pi_part' });
    await lone(LONE.refunded, 10006, { paid: true, status: 'paid', transaction_id: 'pi_full' });
    await lone(LONE.cancelled, 10007, { status: 'cancelled' });
    await lone(LONE.expired, 10008, { status: 'expired' });
    await lone(LONE.refundDue, 10009, { paid: true, status: 'paid', refund_due: true, transaction_id: 'pi_due' });
    await lone(LONE.beforeShipping, 10010, { paid: true, status: 'paid', transaction_id: 'pi_old', method: '' });
    // A checkout of two lines, paid, which the migration leaves as it is.
    await db.execute(sql`insert into checkouts (id, email, total_cents, number, ship_country, shipping_method_name, shipping_cents, shipping_tax_cents,
        goods_cents, tax_cents, transaction_id, paid_at) values (${CHECKOUT}, 'bob@example.com', 6477, 10011, 'DE', 'DHL Paket', 2499, 475, 3998, 1234, 'pi_checkout', now())`);
    for (const [i, id] of LINES.entries()) {
      await db.execute(sql`insert into orders (id, checkout_id, product_name, unit_price_cents, min_order, user_name, email, quantity, price_cents,
          paid, status, number, tax_cents, transaction_id, paid_at)
        values (${id}, ${CHECKOUT}, ${`Line ${i}`}, 1999, 1, 'Bob', 'bob@example.com', 1, 1999, true, 'paid', 10011, ${i === 0 ? 380 : 379}, 'pi_checkout', now())`);
    }
    // The ledger: each order took its units; the cancelled and the expired one gave them back.
    for (const id of [...Object.values(LONE), ...LINES]) {
      await db.execute(sql`insert into stock_movements (product_id, kind, delta, stock_after, order_id) values (${PRODUCT}, 'order_placed', -4, 36, ${id})`);
    }
    await db.execute(
      sql`insert into stock_movements (product_id, kind, delta, stock_after, order_id) values (${PRODUCT}, 'order_cancelled', 4, 40, ${LONE.cancelled})`,
    );
    await db.execute(
      sql`insert into stock_movements (product_id, kind, delta, stock_after, order_id) values (${PRODUCT}, 'reservation_expired', 4, 40, ${LONE.expired})`,
    );
    // Invoices of the paid ones (the lone ones by order_id), and credit notes of the refunds.
    let seq = 0;
    const invoice = async (key: string, lone: boolean, number: number) => {
      seq += 1;
      await db.execute(sql`insert into documents (kind, number, year, seq, checkout_id, order_id, order_number, issued_at, data)
        values ('invoice', ${`INV-2026-${String(seq).padStart(6, '0')}`}, 2026, ${seq}, ${lone ? null : key}, ${lone ? key : null}, ${number}, now(), '{}'::jsonb)`);
    };
    for (const [key, number] of [
      [LONE.paid, 10002],
      [LONE.shipped, 10003],
      [LONE.returned, 10004],
      [LONE.partRefunded, 10005],
      [LONE.refunded, 10006],
      [LONE.refundDue, 10009],
    ] as const) {
      await invoice(key, true, number);
    }
    await invoice(CHECKOUT, false, 10011);
    // Two parcels, one return received and refunded, a partial and a full refund with their credit notes.
    const shipped = '40000000-0000-4000-8000-000000000001';
    await db.execute(
      sql`insert into shipments (id, order_key, carrier, tracking_number, shipped_at) values (${shipped}, ${LONE.shipped}, 'dhl', '00340434', now())`,
    );
    await db.execute(sql`insert into shipment_lines (shipment_id, order_id, quantity) values (${shipped}, ${LONE.shipped}, 2)`);
    const delivered = '40000000-0000-4000-8000-000000000002';
    await db.execute(
      sql`insert into shipments (id, order_key, carrier, tracking_number, shipped_at) values (${delivered}, ${LONE.returned}, 'dhl', '00340435', now())`,
    );
    await db.execute(sql`insert into shipment_lines (shipment_id, order_id, quantity) values (${delivered}, ${LONE.returned}, 4)`);
    const refund = async (key: string, cents: number, n: number, quantity: number) => {
      const id = `50000000-0000-4000-8000-00000000000${n}`;
      await db.execute(sql`insert into order_refunds (id, order_key, idempotency_key, payment_id, status, goods_cents, shipping_cents, tax_cents, extra_cents,
          total_cents, lines, reason, restock, actor_email)
        values (${id}, ${key}, ${`60000000-0000-4000-8000-00000000000${n}`}, 'pi', 'succeeded', ${cents}, 0, 0, 0, ${cents},
          ${JSON.stringify([{ orderId: key, quantity, amountCents: cents, taxCents: 0 }])}::jsonb, 'Damaged', false, 'admin@example.com')`);
      seq += 1;
      await db.execute(sql`insert into documents (kind, number, year, seq, order_id, issued_at, data)
        values ('credit_note', ${`CN-2026-00000${n}`}, 2026, ${seq}, ${key}, now(), '{}'::jsonb)`);
    };
    await refund(LONE.partRefunded, 1999, 1, 1);
    await refund(LONE.refunded, 11990, 2, 4);
    await refund(LONE.returned, 5000, 3, 2);
    await db.execute(sql`insert into order_returns (order_key, status, reason, lines, refund_id)
      values (${LONE.returned}, 'refunded', 'does_not_fit', ${JSON.stringify([{ orderId: LONE.returned, quantity: 2 }])}::jsonb, '50000000-0000-4000-8000-000000000003')`);
  }

  it('keeps every order’s total, refunds, ledger, number, documents, parcels and returns', async () => {
    const before = await figures('before');
    expect(before).toHaveLength(Object.keys(LONE).length + 1);
    // Decision 160 by hand: 4 × 19.99 = 79.96 + 24.99 shipping, 19 % on both (15.19 + 4.75) = 124.89.
    expect(before.find((r) => r.key === LONE.paid)).toMatchObject({ total: 12489, documents: 'INV-2026-000001', number: '10002' });

    const all = migrationsUpTo('0048_one-order-model');
    folders.push(all);
    await migrate(drizzle(client), { migrationsFolder: all });

    const after = await figures('after');
    expect(after).toEqual(before);
    // Each lone order is now an order of one line, sharing its line's id; the checkout kept its two lines.
    const heads = await rows(sql`select o.id::text as id, o.checkout_id::text as head, c.number, c.ship_name, c.ship_line1, c.shipping_method_name
      from orders o join checkouts c on c.id = o.checkout_id order by o.id`);
    expect(heads.filter((h) => h.id === h.head).map((h) => h.id)).toEqual(Object.values(LONE).sort());
    expect(heads.filter((h) => h.head === CHECKOUT).map((h) => h.id)).toEqual(LINES);
    expect(heads.find((h) => h.id === LONE.paid)).toMatchObject({ number: 10002, ship_name: 'Anna Dvořák', ship_line1: 'Ringstraße 1, Berlin' });
    // Every order records its payment: a paid lone order's head carries it, an unpaid one's none.
    const payments = await rows(sql`select c.id::text as id, c.transaction_id from checkouts c order by c.id`);
    expect(payments.filter((p) => p.transaction_id !== null).map((p) => [p.id, p.transaction_id])).toEqual([
      [LONE.paid, 'pi_paid'],
      [LONE.shipped, 'pi_shipped'],
      [LONE.returned, 'pi_returned'],
      [LONE.partRefunded, 'pi_part'],
      [LONE.refunded, 'pi_full'],
      [LONE.refundDue, 'pi_due'],
      [LONE.beforeShipping, 'pi_old'],
      [CHECKOUT, 'pi_checkout'],
    ]);
    // The invoice and the credit notes of a lone order are the order's now.
    expect(await rows(sql`select count(*)::int as n from documents where checkout_id is null`)).toEqual([{ n: 0 }]);
  });

  it('the order views read the same totals from the new model', async () => {
    // Today's code reads today's schema: the migrations after 0048 (kits' tables, decision 220, and the rest) first.
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const keys = Object.values(LONE);
    const purchases = await loadPurchases(db, keys, new Date());
    const before = new Map((await figures('after')).map((r) => [r.key, Number(r.total)]));
    for (const p of purchases) {
      expect(p.kind, p._id).toBe('single');
      expect(Math.round(p.total * 100), p._id).toBe(before.get(p._id));
    }
    expect(purchases.find((p) => p._id === LONE.refunded)).toMatchObject({ refunded: 119.9, invoiceNumber: 'INV-2026-000005' });
    expect(purchases.find((p) => p._id === LONE.beforeShipping)).toMatchObject({ shipping: 0, tax: 0, total: 79.96, shippingMethod: null });
  });
});
