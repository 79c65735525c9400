import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, getProductStock, payAtProcessor, placeOrder, receiptsFor, recordPaymentRequest } from './orders-fixtures';

/**
 * Races on one database. Runs on PGlite by default and on PostgreSQL with
 * DATABASE_URL set (node-postgres pool of 10 against 100 requests at once).
 */

let t: TestApp;
let admin: TestUser;
let customers: TestUser[];

beforeAll(async () => {
  // The race, not the machine's load, is under test: a request waits for a pooled connection as long as it needs
  // (with the default 5 s, a busy CI machine answers some of the 100 with 503, which is right in production).
  t = await createTestApp({ DB_CONNECT_TIMEOUT_MS: 120_000 });
  admin = await signUpUser(t.app, { admin: true });
  customers = [];
  for (let i = 0; i < 5; i++) customers.push(await signUpUser(t.app));
});
afterAll(async () => t.close());

describe(`concurrency on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('100 simultaneous orders for the last 10 units: exactly 10 accepted, 90 refused with 409, stock 0', async () => {
    const product = await addProduct(t.app, admin, { name: 'Limited race slicks', stock: 10, minOrder: 1, unitPrice: 89 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(customers[i % customers.length].token),
          payload: { productId: product._id, quantity: 1, country: 'Italy', address: 'Via Roma 1', phone: '061234' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(responses.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.json()),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe('OUT_OF_STOCK');

    expect(await getProductStock(t.app, product._id)).toBe(0);
    const [{ n }] = await t.app.db.select({ n: count() }).from(orders).where(eq(orders.productId, product._id));
    expect(n).toBe(10);
    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(new Set(accepted.map((o) => o._id)).size).toBe(10);
    expect(accepted.every((o) => o.price === 89 && o.quantity === 1)).toBe(true);
  });

  it('the same order cancelled five times at once is cancelled once and its stock restored once', async () => {
    const product = await addProduct(t.app, admin, { stock: 20 });
    const [owner] = customers;
    const order = await placeOrder(t.app, owner, product._id, 7);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(i % 2 ? admin.token : owner.token) }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    // Issue #25 item 5: the cancelled order is kept, so every repeat answers as the first did, changing nothing.
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await getProductStock(t.app, product._id)).toBe(20);
  });

  it('one payment reported ten times at once marks the order paid once and sends one receipt', async () => {
    const product = await addProduct(t.app, admin, { stock: 20 });
    const [, payer] = customers;
    const order = await placeOrder(t.app, payer, product._id, 2);
    const pi = await payAtProcessor(t.app, payer, order._id);
    const before = receiptsFor(t.dataDir, payer.email).length;
    const responses = await Promise.all(Array.from({ length: 10 }, () => recordPaymentRequest(t.app, payer, order._id, pi)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().transactionId))).toEqual(new Set([pi]));
    expect(receiptsFor(t.dataDir, payer.email)).toHaveLength(before + 1);
  });

  it('orders racing a cancellation never oversell nor lose units', async () => {
    const product = await addProduct(t.app, admin, { stock: 5, minOrder: 1 });
    const [first, ...others] = customers;
    const order = await placeOrder(t.app, first, product._id, 5);
    const [cancel, ...rest] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(first.token) }),
      ...Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(others[i % others.length].token),
          payload: { productId: product._id, quantity: 1, country: 'Germany', address: 'Ringstraße 1, Berlin', phone: '030 1234567' },
        }),
      ),
    ]);
    expect(cancel.statusCode).toBe(200);
    const accepted = rest.filter((r) => r.statusCode === 201).length;
    expect(rest.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(accepted).toBeLessThanOrEqual(5);
    expect(await getProductStock(t.app, product._id)).toBe(5 - accepted);
  });
});
