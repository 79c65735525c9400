import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { createTestApp, type TestApp, type TestUser, signOut } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct } from './orders-fixtures';
import { buyAndPay, buyer, postReview } from './review-support';

/**
 * POST /api/review edge cases beyond reviews.test.ts: every whole rating
 * 1–5 is stored as sent, anything else is refused, and a revoked token is 401.
 * Each review is about a part its writer bought and paid for (decision 151).
 */

let t: TestApp;
let admin: TestUser;
let u: TestUser;
const bought: Product[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  u = await signUpUser(t.app, { name: 'Erin Throttle' });
  for (let i = 0; i < 6; i++) {
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    await buyAndPay(t.app, u, product);
    bought.push(product);
  }
});
afterAll(async () => t.close());

const post = (payload: Record<string, unknown>, token = u.token) => postReview(t.app, { token }, payload);

describe('POST /api/review', () => {
  it('stores each whole rating from 1 to 5 as sent, newest last in GET /api/reviews', async () => {
    for (const review of [1, 2, 3, 4, 5]) {
      const res = await post({ review, description: `Rated ${review}`, productId: bought[review - 1]._id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ review, description: `Rated ${review}`, name: 'Erin Throttle', verifiedPurchase: true });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json();
    expect(list.slice(-5).map((r: { review: number }) => r.review)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses ratings that are not whole numbers between 1 and 5 and stores nothing', async () => {
    const productId = bought[5]._id;
    const before = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().length;
    for (const review of [-1, 0, 5.0001, 2.5, 10, 'five', null, true, [], {}]) {
      const res = await post({ review, description: 'Nice', productId });
      expect(res.statusCode, JSON.stringify(review)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toMatch(/^review: /);
    }
    const missing = await post({ description: 'No rating', productId });
    expect(missing.statusCode).toBe(400);
    const noDescription = await post({ review: 5, productId });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error.message).toMatch(/^description: /);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json()).toHaveLength(before);
  });

  it('refuses a token whose session was ended (401)', async () => {
    const { customer: leaving, product } = await buyer(t.app, admin);
    const out = await signOut(t.app, leaving);
    expect(out.statusCode).toBe(200);
    const res = await post({ review: 5, description: 'After logout', productId: product._id }, leaving.token);
    expect(res.statusCode).toBe(401);
  });
});
