import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviewListSchema, reviewPageSchema } from '@shop/shared';
import { reviewsCopy } from '@shop/shared/copy/reviews';
import { addProduct } from './orders-fixtures';
import { reviews, user } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { buyer, postReview } from './review-support';
import { eventually } from './eventually';

describe('reviews API', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  it('answers an empty list when nobody has reviewed yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists reviews oldest first with the spec fields', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    // Inserted out of order: the answer must be sorted by time, not by insertion.
    await t.app.db.insert(reviews).values([
      { name: 'Second', img: '/images/avatars/b.svg', description: 'Fast shipping', rating: 4, createdAt: at(2) },
      { name: 'Third', img: '/images/avatars/c.svg', description: 'Right parts', rating: 5, createdAt: at(3) },
      { name: 'First', img: '/images/avatars/a.svg', description: 'Good pads', rating: 3, createdAt: at(1) },
    ]);
    // A write straight to the database reaches the catalogue cache through NOTIFY, a moment later on PostgreSQL.
    await eventually(async () => expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json()).toHaveLength(3));
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const list = reviewListSchema.parse(res.json());
    expect(list.map((r) => r.name)).toEqual(['First', 'Second', 'Third']);
    expect(res.json()[0]).toMatchObject({ name: 'First', img: '/images/avatars/a.svg', description: 'Good pads', review: 3 });
    expect(res.json()[0]._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('POST /api/review', () => {
    it('refuses a visitor with 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/review', payload: { review: 5, description: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBeTruthy();
    });

    it("adds the review under the signed-in user's name, whatever the body claims", async () => {
      const { customer: u, product } = await buyer(t.app, admin, { name: 'Dana Wrench' });
      const res = await postReview(t.app, u, {
        review: '5',
        description: '  Pads bite hard.  ',
        productId: product._id,
        name: 'Someone Famous',
        img: 'https://evil.example/x.png',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Dana Wrench', review: 5, description: 'Pads bite hard.', productId: product._id, verifiedPurchase: true });
      expect(res.json().img).not.toContain('evil.example');

      const rows = await t.app.db.select().from(reviews).where(eq(reviews.userId, u.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Dana Wrench', rating: 5, description: 'Pads bite hard.', productId: product._id, productName: product.name });

      const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json();
      expect(list.at(-1)).toMatchObject({ name: 'Dana Wrench', review: 5, verifiedPurchase: true });
    });

    it('uses the account photo, or the default avatar when there is none', async () => {
      const { customer: withPhoto, product: p1 } = await buyer(t.app, admin);
      await t.app.db.update(user).set({ image: '/images/avatars/photo.svg' }).where(eq(user.id, withPhoto.id));
      const a = await postReview(t.app, withPhoto, { review: 4, description: 'ok', productId: p1._id });
      expect(a.json().img).toBe('/images/avatars/photo.svg');
      const { customer: without, product: p2 } = await buyer(t.app, admin);
      const b = await postReview(t.app, without, { review: 4, description: 'ok', productId: p2._id });
      expect(b.json().img).toMatch(/^\/images\/.+\.svg$/);
    });

    it('refuses a rating outside 1–5, an empty description or no part with a clear 400', async () => {
      const { customer: u, product } = await buyer(t.app, admin);
      const before = (await t.app.db.select().from(reviews)).length;
      for (const review of [0, 6, 4.5, 'abc']) {
        const res = await postReview(t.app, u, { review, description: 'x', productId: product._id });
        expect(res.statusCode, String(review)).toBe(400);
        expect(res.json().error.message).toMatch(/^review: Rating must be a/);
      }
      const empty = await postReview(t.app, u, { review: 5, description: ' ', productId: product._id });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('description: Please write a few words about your experience');
      for (const productId of [undefined, '', 'not-a-uuid', 42, null]) {
        const res = await postReview(t.app, u, { review: 5, description: 'Good', productId });
        expect(res.statusCode, String(productId)).toBe(400);
        expect(res.json().error.message).toBe('productId: Please choose the part you are reviewing');
      }
      expect((await t.app.db.select().from(reviews)).length).toBe(before);
    });
  });

  describe('issue #22: reviews from verified buyers, one per part (decision 151)', () => {
    it('refuses a part the customer has not bought and paid for (403 NOT_BOUGHT), an unknown part (404)', async () => {
      const { product } = await buyer(t.app, admin);
      const other = await signUpUser(t.app);
      // Another customer's paid part is not theirs to review.
      const res = await postReview(t.app, other, { review: 5, description: 'Never bought it', productId: product._id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'NOT_BOUGHT', message: reviewsCopy.notBought });
      // Ordered but not paid is not bought.
      const unpaid = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(other.token),
        payload: { productId: product._id, quantity: product.minOrder, country: 'Germany', address: 'Ringstraße 1, Berlin', phone: '0301234567' },
      });
      expect(unpaid.statusCode).toBe(201);
      expect((await postReview(t.app, other, { review: 5, description: 'Unpaid', productId: product._id })).statusCode).toBe(403);
      const unknown = await postReview(t.app, other, { review: 5, description: 'Ghost', productId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
      expect(await t.app.db.select().from(reviews).where(eq(reviews.userId, other.id))).toHaveLength(0);
    });

    it('refuses an unverified customer with 403 EMAIL_NOT_VERIFIED', async () => {
      const { customer, product } = await buyer(t.app, admin);
      await t.app.db.update(user).set({ emailVerified: false }).where(eq(user.id, customer.id));
      const res = await postReview(t.app, customer, { review: 5, description: 'Unverified', productId: product._id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: reviewsCopy.emailNotVerified });
      const fresh = await signUpUser(t.app, { verified: false });
      expect((await postReview(t.app, fresh, { review: 5, description: 'Spam', productId: product._id })).json().error.code).toBe('EMAIL_NOT_VERIFIED');
      expect(await t.app.db.select().from(reviews).where(eq(reviews.productId, product._id))).toHaveLength(0);
    });

    it('answers 409 REVIEW_EXISTS to a second review of the same part, also when both arrive at once', async () => {
      const { customer, product } = await buyer(t.app, admin);
      expect((await postReview(t.app, customer, { review: 5, description: 'First', productId: product._id })).statusCode).toBe(201);
      const again = await postReview(t.app, customer, { review: 1, description: 'Second', productId: product._id });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'REVIEW_EXISTS', message: reviewsCopy.alreadyReviewed });

      const { customer: racer, product: raced } = await buyer(t.app, admin);
      const both = await Promise.all([1, 2].map((n) => postReview(t.app, racer, { review: 4, description: `Race ${n}`, productId: raced._id })));
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await t.app.db.select().from(reviews).where(eq(reviews.userId, racer.id))).toHaveLength(1);
    });

    it('GET /reviews/reviewable lists the paid parts not reviewed yet; a visitor gets 401', async () => {
      const { customer, product } = await buyer(t.app, admin);
      const second = await buyer(t.app, admin, { product: await addProduct(t.app, admin, { name: 'Aaa first by name', stock: 100, minOrder: 1 }) });
      void second;
      const unpaidPart = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
      await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(customer.token),
        payload: { productId: unpaidPart._id, quantity: 1, country: 'Germany', address: 'Ringstraße 1, Berlin', phone: '0301234567' },
      });
      const list = async (u: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/reviews/reviewable', headers: bearer(u.token) })).json();
      expect(await list(customer)).toEqual([{ productId: product._id, name: product.name }]);
      await postReview(t.app, customer, { review: 5, description: 'Done', productId: product._id });
      expect(await list(customer)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews/reviewable' })).statusCode).toBe(401);
    });

    it('a deleted part keeps its reviews, with the badge and the name of the part', async () => {
      const { customer, product } = await buyer(t.app, admin);
      const posted = await postReview(t.app, customer, { review: 5, description: 'Still good', productId: product._id });
      const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
      expect(del.statusCode).toBe(200);
      const [row] = await t.app.db.select().from(reviews).where(eq(reviews.id, posted.json()._id));
      expect(row).toMatchObject({ productId: null, productName: product.name, verifiedPurchase: true });
    });
  });

  describe('GET /api/reviews, bounded and paged (issue #22)', () => {
    let fresh: TestApp;
    beforeAll(async () => {
      fresh = await createTestApp();
      const base = Date.UTC(2026, 1, 1);
      // 130 reviews an hour apart: r0 the oldest, r129 the newest.
      await fresh.app.db.insert(reviews).values(
        Array.from({ length: 130 }, (_, i) => ({
          name: `r${i}`,
          img: '/images/avatars/a.svg',
          description: `Review ${i}`,
          rating: 5,
          createdAt: new Date(base + i * 3_600_000),
        })),
      );
    });
    afterAll(async () => fresh.close());
    const get = (url: string) => fresh.app.inject({ method: 'GET', url });

    it("the spec's unpaged call answers an array of the newest 100, oldest first", async () => {
      await eventually(async () => expect((await get('/api/reviews')).json()).toHaveLength(100));
      const list = reviewListSchema.parse((await get('/api/reviews')).json());
      expect(list[0].name).toBe('r30');
      expect(list.at(-1)!.name).toBe('r129');
      // Reviews from before issue #22 (the demo ones) carry no part and no badge.
      expect(list[0]).toMatchObject({ productId: null, verifiedPurchase: false });
    });

    it('?page=&limit= answers one page, newest first, with the total', async () => {
      const first = reviewPageSchema.parse((await get('/api/reviews?page=1&limit=20')).json());
      expect(first).toMatchObject({ total: 130, page: 1, limit: 20, pages: 7 });
      expect(first.items.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `r${129 - i}`));
      const last = reviewPageSchema.parse((await get('/api/reviews?page=7&limit=20')).json());
      expect(last.items.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `r${9 - i}`));
      expect(reviewPageSchema.parse((await get('/api/reviews?limit=5')).json()).items).toHaveLength(5);
      expect(reviewPageSchema.parse((await get('/api/reviews?page=99')).json())).toMatchObject({ items: [], total: 130 });
    });

    it('refuses bad paging with a clear 400', async () => {
      for (const q of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=101', 'limit=2.5', 'productId=nope', 'page=99999999999']) {
        const res = await get(`/api/reviews?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.message).toMatch(/^(page|limit|productId)/);
      }
    });

    it("?productId= pages one part's reviews, newest first", async () => {
      const boss = await signUpUser(fresh.app, { admin: true });
      const { customer: a, product } = await buyer(fresh.app, boss);
      const { customer: b } = await buyer(fresh.app, boss, { product });
      await postReview(fresh.app, a, { review: 4, description: 'From A', productId: product._id });
      await postReview(fresh.app, b, { review: 5, description: 'From B', productId: product._id });
      const page = reviewPageSchema.parse((await get(`/api/reviews?productId=${product._id}&page=1&limit=10`)).json());
      expect(page.total).toBe(2);
      expect(page.items.map((r) => r.description)).toEqual(['From B', 'From A']);
      expect(page.items.every((r) => r.verifiedPurchase && r.productId === product._id)).toBe(true);
      // The home's page starts with the newest: the verified buyers' reviews.
      const home = reviewPageSchema.parse((await get('/api/reviews?page=1&limit=20')).json());
      expect(home.items.slice(0, 2).map((r) => r.description)).toEqual(['From B', 'From A']);
    });
  });
});
