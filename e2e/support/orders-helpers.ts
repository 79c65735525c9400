import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInViaApi, signUpAndLogin } from './auth';

export interface ProductDto {
  _id: string;
  name: string;
  img: string;
  description: string;
  minOrder: number;
  stock: number;
  unitPrice: number;
  /** Shipping weight of one unit in grams (issue #24). */
  weightGrams: number;
}

export interface OrderDto {
  _id: string;
  /** Its order's number, TT-10042 (issue #24). */
  orderNumber?: string | null;
  productName: string;
  quantity: number;
  price: number;
  paid: boolean;
  transactionId: string | null;
  deleverd: boolean;
}

/** A new browser context (own cookies and storage) with a fresh customer signed in (identity's helper). */
export async function newCustomerPage(browser: Browser, tag: string, opts: { verified?: boolean } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Confirmed through the link of the sign-up e-mail, or `verified: false`: through Google, unconfirmed (auth.ts).
  const customer = await signUpAndLogin(page, { tag, verified: opts.verified });
  return { context, page, customer };
}

/** A new browser context with the demo admin signed in through the sign-in API (the login page has its own tests). */
export async function newAdminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, DEMO_ADMIN);
  return { context, page };
}

/**
 * A catalogue product with room for at least `units` more minimum orders.
 * 'last' gives a journey that checks exact stock a product no other journey orders.
 */
export async function orderableProduct(request: APIRequestContext, units = 4, pick: 'first' | 'last' = 'first'): Promise<ProductDto> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  // And one whose two minimum orders ship to Germany (decision 160: the order is priced with shipping; the EU's heaviest band is 30 kg).
  const products = ((await res.json()) as ProductDto[]).filter((p) => p.stock >= p.minOrder * units && p.weightGrams * p.minOrder * 2 <= 30_000);
  const product = pick === 'first' ? products[0] : products[products.length - 1];
  if (!product) throw new Error('No product in the catalogue has enough stock for the test');
  return product;
}

/** Where the spec's order modal ships: Germany by default (DHL up to 30 kg); a US address reaches freight up to 1,000 kg. */
export const MODAL_GERMANY = { country: 'Germany', address: 'Ringstraße 1, Nürburg', phone: '4926915200' };
export const MODAL_TENNESSEE = { country: 'United States', address: '500 Broadway, Nashville, TN 37203', phone: '+1 615 555 0100' };

/** Test set-up through the API with the browser's own token: an unpaid order of the minimum quantity. */
export async function placeOrderViaApi(page: Page, product: ProductDto, quantity = product.minOrder, shipTo = MODAL_GERMANY): Promise<OrderDto> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: product._id, quantity, ...shipTo },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as OrderDto;
}

/** "$1,234.50", as the shop prints prices. */
export const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Fills the built-in test processor's card form. */
export async function fillTestCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

/** Test set-up: pays an order through the built-in test processor, exactly as the payment page does. */
export async function payOrderViaApi(page: Page, orderId: string, card = '4242424242424242'): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const auth = { authorization: `Bearer ${token}` };
  const intentRes = await page.request.post('/api/create-payment-intent', { headers: auth, data: { orderId } });
  expect(intentRes.status(), await intentRes.text()).toBe(200);
  const { clientSecret } = (await intentRes.json()) as { clientSecret: string };
  const pmRes = await page.request.post('/api/test-payments/payment-methods', {
    data: { number: card, expMonth: 12, expYear: 2034, cvc: '123', billingDetails: { name: 'E2E Rider', email: 'e2e@example.com' } },
  });
  expect(pmRes.status(), await pmRes.text()).toBe(200);
  const { id: paymentMethod } = (await pmRes.json()) as { id: string };
  const confirmRes = await page.request.post('/api/test-payments/confirm', { data: { clientSecret, paymentMethod } });
  expect(confirmRes.status(), await confirmRes.text()).toBe(200);
  const { paymentIntent } = (await confirmRes.json()) as { paymentIntent: { id: string } };
  const paidRes = await page.request.patch(`/api/orders/${orderId}`, { headers: auth, data: { transactionId: paymentIntent.id } });
  expect(paidRes.status(), await paidRes.text()).toBe(200);
  return paymentIntent.id;
}
