import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { firstLink, readOutbox } from './identity-support';
import { addProduct, getProductStock, orderRequest } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/** Issue #22: reserving stock (the spec's order, a cart's checkout) needs a verified e-mail address. */

const MODAL = SHIP_TO;

describe('reserving stock needs a verified e-mail address', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  const putLine = (u: TestUser, productId: string, quantity: number) =>
    t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(u.token), payload: { quantity } });
  const checkout = (u: TestUser) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(u.token), payload: MODAL });

  it('POST /order: an unverified customer gets 403 EMAIL_NOT_VERIFIED with a clear message, and no stock moves', async () => {
    const product = await addProduct(t.app, admin, { stock: 50, minOrder: 5 });
    const rider = await signUpUser(t.app, { verified: false });
    const res = await orderRequest(t.app, rider, product._id, 5);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: copy.orderRules.emailNotVerified });
    expect(res.json().error.message).toMatch(/^Please verify your e-mail address before ordering: we sent you a link\./);
    expect(await getProductStock(t.app, product._id)).toBe(50);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(rider.email)}`, headers: bearer(rider.token) });
    expect(mine.json()).toEqual([]);
  });

  it('POST /order: the same customer orders once they opened the link of the verification e-mail', async () => {
    const product = await addProduct(t.app, admin, { stock: 50, minOrder: 5 });
    const rider = await signUpUser(t.app, { verified: false });
    expect((await orderRequest(t.app, rider, product._id, 5)).statusCode).toBe(403);
    const link = firstLink(readOutbox(t.dataDir, rider.email)[0].text);
    const open = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(open.statusCode).toBe(302);
    // The access token from before the verification is enough: the server reads the account afresh.
    const res = await orderRequest(t.app, rider, product._id, 5);
    expect(res.statusCode).toBe(201);
    expect(await getProductStock(t.app, product._id)).toBe(45);
  });

  it('POST /checkout: an unverified customer gets 403 EMAIL_NOT_VERIFIED; the cart stays and no stock moves', async () => {
    const product = await addProduct(t.app, admin, { stock: 40, minOrder: 2 });
    const rider = await signUpUser(t.app, { verified: false });
    // Keeping a cart needs no verified address; only reserving its stock does.
    expect((await putLine(rider, product._id, 4)).statusCode).toBe(200);
    const res = await checkout(rider);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: copy.orderRules.emailNotVerified });
    expect(await getProductStock(t.app, product._id)).toBe(40);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(rider.token) });
    expect(cart.json().lines).toHaveLength(1);
  });

  it('a verified customer checks out; a visitor still gets 401', async () => {
    const product = await addProduct(t.app, admin, { stock: 40, minOrder: 2 });
    const rider = await signUpUser(t.app);
    expect((await putLine(rider, product._id, 4)).statusCode).toBe(200);
    expect((await checkout(rider)).statusCode).toBe(201);
    expect(await getProductStock(t.app, product._id)).toBe(36);

    const visitorOrder = await t.app.inject({ method: 'POST', url: '/api/order', payload: { productId: product._id, quantity: 2, ...MODAL } });
    expect(visitorOrder.statusCode).toBe(401);
    const visitorCheckout = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: MODAL });
    expect(visitorCheckout.statusCode).toBe(401);
  });
});
