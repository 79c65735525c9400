import { and, eq, sql } from 'drizzle-orm';
import { orderNumber } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../src/db/schema';
import { reconcilePayments } from '../src/workflows/reconcile-payments';
import { createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, createIntent, getProductStock, payAtProcessor, placeOrder, receiptsFor, recordPaymentRequest } from './orders-fixtures';
import { createAppOn, postgresUrl } from './support/resilience';

/**
 * #12: the reconciliation records a payment the provider confirmed but the
 * order never heard of (the tab closed, the process died), exactly once.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

// Issue #25 item 5: the Activity log names an order by its number.
const auditFor = async (orderId: string) => {
  const [row] = await t.app.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderNumber(row.number ?? 0)), eq(auditLog.action, 'payment.reconcile')));
};

describe(`payment reconciliation on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('marks an order paid once when its confirmed payment was never recorded, audits it and sends one receipt', async () => {
    const product = await addProduct(t.app, admin, { stock: 50, unitPrice: 20 });
    const order = await placeOrder(t.app, customer, product._id, 3);
    const untouched = await placeOrder(t.app, customer, product._id, 2);
    expect((await createIntent(t.app, customer, untouched._id)).statusCode).toBe(200);
    const pi = await payAtProcessor(t.app, customer, order._id);
    const receipts = receiptsFor(t.dataDir, customer.email).length;

    const first = await reconcilePayments(t.app);
    expect(first.ran).toBe(true);
    expect(first.paid).toEqual([order._id]);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ paid: true, transactionId: pi });
    const [other] = await t.app.db.select().from(orders).where(eq(orders.id, untouched._id));
    expect(other.paid).toBe(false);

    const second = await reconcilePayments(t.app);
    expect(second.paid).toEqual([]);
    const audit = await auditFor(order._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, entityType: 'order', before: { paid: false }, after: { paid: true, transactionId: pi } });
    expect(audit[0].note).toContain(pi);
    expect(receiptsFor(t.dataDir, customer.email)).toHaveLength(receipts + 1);

    // The customer's own confirmation arriving late changes nothing.
    const late = await recordPaymentRequest(t.app, customer, order._id, pi);
    expect(late.statusCode).toBe(200);
    expect(receiptsFor(t.dataDir, customer.email)).toHaveLength(receipts + 1);
    expect(await getProductStock(t.app, product._id)).toBe(45);
  });

  it.skipIf(!postgresUrl)(
    `two processes reconciling at once record the payment once (${postgresUrl ? 'PostgreSQL' : 'skipped on PGlite: one process owns the embedded database'})`,
    async () => {
      const product = await addProduct(t.app, admin, { stock: 50 });
      const order = await placeOrder(t.app, customer, product._id, 2);
      const pi = await payAtProcessor(t.app, customer, order._id);
      // A second shop process on the same database.
      const url = new URL(postgresUrl!);
      const [{ current_database: name }] = ((await t.app.db.execute(sql`select current_database()`)) as unknown as { rows: { current_database: string }[] })
        .rows;
      url.pathname = `/${name}`;
      const other = await createAppOn(url.toString());
      try {
        const results = await Promise.all([reconcilePayments(t.app), reconcilePayments(other.app), reconcilePayments(t.app)]);
        expect(results.flatMap((r) => r.paid)).toEqual([order._id]);
        const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
        expect(row).toMatchObject({ paid: true, transactionId: pi });
        expect(await auditFor(order._id)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});
