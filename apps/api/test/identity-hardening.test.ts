import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, session, user } from '../src/db/schema';
import { bearer, cookieHeader, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { sameOrigin } from './identity-support';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';
import { buyer, postReview } from './review-support';

/** Issue #7, hardening: identity fields, Better Auth's admin endpoints, orders outliving their customer. */
describe('hardening (issue #7)', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    customer = await signUpUser(t.app, { name: 'Carla Customer' });
  });
  afterAll(async () => t?.close());

  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: sameOrigin(t.app),
      payload: { email: `h-${crypto.randomUUID()}@example.com`, password: 'secret-password-1', name: 'Hanna', ...payload },
    });
  const updateUser = (payload: Record<string, unknown>, cookie = customer.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: sameOrigin(t.app, { cookie }), payload });

  const badPhotos = [
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'http://example.com/me.png',
    '//evil.example/me.png',
    'vbscript:msgbox(1)',
    `https://example.com/${'a'.repeat(2048)}`,
  ];

  it('refuses a bad photo URL or an over-long name at sign-up with a 400 and a message', async () => {
    for (const image of badPhotos) {
      const res = await signUp({ image });
      expect(res.statusCode, image.slice(0, 40)).toBe(400);
      expect(res.json().error.message).toMatch(/photo/i);
    }
    const long = await signUp({ name: 'N'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 80 characters/);
    expect((await signUp({ name: 'N'.repeat(80), image: 'https://images.example.com/me.png' })).statusCode).toBe(200);
    expect((await signUp({ image: '/images/avatar-default.svg' })).statusCode).toBe(200);
  });

  it('refuses them on update-user too, and keeps the stored values', async () => {
    for (const image of badPhotos) {
      const res = await updateUser({ image });
      expect(res.statusCode, image.slice(0, 40)).toBe(400);
      expect(res.json().error.message).toMatch(/photo/i);
    }
    const long = await updateUser({ name: 'M'.repeat(1_000_000 / 10) });
    expect(long.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, customer.id));
    expect(row.name).toBe('Carla Customer');
    expect(row.image).toBeNull();

    const ok = await updateUser({ name: 'Carla C.', image: '/api/uploads/avatar-carla.webp' });
    expect(ok.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(user).where(eq(user.id, customer.id));
    expect(after).toMatchObject({ name: 'Carla C.', image: '/api/uploads/avatar-carla.webp' });
  });

  it('refuses an over-long name on the sign-in sync, which copies it to the account', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${customer.email}`,
      headers: { cookie: customer.cookie },
      payload: { email: customer.email, name: 'S'.repeat(81) },
    });
    expect(res.statusCode).toBe(400);
  });

  it('copies only a safe name and photo into a review, even from an account stored before the limits', async () => {
    // A review is about a part its writer bought and paid for (issue #22).
    const { customer: legacy, product } = await buyer(t.app, admin);
    await t.app.db
      .update(user)
      .set({ name: 'L'.repeat(500), image: 'javascript:alert(1)' })
      .where(eq(user.id, legacy.id));
    const res = await postReview(t.app, legacy, { description: 'Good parts.', review: 5, productId: product._id });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('L'.repeat(80));
    expect(res.json().img).toBe('/images/avatar-default.svg');
  });

  it("closes the identity provider's admin endpoints that DESIGN §6 does not list, even for an administrator", async () => {
    const victim = await signUpUser(t.app, { name: 'Vic Victim' });
    const adminSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: sameOrigin(t.app),
      payload: { email: admin.email, password: admin.password },
    });
    const cookie = cookieHeader(adminSession.headers['set-cookie']);
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['POST', '/api/auth/admin/impersonate-user', { userId: victim.id }],
      ['POST', '/api/auth/admin/set-user-password', { userId: victim.id, newPassword: 'taken-over-123' }],
      ['POST', '/api/auth/admin/remove-user', { userId: victim.id }],
      ['POST', '/api/auth/admin/ban-user', { userId: victim.id }],
      ['POST', '/api/auth/admin/list-user-sessions', { userId: victim.id }],
      ['POST', '/api/auth/admin/revoke-user-sessions', { userId: victim.id }],
      ['POST', '/api/auth/admin/revoke-user-session', { sessionToken: 'x' }],
      ['POST', '/api/auth/admin/set-role', { userId: victim.id, role: 'admin' }],
      ['GET', '/api/auth/admin/list-users'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: sameOrigin(t.app, { cookie }), payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('ENDPOINT_CLOSED');
    }
    const [row] = await t.app.db.select().from(user).where(eq(user.id, victim.id));
    expect(row).toMatchObject({ role: 'user', banned: false });
    expect(await t.app.db.select().from(session).where(eq(session.userId, victim.id))).not.toHaveLength(0);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: sameOrigin(t.app),
      payload: { email: victim.email, password: victim.password },
    });
    expect(signIn.statusCode).toBe(200);
    // Promotion stays on the shop's own route.
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${victim.id}`, headers: bearer(admin.token), payload: { role: 'admin' } })).statusCode).toBe(
      200,
    );
  });

  it("keeps a deleted customer's paid orders with their name and e-mail", async () => {
    const buyer = await signUpUser(t.app, { name: 'Paula Paid' });
    const product = await addProduct(t.app, admin);
    const order = await placeOrder(t.app, buyer, product._id, 2);
    await payOrder(t.app, buyer, order._id);
    await t.app.db.delete(user).where(eq(user.id, buyer.id));

    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ paid: true, userId: null, userName: 'Paula Paid', email: buyer.email });
    const list = await t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as Array<{ _id: string; userName: string; email: string; paid: boolean }>).find((o) => o._id === order._id);
    expect(listed).toMatchObject({ userName: 'Paula Paid', email: buyer.email, paid: true });
  });
});
