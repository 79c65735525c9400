import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Order, Product } from '@shop/shared';
import { bearer, type TestUser } from './helpers';

/** Shared steps of the order and payment tests, all through the real HTTP API. */

let productCounter = 0;

export async function addProduct(
  app: FastifyInstance,
  admin: TestUser,
  fields: Partial<{
    name: string;
    unitPrice: number;
    stock: number;
    minOrder: number;
    description: string;
    image: string;
    sku: string;
    brand: string;
    category: string;
    weightGrams: number;
  }> = {},
): Promise<Product> {
  productCounter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/product',
    headers: bearer(admin.token),
    payload: {
      name: `Test part ${productCounter}`,
      unitPrice: 12.5,
      stock: 100,
      minOrder: 1,
      description: 'A part for the tests.',
      // Light (an O-ring's weight), so that bulk orders of test parts stay within every shipping method's bands.
      weightGrams: 20,
      image: '/images/products/oil-filter-hf204.svg',
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function orderRequest(app: FastifyInstance, user: TestUser, productId: string, quantity: number | string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(user.token),
    payload: { productId, quantity, country: 'Germany', address: 'Ringstraße 1, Berlin', phone: '0301234567', ...extra },
  });
}

export async function placeOrder(app: FastifyInstance, user: TestUser, productId: string, quantity: number): Promise<Order> {
  const res = await orderRequest(app, user, productId, quantity);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function getProductStock(app: FastifyInstance, productId: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/product/${productId}` });
  return res.json().stock;
}

export function createIntent(app: FastifyInstance, user: TestUser, orderId: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user.token), payload: { orderId, ...extra } });
}

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/**
 * The processor's endpoints are rate limited per client address. Each call
 * comes from its own address unless one is given, so only the rate-limit
 * test itself runs into the limit.
 */
const someAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export function createPaymentMethod(app: FastifyInstance, number: string, overrides: Record<string, unknown> = {}, remoteAddress = someAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/test-payments/payment-methods',
    remoteAddress,
    payload: {
      number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
      billingDetails: { name: 'Test Buyer', email: 'buyer@example.com' },
      ...overrides,
    },
  });
}

export function confirmPayment(app: FastifyInstance, clientSecret: string, paymentMethod: string, remoteAddress = someAddress()) {
  return app.inject({ method: 'POST', url: '/api/test-payments/confirm', remoteAddress, payload: { clientSecret, paymentMethod } });
}

/** What the web app does on the payment page with the test processor. Returns the PaymentIntent id. */
export async function payAtProcessor(app: FastifyInstance, user: TestUser, orderId: string, card: string = CARDS.success): Promise<string> {
  const intent = await createIntent(app, user, orderId);
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.statusCode} ${intent.body}`);
  const pm = await createPaymentMethod(app, card);
  if (pm.statusCode !== 200) throw new Error(`payment method failed: ${pm.statusCode} ${pm.body}`);
  const confirmed = await confirmPayment(app, intent.json().clientSecret, pm.json().id);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return confirmed.json().paymentIntent.id;
}

export function recordPaymentRequest(app: FastifyInstance, user: TestUser, orderId: string, transactionId: string) {
  return app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: bearer(user.token), payload: { transactionId } });
}

/** Pays an order the whole way: processor, then PATCH /orders/{id}. */
export async function payOrder(app: FastifyInstance, user: TestUser, orderId: string): Promise<Order> {
  const pi = await payAtProcessor(app, user, orderId);
  const res = await recordPaymentRequest(app, user, orderId, pi);
  if (res.statusCode !== 200) throw new Error(`record payment failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage);
}

export const receiptsFor = (dataDir: string, email: string) => readOutbox(dataDir).filter((m) => m.to === email && m.subject.startsWith('Your receipt'));
