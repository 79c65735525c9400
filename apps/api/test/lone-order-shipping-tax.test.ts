import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, Purchase } from '@shop/shared';
import { checkouts, orders } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, createIntent, getProductStock, orderRequest, payOrder, receiptsFor } from './orders-fixtures';

/**
 * Issue #24, decision 160: the spec's one-product order (POST /api/order) ships
 * and is taxed like a checkout: the cheapest method that serves the address,
 * tax per the state or country, one total that is what the customer pays.
 * Figures are worked out by hand in the comments.
 */

const NASHVILLE = { country: 'United States', address: '500 Broadway, Nashville, TN 37203', phone: '+1 615 555 0100' };

describe('the one-product order ships and is taxed', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let part: Product;

  const purchase = async (user: TestUser, orderId: string): Promise<Purchase> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/purchases/${orderId}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const place = async (user: TestUser, product: Product, quantity: number, where: Record<string, unknown>): Promise<Order> => {
    const res = await orderRequest(t.app, user, product._id, quantity, where);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Workshop' });
    // $24.99 a lot of 1, 300 g.
    part = await addProduct(t.app, admin, { name: 'Brake lever', unitPrice: 24.99, minOrder: 1, stock: 100, weightGrams: 300 });
  });
  afterAll(async () => t.close());

  it('to Tennessee, read from the address line: standard shipping and 7 % on goods and shipping; the intent and My Orders say the same total', async () => {
    const order = await place(alice, part, 1, NASHVILLE);
    // The spec's Order keeps the goods price of its line.
    expect(order).toMatchObject({ price: 24.99, country: 'United States', phone: '+16155550100' });
    // USPS Ground Advantage up to 1 kg: 7.99 (free only from $50). Tax 7 %: 24.99 → 1.7493 → 1.75; 7.99 → 0.5593 → 0.56.
    const p = await purchase(alice, order._id);
    expect(p).toMatchObject({
      kind: 'single',
      goods: 24.99,
      shipping: 7.99,
      tax: 2.31,
      taxIncluded: false,
      total: 35.29,
      shippingMethod: { name: 'Standard', carrier: 'USPS Ground Advantage', minDays: 3, maxDays: 5 },
    });
    // Decision 212: the purchase is an order of one line; the order (its head, of the line's id) keeps where and how.
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ checkoutId: order._id, taxCents: 175 });
    const [head] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, order._id));
    expect(head).toMatchObject({ shipRegion: 'TN', shipCountry: 'US', shippingCents: 799, shippingTaxCents: 56, taxCents: 175 + 56 });
    const intent = await createIntent(t.app, alice, order._id);
    expect(intent.json()).toMatchObject({ amount: 35.29 });

    await payOrder(t.app, alice, order._id);
    const [receipt] = receiptsFor(t.dataDir, alice.email).slice(-1);
    expect(receipt.text).toContain('Shipping');
    expect(receipt.text).toContain('$7.99');
    expect(receipt.text).toContain('$2.31');
    expect(receipt.text).toContain('$35.29');
    expect(receipt.text).toContain('Standard, USPS Ground Advantage');
  });

  it('takes the state from the modal’s list by code or name, and refuses one that is not a state', async () => {
    const byName = await place(alice, part, 1, { ...NASHVILLE, address: '500 Broadway, Nashville 37203', region: 'tennessee' });
    expect((await purchase(alice, byName._id)).total).toBe(35.29);
    // Oregon has no sales tax: goods and shipping only.
    const oregon = await place(alice, part, 1, { ...NASHVILLE, region: 'OR' });
    expect(await purchase(alice, oregon._id)).toMatchObject({ tax: 0, total: 32.98 });
    const unknown = await orderRequest(t.app, alice, part._id, 1, { ...NASHVILLE, region: 'Ontario' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('region: Choose a state from the list');
  });

  it('free standard shipping from $50 in the US; Germany pays DHL and 19 % VAT on both', async () => {
    // Three levers: 74.97, 900 g: free standard shipping, tax 7 % of 74.97 = 5.2479 → 5.25.
    const three = await place(alice, part, 3, NASHVILLE);
    expect(await purchase(alice, three._id)).toMatchObject({ goods: 74.97, shipping: 0, tax: 5.25, total: 80.22 });
    // Germany: DHL Parcel International up to 1 kg 24.99; VAT 19 %: 24.99 → 4.7481 → 4.75 on the part and the same on shipping.
    const berlin = await place(alice, part, 1, { country: 'Germany', address: 'Friedrichstraße 10, 10117 Berlin', phone: '030 901820' });
    expect(await purchase(alice, berlin._id)).toMatchObject({
      goods: 24.99,
      shipping: 24.99,
      tax: 9.5,
      total: 59.48,
      shippingMethod: { carrier: 'DHL Parcel International' },
    });
  });

  it('where no method serves the address or can carry the part, it says so and takes no stock', async () => {
    const brazil = await orderRequest(t.app, alice, part._id, 1, { country: 'Brazil', address: 'Av. Paulista 1000, São Paulo', phone: '+55 11 3003 1234' });
    expect(brazil.statusCode).toBe(409);
    expect(brazil.json().error).toMatchObject({ code: 'NO_SHIPPING_METHOD' });
    expect(brazil.json().error.message).toContain('We do not ship to Brazil');
    // 40 kg: more than the EU's 30 kg band.
    const crate = await addProduct(t.app, admin, { name: 'Engine crate', unitPrice: 900, minOrder: 1, stock: 3, weightGrams: 40_000 });
    const heavy = await orderRequest(t.app, alice, crate._id, 1, { country: 'Germany', address: 'Friedrichstraße 10, 10117 Berlin', phone: '030 901820' });
    expect(heavy.statusCode).toBe(409);
    expect(heavy.json().error.message).toContain('more than any method to Germany carries');
    expect(await getProductStock(t.app, crate._id)).toBe(3);
  });

  it('a tax-exempt business pays no tax, and its VAT number is on the order and its invoice', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/${bob.id}/tax-exemption`,
          headers: bearer(admin.token),
          payload: { taxExempt: true, taxId: 'US-RESALE-1' },
        })
      ).statusCode,
    ).toBe(200);
    const order = await place(bob, part, 1, NASHVILLE);
    expect(await purchase(bob, order._id)).toMatchObject({ tax: 0, total: 32.98, taxExempt: true, taxId: 'US-RESALE-1' });
    await payOrder(t.app, bob, order._id);
    const invoice = await t.app.inject({ method: 'GET', url: `/api/purchases/${order._id}/invoice.pdf`, headers: bearer(bob.token) });
    expect(invoice.statusCode).toBe(200);
  });

  it('a US address whose state cannot be told is charged shipping and no state tax', async () => {
    const order = await place(alice, part, 1, { ...NASHVILLE, address: '500 Broadway, Springfield' });
    expect(await purchase(alice, order._id)).toMatchObject({ shipping: 7.99, tax: 0, total: 32.98 });
  });
});
