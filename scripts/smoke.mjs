#!/usr/bin/env node
// Start-and-serve smoke test of the production artefact (decision 149): the compiled `dist/server.js` in
// production mode starts, serves its API and web app, takes a customer from sign-up to a paid order, and stops
// on SIGTERM. With DATABASE_URL it runs on a throwaway PostgreSQL database, and with REDIS_URL its rate limit
// counts in Redis, as a scaled-out shop does. CI runs it on Node 24 (inside `npm test`) and on Node 22.
// Usage: node scripts/smoke.mjs [port]   (after `npm run build`)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Not 4190: fetch refuses it (a "bad port" of the Fetch standard), so the loop would never see an answer.
const port = Number(process.argv[2] ?? 4188);
const base = `http://127.0.0.1:${port}`;
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-smoke-'));

function fail(message) {
  console.error(`smoke: FAILED: ${message}`);
  process.exitCode = 1;
}

// A throwaway PostgreSQL database when DATABASE_URL is set (dropped at the end).
let databaseUrl = '';
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const name = `shop_smoke_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
const redisUrl = process.env.REDIS_URL ?? '';

// The compiled server, as `npm start` runs it (decision 102).
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'smoke-test-secret-smoke-test-secret-smoke',
    PAYMENT_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS: 'true',
    MAIL_OUTBOX: 'true',
    SEED_DEMO: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  },
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

try {
  console.log(
    `smoke: Node ${process.version}, starting the compiled shop in production mode on ${base} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}${redisUrl ? ', Redis' : ''})`,
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode} before answering`);
    const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error('the shop did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const products = await (await fetch(`${base}/api/products`)).json();
  if (!Array.isArray(products) || products.length === 0) fail('GET /api/products returned no demo products');
  const config = await (await fetch(`${base}/api/payment-config`)).json();
  if (config.testModeBanner !== true) fail(`GET /api/payment-config: ${JSON.stringify(config)}`);
  const home = await fetch(`${base}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${home.status} without the web app`);
  const admin = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: 'admin@torque-throttle.example', password: 'admin-demo-2026' }),
  });
  if (admin.status !== 401) fail(`the demo admin signed in to a production shop (${admin.status})`);
  if (redisUrl) {
    const ready = await (await fetch(`${base}/api/health/ready`)).json();
    if (ready.redis !== 'ok') fail(`GET /api/health/ready: ${JSON.stringify(ready)} (the rate limit does not count in Redis)`);
  }
  await customerBuysAndPays(products);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  const stopAt = Date.now();
  server.kill('SIGTERM');
  const timer = setTimeout(() => {
    fail('the shop did not exit within 10 s of SIGTERM');
    server.kill('SIGKILL');
  }, 10_000);
  const { code } = await exited;
  clearTimeout(timer);
  if (code !== 0 && !process.exitCode) fail(`the shop exited with ${code} after SIGTERM`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase().catch((err) => fail(`dropping the smoke database: ${err.message}`));
  if (!process.exitCode) console.log(`smoke: OK (stopped ${Date.now() - stopAt} ms after SIGTERM)`);
}

/** A customer as a browser would be one: sign-up, the verification link from the e-mail, an order, a card payment. */
async function customerBuysAndPays(products) {
  const email = `smoke-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'smoke-ride-2026-long';
  const name = 'Smoke Rider';
  const json = { 'content-type': 'application/json', origin };
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...json, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, data, text, cookies: res.headers.getSetCookie() };
  };
  const expectStatus = (what, res, status) => {
    if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res;
  };
  expectStatus('sign-up', await call('POST', '/api/auth/sign-up/email', { email, password, name }), 200);
  // The verification link, from the e-mail in the outbox (MAIL_OUTBOX=true), opened as the customer would.
  const outbox = path.join(dataDir, 'outbox');
  const mail = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((f) => f.endsWith(`-${email}.json`)) : undefined;
  if (!mail) throw new Error(`no verification e-mail for ${email} in ${outbox}`);
  const link = JSON.parse(fs.readFileSync(path.join(outbox, mail), 'utf8')).text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('the verification e-mail has no link');
  const verifyUrl = new URL(link);
  const verified = await call('GET', verifyUrl.pathname + verifyUrl.search);
  if (verified.status >= 400) throw new Error(`the verification link answered ${verified.status}: ${verified.text.slice(0, 300)}`);
  const signIn = expectStatus('sign-in', await call('POST', '/api/auth/sign-in/email', { email, password }), 200);
  const cookie = signIn.cookies.map((c) => c.split(';')[0]).join('; ');
  const { token } = expectStatus('the sign-in sync', await call('PUT', `/api/user/${encodeURIComponent(email)}`, { email, name }, { cookie }), 200).data;
  const auth = { authorization: `Bearer ${token}` };
  // One that ships to Germany (decision 160: the order is priced with shipping and VAT; the EU's heaviest band is 30 kg).
  const product = products.find((p) => p.stock >= p.minOrder && p.weightGrams * p.minOrder <= 20_000);
  if (!product) throw new Error('no demo product has stock and ships');
  const order = expectStatus(
    'POST /api/order',
    await call(
      'POST',
      '/api/order',
      { productId: product._id, quantity: product.minOrder, country: 'Germany', address: 'Ringstraße 1, Nürburg', phone: '4926915200' },
      auth,
    ),
    201,
  ).data;
  const { clientSecret } = expectStatus('create-payment-intent', await call('POST', '/api/create-payment-intent', { orderId: order._id }, auth), 200).data;
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', billingDetails: { name, email } };
  const { id: paymentMethod } = expectStatus("the test processor's payment method", await call('POST', '/api/test-payments/payment-methods', card), 200).data;
  const { paymentIntent } = expectStatus(
    "the test processor's confirm",
    await call('POST', '/api/test-payments/confirm', { clientSecret, paymentMethod }),
    200,
  ).data;
  expectStatus('recording the payment', await call('PATCH', `/api/orders/${order._id}`, { transactionId: paymentIntent.id }, auth), 200);
  const mine = expectStatus('My Orders', await call('GET', `/api/orders?email=${encodeURIComponent(email)}`, undefined, auth), 200).data;
  const paid = mine.find((o) => o._id === order._id);
  if (!paid?.paid || paid.transactionId !== paymentIntent.id) throw new Error(`the order is not recorded as paid: ${JSON.stringify(paid)}`);
  // The order as the customer reads it: goods, shipping and VAT, and the amount charged is its total (issue #24).
  const purchase = expectStatus('GET /api/purchases/{id}', await call('GET', `/api/purchases/${order._id}`, undefined, auth), 200).data;
  if (!(purchase.shipping > 0 && purchase.tax > 0) || Math.round(purchase.total * 100) !== paymentIntent.amount) {
    throw new Error(`the order's figures do not add up to the amount charged (${paymentIntent.amount} cents): ${JSON.stringify(purchase)}`);
  }
  console.log(
    `smoke: a new customer signed up, verified, signed in, ordered ${product.name} (${purchase.number}: goods ${purchase.goods}, shipping ${purchase.shipping}, tax ${purchase.tax}) and paid ${purchase.total} (${paymentIntent.id})`,
  );
}
