import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { orderListSchema, paymentConfigSchema } from '@shop/shared';
import { products, reviews, user } from '../src/db/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, type TestApp } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';

const apiDir = path.resolve(__dirname, '..');

/** Starts the real server with exactly this environment and returns how it ended. */
function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, DATA_DIR: '/tmp/shop-production-test-unused', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

describe('starting in production with the old README minimum', { timeout: 120_000 }, () => {
  const minimal = { NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example.com', BETTER_AUTH_SECRET: 's'.repeat(40) };

  it('exits 1 naming PAYMENT_PROVIDER and SMTP_URL in one message', () => {
    const run = startServer(minimal);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:');
    expect(run.stderr).toContain('PAYMENT_PROVIDER must be set in production');
    expect(run.stderr).toContain('SMTP_URL must be set in production');
  });

  it('refuses the test processor without ALLOW_TEST_PAYMENTS=true', () => {
    const run = startServer({ ...minimal, PAYMENT_PROVIDER: 'test', MAIL_OUTBOX: 'true' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PAYMENT_PROVIDER=test takes no real money');
    expect(run.stderr).not.toContain('SMTP_URL');
  });
});

describe('a production shop on the test processor (SEED_DEMO, ALLOW_TEST_PAYMENTS, MAIL_OUTBOX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3999',
      PAYMENT_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_OUTBOX: 'true',
      SEED_DEMO: 'true',
      // The admin here adds a product to order; the second factor required in production is tested in two-factor.test.ts.
      ADMIN_TWO_FACTOR: 'optional',
    });
  });
  afterAll(async () => t.close());

  it('seeds the demo catalogue and reviews but no demo account: the README admin cannot sign in', async () => {
    const seeded = await seedDemoData(t.app);
    expect(seeded.products).toBeGreaterThan(0);
    expect(seeded.reviews).toBeGreaterThan(0);
    expect(seeded.accounts).toBe(false);
    const [[p], [r], [u]] = await Promise.all([
      t.app.db.select({ n: count() }).from(products),
      t.app.db.select({ n: count() }).from(reviews),
      t.app.db.select({ n: count() }).from(user),
    ]);
    expect({ products: p.n, reviews: r.n, users: u.n }).toEqual({ products: seeded.products, reviews: seeded.reviews, users: 0 });
    for (const acc of Object.values(DEMO_ACCOUNTS)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.app.config.publicUrl },
        payload: { email: acc.email, password: acc.password },
      });
      expect(res.statusCode, acc.email).toBe(401);
    }
  });

  it('tells the web app to show the test-mode banner', async () => {
    const res = await t.app.inject({ url: '/api/payment-config' });
    expect(res.statusCode).toBe(200);
    expect(paymentConfigSchema.parse(res.json())).toEqual({ provider: 'test', testModeBanner: true });
  });

  it("marks an order paid through the test processor paymentMode 'test', also in the admin's list", async () => {
    const admin = await signUpUser(t.app, { admin: true });
    const customer = await signUpUser(t.app);
    const product = await addProduct(t.app, admin, { unitPrice: 10, stock: 50 });
    const order = await placeOrder(t.app, customer, product._id, 2);
    expect(order.paymentMode).toBeNull();
    const paid = await payOrder(t.app, customer, order._id);
    expect(paid).toMatchObject({ paid: true, paymentMode: 'test' });
    const all = orderListSchema.parse((await t.app.inject({ url: '/api/allorders', headers: bearer(admin.token) })).json());
    expect(all.find((o) => o._id === order._id)?.paymentMode).toBe('test');
  });
});

describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows no banner (the payment page itself says test mode)', async () => {
    expect((await t.app.inject({ url: '/api/payment-config' })).json()).toEqual({ provider: 'test', testModeBanner: false });
  });
});
