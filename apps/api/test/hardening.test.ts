import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Env } from '../src/config/env';
import { orders, testPaymentIntents } from '../src/db/schema';
import { redactUrl } from '../src/lib/redact-url';
import { bearer, createTestApp, openTestDatabase, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { firstLink, readOutbox, sameOrigin } from './identity-support';
import { addProduct, createIntent, placeOrder } from './orders-fixtures';

/** A shop whose log lines are kept in memory, as an operator's log collector would see them. */
async function appWithCapturedLogs(overrides: Partial<Record<keyof Env, string>> = {}) {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: 3999, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', ...overrides },
    {},
  );
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, serveWeb: false, logStream: { write: (line: string) => lines.push(line) } });
  await app.ready();
  return {
    app,
    dataDir,
    logs: () => lines.join(''),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/abc123?callbackURL=%2Freset-password', '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password'],
    ['/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fprofile', '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fprofile'],
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    ['/api/auth/callback/google?code=4%2F0AX&state=s3cr3t&iss=x', '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=x'],
    ['/api/products?page=2', '/api/products?page=2'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('no secret reaches the logs', () => {
  let s: Awaited<ReturnType<typeof appWithCapturedLogs>>;
  beforeAll(async () => {
    s = await appWithCapturedLogs();
  });
  afterAll(async () => s.close());

  it('logs reset, verification and callback requests with their tokens masked', async () => {
    const u = await signUpUser(s.app);
    const verify = firstLink(readOutbox(s.dataDir, u.email).find((m) => /verify/i.test(m.subject))!.text);
    const verifyToken = verify.searchParams.get('token')!;
    await s.app.inject({ url: verify.pathname + verify.search });

    await s.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: sameOrigin(s.app),
      payload: { email: u.email, redirectTo: '/reset-password' },
    });
    const reset = firstLink(readOutbox(s.dataDir, u.email).find((m) => /reset/i.test(m.subject))!.text);
    const resetToken = reset.pathname.split('/').pop()!;
    const open = await s.app.inject({ url: reset.pathname + reset.search });
    const landing = new URL(open.headers.location as string, s.app.config.publicUrl);
    await s.app.inject({ url: landing.pathname + landing.search });
    await s.app.inject({ url: '/api/auth/callback/google?code=oauth-code-4711&state=oauth-state-0815' });

    // Outside production the outbox mailer logs its link on purpose (a developer's convenience); the request log never does.
    const logs = s
      .logs()
      .split('\n')
      .filter((line) => !line.includes('e-mail written to the outbox'))
      .join('\n');
    expect(logs).toContain('/api/auth/reset-password/[redacted]');
    expect(logs).toContain('/api/auth/verify-email?token=[redacted]');
    for (const secret of [verifyToken, resetToken, 'oauth-code-4711', 'oauth-state-0815']) expect(logs).not.toContain(secret);
  });
});

describe('the outbox mailer in production', () => {
  let s: Awaited<ReturnType<typeof appWithCapturedLogs>>;
  beforeAll(async () => {
    s = await appWithCapturedLogs({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3999',
      PAYMENT_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_OUTBOX: 'true',
    });
  });
  afterAll(async () => s.close());

  it('keeps the link in the file and never logs it', async () => {
    const u = { email: 'outbox-rider@example.com' };
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: s.app.config.publicUrl },
      payload: { email: u.email, password: 'ride-safe-2026', name: 'Outbox Rider' },
    });
    expect(res.statusCode).toBe(200);
    const mail = readOutbox(s.dataDir, u.email).find((m) => /verify/i.test(m.subject))!;
    const link = firstLink(mail.text);
    const logs = s.logs();
    expect(logs).toContain('e-mail written to the outbox');
    expect(logs).not.toContain(link.searchParams.get('token')!);
    expect(logs).not.toContain('verify-email');
  });
});

describe('Cache-Control: no-store on authenticated answers', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let orderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    customer = await signUpUser(t.app);
    const product = await addProduct(t.app, admin, { stock: 10 });
    orderId = (await placeOrder(t.app, customer, product._id, 1))._id;
  });
  afterAll(async () => t.close());

  it('marks tokens, orders, profiles, users, admin checks and session answers no-store', async () => {
    const app = t.app;
    const email = encodeURIComponent(customer.email);
    const calls: Array<[string, InjectOptions]> = [
      ['token', { method: 'PUT', url: `/api/user/${email}`, headers: { cookie: customer.cookie }, payload: { email: customer.email, name: customer.name } }],
      ['profile', { url: `/api/user/${email}`, headers: bearer(customer.token) }],
      ['admin check', { url: `/api/admin/${email}`, headers: bearer(customer.token) }],
      ['my orders', { url: `/api/orders?email=${email}`, headers: bearer(customer.token) }],
      ['one order', { url: `/api/orders/${orderId}`, headers: bearer(customer.token) }],
      ['all orders', { url: '/api/allorders', headers: bearer(admin.token) }],
      ['users', { url: '/api/users', headers: bearer(admin.token) }],
      ['session', { url: '/api/auth/get-session', headers: { cookie: customer.cookie } }],
      ['access token', { url: '/api/auth/token', headers: { cookie: customer.cookie } }],
      [
        'sign-in',
        { method: 'POST', url: '/api/auth/sign-in/email', headers: sameOrigin(app), payload: { email: customer.email, password: customer.password } },
      ],
    ];
    for (const [name, call] of calls) {
      const res = await app.inject(call);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('leaves the public catalogue cacheable', async () => {
    const res = await t.app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('a payment intent created while its order is cancelled', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    customer = await signUpUser(t.app);
  });
  afterAll(async () => t.close());

  it('never stays payable once the order is gone', async () => {
    const product = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, customer, product._id, 2);

    // The provider answers slowly (as Stripe over the network can): the cancel lands in between.
    const provider = t.app.payments;
    const realCreate = provider.createPayment.bind(provider);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let created!: () => void;
    const providerCreated = new Promise<void>((r) => (created = r));
    provider.createPayment = async (input) => {
      const result = await realCreate(input);
      created();
      await gate;
      return result;
    };
    try {
      const intentCall = createIntent(t.app, customer, order._id);
      await providerCreated;
      const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(customer.token) });
      expect(cancel.statusCode).toBeLessThan(300);
      release();
      const intent = await intentCall;
      // Issue #25 item 5: the cancelled order is kept, and says so.
      expect(intent.statusCode, intent.body).toBe(409);
      expect(intent.json().error.code).toBe('ORDER_CANCELLED');
    } finally {
      provider.createPayment = realCreate;
    }

    expect((await t.app.db.select().from(orders).where(eq(orders.id, order._id))).map((o) => [o.status, o.paymentIntentId])).toEqual([['cancelled', null]]);
    const intents = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, order._id));
    expect(intents.length).toBeGreaterThan(0);
    for (const i of intents) expect(i.status, i.id).toBe('canceled');
  });
});
