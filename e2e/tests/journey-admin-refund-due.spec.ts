import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { FakeStripe } from '../../apps/api/test/fake-stripe/server';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInViaApi } from '../support/auth';
import { MODAL_TENNESSEE, orderableProduct, placeOrderViaApi, type ProductDto } from '../support/orders-helpers';
import { readMails } from '../support/identity-outbox';
import { startSecondServer, type SecondServer } from '../support/second-server';

/**
 * Issue #8, part 4: "A payment that still succeeds after expiry … is flagged to the admin as
 * 'paid after expiry: refund'" (decision 092). Produced the way it happens in a real shop: Stripe
 * charged a moment before the shop cancelled the expired order's PaymentIntent, the units went back
 * and were ordered again, and then Stripe's signed `payment_intent.succeeded` webhook arrives.
 * The shop runs on its own with PAYMENT_PROVIDER=stripe against the API tests' local fake Stripe
 * server (decision 043) and reservations of twelve seconds (long enough to reorder and get the webhook
 * in before the new order runs out too).
 */
const WEBHOOK_SECRET = 'whsec_e2e_refund_due_journey';
let fake: FakeStripe;
let shop: SecondServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await new FakeStripe().start();
  shop = await startSecondServer({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_refund_due',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    UNPAID_ORDER_TTL_MINUTES: '0.2',
    // A sweep every second: the journey waits for the reservation to run out, not for the default 30-second sweep.
    EXPIRY_SWEEP_SECONDS: '1',
  });
});
test.afterAll(async () => {
  await shop?.stop();
  await fake?.close();
});

/** Stripe's signature header (`t=…,v1=HMAC-SHA256(secret, "t.payload")`), as Stripe signs its webhooks. */
function stripeSignature(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token}` };
}

// Issue #34 (decision 092 amended): the shop refunds such a payment at Stripe on its own; the flag is what the admin
// sees when that refund fails. Here Stripe refuses it: its copy of the intent still says cancelled (no charge to refund).
test('a payment that arrives after the order expired and its parts were sold again, whose refund Stripe refuses, is flagged "Paid after expiry: refund"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  const admin = await browser.newContext({ baseURL: shop.baseURL });
  try {
    const page = await customer.newPage();
    await signInViaApi(page, DEMO_CUSTOMER, { baseURL: shop.baseURL });
    const product: ProductDto = await orderableProduct(page.request);
    const stockOf = async () => ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;

    // The customer orders the whole stock and starts paying: the shop creates a PaymentIntent at Stripe. To Tennessee,
    // where freight carries any weight (decision 160).
    const late = await placeOrderViaApi(page, product, product.stock, MODAL_TENNESSEE);
    const intentRes = await page.request.post('/api/create-payment-intent', { headers: await bearer(page), data: { orderId: late._id } });
    expect(intentRes.status(), await intentRes.text()).toBe(200);
    const { clientSecret } = (await intentRes.json()) as { clientSecret: string };
    const piId = clientSecret.split('_secret_')[0];

    // Twelve seconds later the reservation runs out: reading the order expires it, the units go back
    // and the shop cancels the intent at Stripe.
    await expect.poll(stockOf, { timeout: 60_000 }).toBe(product.stock);
    await expect.poll(() => fake.intents.get(piId)?.status, { timeout: 30_000 }).toBe('canceled');

    // The customer orders the parts again (the expired order says so); now there are none left.
    const again = await placeOrderViaApi(page, product, product.stock, MODAL_TENNESSEE);
    expect(await stockOf()).toBe(0);

    // Stripe had charged the first intent a moment before the cancel arrived and reports it now.
    const intent = fake.intents.get(piId)!;
    const payload = fake.event('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount, canceled_at: null });
    const hook = await page.request.post('/api/webhooks/stripe', {
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET) },
      data: payload,
    });
    expect(hook.status(), await hook.text()).toBe(200);
    // The late payment takes nothing: the new order keeps the units.
    expect(await stockOf()).toBe(0);

    // The admin finds the order in Manage All Orders, flagged for a refund, with nothing to deliver.
    const adminPage = await admin.newPage();
    await signInViaApi(adminPage, DEMO_ADMIN, { baseURL: shop.baseURL });
    await adminPage.goto('/dashboard/orders');
    await expect(adminPage.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
    await adminPage.getByRole('searchbox', { name: 'Search orders' }).fill(late._id);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    const tabs = adminPage.getByRole('tablist', { name: 'Order status' });
    await expect(tabs.getByRole('tab', { name: /^All/ })).toContainText('1');
    const row = adminPage.getByRole('table').getByRole('row').filter({ hasText: product.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Paid after expiry: refund', { exact: true })).toBeVisible();
    // The Stripe payment's id is shown, so the owner can refund it at Stripe.
    await expect(row.getByText(piId)).toBeVisible();
    await expect(row.getByRole('button', { name: /^Dleverd/ })).toHaveCount(0);
    await expect(row.getByText('Expired', { exact: true })).toHaveCount(0);

    // It is a paid order for the admin: the "Paid, to deliver" tab counts it, the Expired tab does not.
    await adminPage.getByRole('searchbox', { name: 'Search orders' }).fill('');
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await tabs.getByRole('tab', { name: /^Paid, to deliver/ }).click();
    await expect(tabs.getByRole('tab', { name: /^Paid, to deliver/ })).toHaveAttribute('aria-selected', 'true');
    await expect(adminPage.getByRole('table').getByRole('row').filter({ hasText: 'Paid after expiry: refund' })).toHaveCount(1);
    await tabs.getByRole('tab', { name: /^Expired/ }).click();
    await expect(tabs.getByRole('tab', { name: /^Expired/ })).toHaveAttribute('aria-selected', 'true');
    await expect(adminPage.getByRole('table').getByRole('row').filter({ hasText: piId })).toHaveCount(0);

    // What the customer sees in My Orders: the late payment will be refunded (with the payment's id),
    // not 'Pending...' for parts that went to someone else, and not the admin's wording.
    await page.goto('/dashboard/myorders');
    const mine = page.getByRole('table').getByRole('row').filter({ hasText: product.name });
    await expect(mine).toHaveCount(2);
    const paidRow = mine.filter({ hasText: piId });
    await expect(paidRow.getByText('Refund on its way', { exact: true })).toBeVisible();
    await expect(paidRow.getByText(/We refund it to your card/)).toBeVisible();
    await expect(paidRow.getByText('Pending...', { exact: true })).toHaveCount(0);
    await expect(paidRow.getByText('Expired', { exact: true })).toHaveCount(0);
    await expect(paidRow.getByText('Paid after expiry: refund')).toHaveCount(0);
    expect(again._id).not.toBe(late._id);
  } finally {
    await customer.close();
    await admin.close();
  }
});

// Issue #34 item 4 (decision 092 amended): when Stripe takes the refund, the shop gives the late payment back on its
// own. The customer sees the order refunded and gets the refund e-mail; the admin has nothing to do.
test('a payment that arrives after the order expired and its parts were sold again is refunded by the shop at once, and the customer is told', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  try {
    const page = await customer.newPage();
    await signInViaApi(page, DEMO_CUSTOMER, { baseURL: shop.baseURL });
    const product: ProductDto = await orderableProduct(page.request, 4, 'last');
    const stockOf = async () => ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;

    const late = await placeOrderViaApi(page, product, product.stock, MODAL_TENNESSEE);
    const intentRes = await page.request.post('/api/create-payment-intent', { headers: await bearer(page), data: { orderId: late._id } });
    expect(intentRes.status(), await intentRes.text()).toBe(200);
    const piId = ((await intentRes.json()) as { clientSecret: string }).clientSecret.split('_secret_')[0];
    await expect.poll(stockOf, { timeout: 60_000 }).toBe(product.stock);
    await expect.poll(() => fake.intents.get(piId)?.status, { timeout: 30_000 }).toBe('canceled');
    await placeOrderViaApi(page, product, product.stock, MODAL_TENNESSEE);

    // Stripe had charged the intent after all (its cancel lost the race): the charge is there to refund.
    const intent = fake.intents.get(piId)!;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, canceled_at: null });
    const payload = fake.event('payment_intent.succeeded', { ...intent });
    const hook = await page.request.post('/api/webhooks/stripe', {
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET) },
      data: payload,
    });
    expect(hook.status(), await hook.text()).toBe(200);
    expect(await stockOf()).toBe(0);
    // The refund follows the webhook's answer (the shop records the payment first, then gives it back).
    await expect.poll(() => [...fake.refunds.values()].filter((r) => r.payment_intent === piId).map((r) => r.amount)).toEqual([intent.amount]);

    // My Orders: the order says it was refunded, not that a refund is on its way, nor 'Pending...'.
    await page.goto('/dashboard/myorders');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: piId });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/Refunded/).first()).toBeVisible();
    await expect(row.getByText('Refund on its way', { exact: true })).toHaveCount(0);
    await expect(row.getByText('Pending...', { exact: true })).toHaveCount(0);

    // The refund e-mail, once.
    await expect.poll(() => readMails(DEMO_CUSTOMER.email, shop.port).filter((m) => m.subject.startsWith('We refunded')).length).toBe(1);
    expect(readMails(DEMO_CUSTOMER.email, shop.port).find((m) => m.subject.startsWith('We refunded'))!.text).toMatch(
      /Your order: http\S+\/dashboard\/myorders\/TT-\d+/,
    );
  } finally {
    await customer.close();
  }
});
