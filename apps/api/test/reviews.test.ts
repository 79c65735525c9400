import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviewListSchema } from '@shop/shared';
import { reviews, user } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp } from './helpers';
import { eventually } from './eventually';

describe('reviews API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
      const u = await signUpUser(t.app, { name: 'Dana Wrench' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: bearer(u.token),
        payload: { review: '5', description: '  Pads bite hard.  ', name: 'Someone Famous', img: 'https://evil.example/x.png' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Dana Wrench', review: 5, description: 'Pads bite hard.' });
      expect(res.json().img).not.toContain('evil.example');

      const rows = await t.app.db.select().from(reviews).where(eq(reviews.userId, u.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Dana Wrench', rating: 5, description: 'Pads bite hard.' });

      const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json();
      expect(list.at(-1)).toMatchObject({ name: 'Dana Wrench', review: 5 });
    });

    it('uses the account photo, or the default avatar when there is none', async () => {
      const withPhoto = await signUpUser(t.app);
      await t.app.db.update(user).set({ image: '/images/avatars/photo.svg' }).where(eq(user.id, withPhoto.id));
      const a = await t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(withPhoto.token), payload: { review: 4, description: 'ok' } });
      expect(a.json().img).toBe('/images/avatars/photo.svg');
      const without = await signUpUser(t.app);
      const b = await t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(without.token), payload: { review: 4, description: 'ok' } });
      expect(b.json().img).toMatch(/^\/images\/.+\.svg$/);
    });

    it('refuses a rating outside 1–5 or an empty description with a clear 400', async () => {
      const u = await signUpUser(t.app);
      const before = (await t.app.db.select().from(reviews)).length;
      for (const review of [0, 6, 4.5, 'abc']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(u.token), payload: { review, description: 'x' } });
        expect(res.statusCode, String(review)).toBe(400);
        expect(res.json().error.message).toMatch(/^review: Rating must be a/);
      }
      const empty = await t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(u.token), payload: { review: 5, description: ' ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('description: Please write a few words about your experience');
      expect((await t.app.db.select().from(reviews)).length).toBe(before);
    });
  });
});
