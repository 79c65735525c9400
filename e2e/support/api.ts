import type { APIRequestContext } from '@playwright/test';
import { verifyEmailViaOutbox } from './auth';

/** Direct calls to the shop's API, to set up data and to know what the pages should show. */

export interface ApiProduct {
  _id: string;
  name: string;
  img: string;
  description: string;
  minOrder: number;
  stock: number;
  unitPrice: number;
}

export interface ApiReview {
  _id: string;
  name: string;
  img: string;
  description: string;
  review: number;
  productId?: string | null;
  productName?: string | null;
  verifiedPurchase?: boolean;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const getProducts = async (request: APIRequestContext) => json<ApiProduct[]>(await request.get('/api/products'));
export const getReviews = async (request: APIRequestContext) => json<ApiReview[]>(await request.get('/api/reviews'));

let counter = 0;

/**
 * A new customer through the real sign-up, the link of its e-mail (which confirms the address and signs in:
 * decision 175) and the sign-in sync; returns the access token.
 */
export async function signUpCustomer(request: APIRequestContext, baseURL: string, name = 'E2E Rider') {
  counter += 1;
  const email = `e2e-${Date.now().toString(36)}-${counter}@example.com`;
  const password = 'e2e-password-1';
  const origin = new URL(baseURL).origin;
  await json(await request.post('/api/auth/sign-up/email', { data: { email, password, name }, headers: { origin } }));
  await verifyEmailViaOutbox(request, email);
  // The request context keeps the session cookie the link set.
  const { token } = await json<{ token: string }>(await request.put(`/api/user/${encodeURIComponent(email)}`, { data: { email, name }, headers: { origin } }));
  return { email, name, token };
}

/** The parts each customer (by access token) reviewed through addReview. */
const reviewedBy = new Map<string, Set<string>>();

/** Orders a part and pays for it with the built-in test processor, all through the API. */
export async function buyViaApi(request: APIRequestContext, token: string, product: Pick<ApiProduct, '_id' | 'minOrder'>) {
  const auth = { authorization: `Bearer ${token}` };
  const order = await json<{ _id: string }>(
    await request.post('/api/order', {
      headers: auth,
      data: { productId: product._id, quantity: product.minOrder, country: 'Germany', address: 'Ringstraße 1, Nürburg', phone: '4926915200' },
    }),
  );
  const { clientSecret } = await json<{ clientSecret: string }>(
    await request.post('/api/create-payment-intent', { headers: auth, data: { orderId: order._id } }),
  );
  const { id: paymentMethod } = await json<{ id: string }>(
    await request.post('/api/test-payments/payment-methods', {
      data: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', billingDetails: { name: 'E2E Rider', email: 'e2e@example.com' } },
    }),
  );
  const { paymentIntent } = await json<{ paymentIntent: { id: string } }>(
    await request.post('/api/test-payments/confirm', { data: { clientSecret, paymentMethod } }),
  );
  await json(await request.patch(`/api/orders/${order._id}`, { headers: auth, data: { transactionId: paymentIntent.id } }));
  return order;
}

/**
 * Adds a review as a verified buyer (issue #22, decision 151): one review per part and customer, about a part
 * they bought and paid for. Each call buys (order + test-card payment, through the API) a part this customer has
 * not reviewed yet, then reviews it.
 */
export async function addReview(request: APIRequestContext, token: string, review: number, description: string) {
  const reviewed = reviewedBy.get(token) ?? new Set<string>();
  reviewedBy.set(token, reviewed);
  const product = (await getProducts(request)).find((p) => p.stock >= p.minOrder && !reviewed.has(p._id));
  if (!product) throw new Error('no part left in stock that this customer has not reviewed');
  await buyViaApi(request, token, product);
  reviewed.add(product._id);
  return json<ApiReview>(
    await request.post('/api/review', { data: { review, description, productId: product._id }, headers: { authorization: `Bearer ${token}` } }),
  );
}
