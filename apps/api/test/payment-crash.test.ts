import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { orderNumber } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, testPaymentIntents } from '../src/db/schema';
import { createStripeClient } from '../src/payments/providers/stripe-provider';
import { FakeStripe } from './fake-stripe/server';
import { type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, createIntent, getProductStock, payAtProcessor, placeOrder, receiptsFor } from './orders-fixtures';
import { SKIP_ON_PGLITE, createAppOn, createPostgresDatabase, postgresUrl, waitFor, type ResilienceApp } from './support/resilience';

/**
 * #12: the shop process dies (SIGKILL, as in a power cut) after the payment
 * provider confirmed a payment and before the order was marked paid. The real
 * server (apps/api/src/server.ts through tsx, as e2e/start-server.mjs starts
 * it) runs as a child process with the test-only TEST_CRASH_AFTER_PAYMENT_CONFIRMED
 * switch, then starts again without it: its reconciliation must mark the order
 * paid exactly once, with that transaction, without charging again.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const PORT = 4214;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'test-secret-test-secret-test-secret-123';
const WEBHOOK_SECRET = 'whsec_crash_test_secret';

interface Server {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

function startServer(env: Record<string, string>): Server {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      BETTER_AUTH_SECRET: SECRET,
      SEED_DEMO: 'false',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
      ...env,
    },
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function waitReady(server: Server): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ok = await fetch(`${BASE}/api/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${server.output()}`);
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

describe.skipIf(!postgresUrl)(
  `a crash between the provider's confirmation and the order's update (${postgresUrl ? 'PostgreSQL' : `${SKIP_ON_PGLITE}; the child process needs a database server it can share with the test`})`,
  // Two server starts through tsx per test; on a busy machine that alone can take a while.
  { timeout: 120_000 },
  () => {
    let db: { url: string; drop(): Promise<void> };
    let fake: FakeStripe;
    let stripe: Stripe;
    let running: Server | undefined;
    const dirs: string[] = [];
    const tmpDir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
      dirs.push(d);
      return d;
    };

    beforeAll(async () => {
      db = await createPostgresDatabase();
      fake = await new FakeStripe().start();
      stripe = createStripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
    });
    afterAll(async () => {
      await stopServer(running);
      await fake?.close();
      await db?.drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    /** The shop in this process on the same database, to place the orders (same secret and address, so its tokens work on the child). */
    async function fixtures(overrides: Record<string, string> = {}): Promise<{ t: ResilienceApp; admin: TestUser; customer: TestUser }> {
      const t = await createAppOn(db.url, { PUBLIC_URL: BASE, ...overrides });
      return { t, admin: await signUpUser(t.app, { admin: true }), customer: await signUpUser(t.app) };
    }

    async function orderRow(t: ResilienceApp, id: string) {
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
      return row;
    }
    // Issue #25 item 5: the Activity log names an order by its number.
    const auditCount = async (t: ResilienceApp, id: string) =>
      (
        await t.app.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, orderNumber((await orderRow(t, id)).number ?? 0)), eq(auditLog.action, 'payment.reconcile')))
      )[0].n;

    it('test processor: killed while recording the payment, the restarted shop marks the order paid once with that payment', async () => {
      const { t, admin, customer } = await fixtures();
      const dataDir = tmpDir();
      const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };
      try {
        const product = await addProduct(t.app, admin, { stock: 40, unitPrice: 15 });
        const order = await placeOrder(t.app, customer, product._id, 4);
        running = startServer({ ...env, TEST_CRASH_AFTER_PAYMENT_CONFIRMED: 'true' });
        await waitReady(running);
        // Paid only now, so the start-up reconciliation of this first process has nothing to find.
        const pi = await payAtProcessor(t.app, customer, order._id);
        const patch = fetch(`${BASE}/api/orders/${order._id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ transactionId: pi }),
        });
        await expect(patch).rejects.toThrow();
        expect((await running.exited).signal).toBe('SIGKILL');
        expect(await orderRow(t, order._id)).toMatchObject({ paid: false, transactionId: null });

        running = startServer(env);
        await waitReady(running);
        await waitFor(async () => (await orderRow(t, order._id)).paid, 10_000);
        expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: pi });
        expect(await auditCount(t, order._id)).toBe(1);
        // The receipt goes out right after the commit.
        await waitFor(async () => receiptsFor(dataDir, customer.email).length === 1, 5000);

        // The customer's retry finds the order paid with that payment; paying again is refused.
        const retry = await fetch(`${BASE}/api/orders/${order._id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ transactionId: pi }),
        });
        expect(retry.status).toBe(200);
        expect(await retry.json()).toMatchObject({ paid: true, transactionId: pi });
        expect((await createIntent(t.app, customer, order._id)).statusCode).toBe(409);
        const intents = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, order._id));
        expect(intents.map((i) => i.status)).toEqual(['succeeded']);
        expect(receiptsFor(dataDir, customer.email)).toHaveLength(1);
        expect(await getProductStock(t.app, product._id)).toBe(36);
      } finally {
        await stopServer(running);
        await t.close();
      }
    });

    it("Stripe: killed while handling the webhook, the restart reconciles and Stripe's retries change nothing", async () => {
      const stripeEnv = {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_shop_key',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
      };
      const { t, admin, customer } = await fixtures(stripeEnv);
      const dataDir = tmpDir();
      const env = { ...stripeEnv, DATABASE_URL: db.url, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };
      try {
        const product = await addProduct(t.app, admin, { stock: 30, unitPrice: 25 });
        const order = await placeOrder(t.app, customer, product._id, 3);
        running = startServer({ ...env, TEST_CRASH_AFTER_PAYMENT_CONFIRMED: 'true' });
        await waitReady(running);
        const intent = await createIntent(t.app, customer, order._id);
        expect(intent.statusCode).toBe(200);
        const piId = String(intent.json().clientSecret).split('_secret_')[0];
        // The customer's browser confirms with Stripe.js: the money is taken here.
        const pi = await stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
        expect(pi.status).toBe('succeeded');
        const event = fake.event('payment_intent.succeeded', pi);
        const deliver = () =>
          fetch(`${BASE}/api/webhooks/stripe`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
            },
            body: event,
          });
        await expect(deliver()).rejects.toThrow();
        expect((await running.exited).signal).toBe('SIGKILL');
        expect(await orderRow(t, order._id)).toMatchObject({ paid: false });

        running = startServer(env);
        await waitReady(running);
        await waitFor(async () => (await orderRow(t, order._id)).paid, 10_000);
        expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: piId });
        expect(await auditCount(t, order._id)).toBe(1);

        // Stripe retries the delivery that never got its 200, then once more.
        const retry = await deliver();
        expect(retry.status).toBe(200);
        expect(await retry.json()).toEqual({ received: true });
        const again = await deliver();
        expect(await again.json()).toEqual({ received: true, duplicate: true });

        expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: piId });
        expect(await auditCount(t, order._id)).toBe(1);
        expect(receiptsFor(dataDir, customer.email)).toHaveLength(1);
        // Charged once: one intent created, one confirmation, nothing else that moves money.
        expect(fake.calls('POST', '/v1/payment_intents')).toHaveLength(1);
        expect(fake.calls('POST', /\/confirm$/)).toHaveLength(1);
        expect(await getProductStock(t.app, product._id)).toBe(27);
      } finally {
        await stopServer(running);
        await t.close();
      }
    });
  },
);
