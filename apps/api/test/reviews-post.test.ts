import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser, signOut } from './helpers';

/**
 * POST /api/review edge cases beyond reviews.test.ts: every whole rating
 * 1–5 is stored as sent, anything else is refused, and a revoked token is 401.
 */

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUpUser(t.app, { name: 'Erin Throttle' });
});
afterAll(async () => t.close());

const post = (payload: Record<string, unknown>, token = u.token) => t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(token), payload });

describe('POST /api/review', () => {
  it('stores each whole rating from 1 to 5 as sent, newest last in GET /api/reviews', async () => {
    for (const review of [1, 2, 3, 4, 5]) {
      const res = await post({ review, description: `Rated ${review}` });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ review, description: `Rated ${review}`, name: 'Erin Throttle' });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json();
    expect(list.slice(-5).map((r: { review: number }) => r.review)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses ratings that are not whole numbers between 1 and 5 and stores nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().length;
    for (const review of [-1, 0, 5.0001, 2.5, 10, 'five', null, true, [], {}]) {
      const res = await post({ review, description: 'Nice' });
      expect(res.statusCode, JSON.stringify(review)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toMatch(/^review: /);
    }
    const missing = await post({ description: 'No rating' });
    expect(missing.statusCode).toBe(400);
    const noDescription = await post({ review: 5 });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error.message).toMatch(/^description: /);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json()).toHaveLength(before);
  });

  it('refuses a token whose session was ended (401)', async () => {
    const leaving = await signUpUser(t.app);
    const out = await signOut(t.app, leaving);
    expect(out.statusCode).toBe(200);
    const res = await post({ review: 5, description: 'After logout' }, leaving.token);
    expect(res.statusCode).toBe(401);
  });
});
