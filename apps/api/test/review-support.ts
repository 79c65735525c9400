import type { FastifyInstance } from 'fastify';
import type { Product, Review } from '@shop/shared';
import { bearer, type TestUser } from './helpers';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';
import { signUpUser } from './verify-support';

/**
 * Issue #22 (decision 151): a review is about a part its writer bought and
 * paid for. These steps go through the real HTTP API: a verified customer
 * orders a part and pays with the test processor.
 */
export async function buyAndPay(app: FastifyInstance, customer: TestUser, product: Pick<Product, '_id' | 'minOrder'>): Promise<void> {
  const order = await placeOrder(app, customer, product._id, product.minOrder);
  await payOrder(app, customer, order._id);
}

/** A verified customer (new, or the given one) who bought and paid for a new part (or the given one). */
export async function buyer(
  app: FastifyInstance,
  admin: TestUser,
  opts: { name?: string; product?: Product; customer?: TestUser } = {},
): Promise<{ customer: TestUser; product: Product }> {
  const product = opts.product ?? (await addProduct(app, admin, { stock: 1000, minOrder: 2 }));
  const customer = opts.customer ?? (await signUpUser(app, opts.name ? { name: opts.name } : {}));
  await buyAndPay(app, customer, product);
  return { customer, product };
}

export const postReview = (app: FastifyInstance, customer: Pick<TestUser, 'token'>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/review', headers: bearer(customer.token), payload });

/** Posts a review and expects it stored. */
export async function addReview(app: FastifyInstance, customer: TestUser, productId: string, review = 5, description = 'Fits and works.'): Promise<Review> {
  const res = await postReview(app, customer, { productId, review, description });
  if (res.statusCode !== 201) throw new Error(`review failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
