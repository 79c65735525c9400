import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CheckoutQuote, Product, Purchase, PurchasePage } from '@shop/shared';
import { products, shopSettings } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, receiptsFor } from './orders-fixtures';
import { OREGON } from './support/ship-to';

/**
 * Issue #24 (decision 153): one order with a number, a delivery address,
 * shipping priced by zone and weight, tax per line in cents, and a payment of
 * exactly the order's total. Figures are worked out by hand in the comments.
 */

const TENNESSEE = { name: 'Sam Okafor', line1: '500 Broadway', city: 'Nashville', region: 'TN', postalCode: '37203', country: 'US', phone: '+1 615 555 0100' };
const BERLIN = {
  name: 'Jonas Weber',
  company: 'Weber Motorrad GmbH',
  line1: 'Friedrichstraße 10',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '030 901820',
};

describe('one order with shipping and tax', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let a: Product;
  let b: Product;
  let heavy: Product;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const fillCart = async (user: TestUser) => {
    // A: $24.99 a lot of 1, 300 g; B: $10.00 a lot of 2, 200 g each; heavy: $15.00 a lot of 1, 15 kg.
    for (const [p, q] of [
      [a, 1],
      [b, 2],
      [heavy, 1],
    ] as const) {
      const res = await api(user, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q });
      expect(res.statusCode).toBe(200);
    }
  };
  const payAtProvider = async (user: TestUser, checkoutId: string) => {
    const intent = await api(user, 'POST', '/api/create-payment-intent', { checkoutId });
    expect(intent.statusCode).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const confirmed = await confirmPayment(t.app, intent.json().clientSecret, pm.json().id);
    return { amount: intent.json().amount as number, pi: confirmed.json().paymentIntent.id as string };
  };
  const setWeight = (p: Product, weightGrams: number) => t.app.db.update(products).set({ weightGrams }).where(eq(products.id, p._id));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    a = await addProduct(t.app, admin, { name: 'A brake lever', unitPrice: 24.99, minOrder: 1, stock: 1000 });
    b = await addProduct(t.app, admin, { name: 'B spark plugs', unitPrice: 10, minOrder: 2, stock: 1000 });
    heavy = await addProduct(t.app, admin, { name: 'C heavy exhaust', unitPrice: 15, minOrder: 1, stock: 1000 });
    await setWeight(a, 300);
    await setWeight(b, 200);
    await setWeight(heavy, 15_000);
  });
  afterAll(async () => t.close());

  it('quotes a taxed US state by hand: $49.99 of goods, 15.7 kg, Tennessee 7 % on goods and shipping', async () => {
    await fillCart(alice);
    const res = await api(alice, 'POST', '/api/checkout/quote', { country: 'us', region: 'tn' });
    expect(res.statusCode).toBe(200);
    const quote: CheckoutQuote = res.json();
    expect(quote).toMatchObject({ weightGrams: 15_700, goods: 49.99, taxExempt: false, problem: null });
    // Cheapest first: standard (≤ 20 kg $24.99, not free under $50), express (≤ 20 kg $59.99), freight ($149).
    expect(quote.options.map((o) => [o.name, o.price])).toEqual([
      ['Standard', 24.99],
      ['Express', 59.99],
      ['Freight', 149],
    ]);
    // Tax per line, half-up: 24.99 → 1.75, 10.00 → 0.70, 15.00 → 1.05, shipping 24.99 → 1.75: 5.25.
    expect(quote.options[0].figures).toEqual({ goods: 49.99, shipping: 24.99, tax: 5.25, taxIncluded: false, total: 80.23 });
  });

  it('places the order to Tennessee, charges exactly its total, and the receipt says Paid with its number and figures', async () => {
    const res = await api(alice, 'POST', '/api/checkout', { shippingAddress: TENNESSEE });
    expect(res.statusCode).toBe(201);
    const order: Checkout = res.json();
    expect(order).toMatchObject({
      goods: 49.99,
      shipping: 24.99,
      tax: 5.25,
      total: 80.23,
      shippingMethod: { name: 'Standard', carrier: 'USPS Ground Advantage' },
    });
    expect(order.shipTo).toMatchObject({ region: 'TN', postalCode: '37203', phone: '+16155550100' });
    expect(order.lines.map((l) => l.tax)).toEqual([1.75, 0.7, 1.05]);
    const { amount, pi } = await payAtProvider(alice, order._id);
    expect(amount).toBe(80.23);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/checkouts/${order._id}`, headers: bearer(alice.token), payload: { transactionId: pi } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ status: 'paid', total: 80.23 });
    const [receipt] = receiptsFor(t.dataDir, alice.email).filter((m) => m.text.includes(order.number));
    expect(receipt.subject).toContain(`order ${order.number} paid`);
    for (const line of [
      'Goods: $49.99',
      'Shipping: $24.99',
      'Tax: $5.25',
      'Total paid: $80.23',
      'Status: Paid',
      'Ship to: Sam Okafor, 500 Broadway, Nashville, TN 37203, United States',
    ]) {
      expect(receipt.text).toContain(line);
    }
  });

  it('ships to Germany with 19 % VAT on goods and shipping, excluding tax and then including it', async () => {
    await fillCart(bob);
    let quote: CheckoutQuote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'DE' })).json();
    expect(quote.options.map((o) => [o.carrier, o.price])).toEqual([
      ['DHL Parcel International', 89.99],
      ['DHL Express Worldwide', 149.99],
    ]);
    // 24.99 → 4.75, 10.00 → 1.90, 15.00 → 2.85, shipping 89.99 → 17.10: 26.60.
    expect(quote.options[0].figures).toEqual({ goods: 49.99, shipping: 89.99, tax: 26.6, taxIncluded: false, total: 166.58 });

    await t.app.db.update(shopSettings).set({ pricesIncludeTax: true });
    try {
      quote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'DE' })).json();
      // Inside the prices: 24.99 → 3.99, 10.00 → 1.60, 15.00 → 2.39, 89.99 → 14.37: 22.35; the total is what is listed.
      expect(quote.options[0].figures).toEqual({ goods: 49.99, shipping: 89.99, tax: 22.35, taxIncluded: true, total: 139.98 });
      const placed = await api(bob, 'POST', '/api/checkout', { shippingAddress: BERLIN, shippingMethodId: quote.options[0].id, saveAddress: true });
      expect(placed.statusCode).toBe(201);
      expect(placed.json()).toMatchObject({
        total: 139.98,
        tax: 22.35,
        taxIncluded: true,
        shipTo: { country: 'DE', postalCode: '10117', phone: '+4930901820' },
      });
      const { amount } = await payAtProvider(bob, placed.json()._id);
      expect(amount).toBe(139.98);
      // Saved to the address book, as the default (the first one).
      const book = (await api(bob, 'GET', '/api/addresses')).json();
      expect(book).toHaveLength(1);
      expect(book[0]).toMatchObject({ city: 'Berlin', isDefault: true });
    } finally {
      await t.app.db.update(shopSettings).set({ pricesIncludeTax: false });
    }
  });

  it('refuses an empty address, an unknown postal code, a ZIP code of another state, a missing state and a place or method it cannot ship to, reserving nothing', async () => {
    await api(bob, 'PUT', `/api/cart/lines/${a._id}`, { quantity: 1 });
    const stockBefore = (await api(null, 'GET', `/api/product/${a._id}`)).json().stock;
    const empty = await api(bob, 'POST', '/api/checkout', { shippingAddress: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/name|address|city|postal|ZIP|country|phone/i);
    const zip = await api(bob, 'POST', '/api/checkout', { shippingAddress: { ...TENNESSEE, postalCode: 'ABCDE' } });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error.message).toContain('Enter a valid ZIP code for United States');
    // Issue #39 item 5: a New York ZIP code with Texas chosen would ship and be taxed to the wrong state.
    const otherState = await api(bob, 'POST', '/api/checkout', { shippingAddress: { ...TENNESSEE, city: 'Austin', region: 'TX', postalCode: '10001' } });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().error.message).toContain('ZIP code 10001 is not in Texas.');
    const noState = await api(bob, 'POST', '/api/checkout', { shippingAddress: { ...TENNESSEE, region: '' } });
    expect(noState.statusCode).toBe(400);
    const brazil = await api(bob, 'POST', '/api/checkout', {
      shippingAddress: { name: 'Ana Lima', line1: 'Av. Paulista 1000', city: 'São Paulo', postalCode: '01310-100', country: 'BR', phone: '+55 11 3003 1234' },
    });
    expect(brazil.statusCode).toBe(409);
    expect(brazil.json().error).toMatchObject({ code: 'NO_SHIPPING_METHOD' });
    expect(brazil.json().error.message).toContain('We do not ship to Brazil');
    const quote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'BR' })).json();
    expect(quote).toMatchObject({ options: [], problem: expect.stringContaining('We do not ship to Brazil') });
    const unknownMethod = await api(bob, 'POST', '/api/checkout', { shippingAddress: OREGON, shippingMethodId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownMethod.statusCode).toBe(409);
    expect(unknownMethod.json().error.code).toBe('SHIPPING_METHOD_NOT_OFFERED');
    const badQuote = await api(bob, 'POST', '/api/checkout/quote', { country: 'Germany' });
    expect(badQuote.statusCode).toBe(400);
    expect((await api(null, 'GET', `/api/product/${a._id}`)).json().stock).toBe(stockBefore);
    await api(bob, 'DELETE', `/api/cart/lines/${a._id}`);
  });

  it('too heavy for every parcel method to Canada is told plainly before payment', async () => {
    await api(bob, 'PUT', `/api/cart/lines/${heavy._id}`, { quantity: 3 });
    const quote: CheckoutQuote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'CA', region: 'ON' })).json();
    expect(quote.options).toEqual([]);
    expect(quote.problem).toContain('Your cart weighs 45 kg, more than any method to Canada carries');
    await api(bob, 'DELETE', `/api/cart/lines/${heavy._id}`);
  });

  it('a tax-exempt business pays no tax and its VAT number is on the order; only an admin can mark it', async () => {
    const refusedVisitor = await api(null, 'PUT', `/api/users/${bob.id}/tax-exemption`, { taxExempt: true, taxId: 'DE123456789' });
    expect(refusedVisitor.statusCode).toBe(401);
    const refusedCustomer = await api(alice, 'PUT', `/api/users/${bob.id}/tax-exemption`, { taxExempt: true, taxId: 'DE123456789' });
    expect(refusedCustomer.statusCode).toBe(403);
    const noNumber = await api(admin, 'PUT', `/api/users/${bob.id}/tax-exemption`, { taxExempt: true });
    expect(noNumber.statusCode).toBe(400);
    expect((await api(admin, 'PUT', `/api/users/${bob.id}/tax-exemption`, { taxExempt: true, taxId: 'DE123456789' })).json()).toEqual({
      taxExempt: true,
      taxId: 'DE123456789',
    });
    await fillCart(bob);
    const placed = await api(bob, 'POST', '/api/checkout', { shippingAddress: BERLIN });
    expect(placed.json()).toMatchObject({ tax: 0, total: 139.98, taxExempt: true, taxId: 'DE123456789' });
    await api(admin, 'PUT', `/api/users/${bob.id}/tax-exemption`, { taxExempt: false });
  });

  it('My Orders lists one order per purchase with its lines; the number finds it for its customer and an admin, and nobody else', async () => {
    const mine: PurchasePage = (await api(alice, 'GET', '/api/purchases')).json();
    const tn = mine.items.find((p) => p.total === 80.23)!;
    expect(tn).toMatchObject({ kind: 'checkout', status: 'paid', shipping: 24.99, tax: 5.25 });
    expect(tn.orders.map((o) => o.productName)).toEqual(['A brake lever', 'B spark plugs', 'C heavy exhaust']);
    expect(mine.items.every((p) => p.email === alice.email)).toBe(true);

    const byNumber = await api(alice, 'GET', `/api/purchases/${tn.number}`);
    expect(byNumber.statusCode).toBe(200);
    expect((byNumber.json() as Purchase)._id).toBe(tn._id);
    expect((await api(alice, 'GET', `/api/purchases/${tn.number.toLowerCase()}`)).statusCode).toBe(200);
    expect((await api(bob, 'GET', `/api/purchases/${tn.number}`)).statusCode).toBe(404);
    expect((await api(null, 'GET', `/api/purchases/${tn.number}`)).statusCode).toBe(401);
    expect((await api(admin, 'GET', `/api/purchases/${tn.number}`)).statusCode).toBe(200);

    // Manage All Orders finds it by number and by transaction id; a customer and a visitor are refused.
    const byNo: PurchasePage = (await api(admin, 'GET', `/api/admin/purchases?q=${tn.number}`)).json();
    expect(byNo.items.map((p) => p._id)).toEqual([tn._id]);
    const byTx: PurchasePage = (await api(admin, 'GET', `/api/admin/purchases?q=${tn.transactionId}`)).json();
    expect(byTx.items.map((p) => p._id)).toEqual([tn._id]);
    expect(byTx.counts).toMatchObject({ all: 1, paid: 1 });
    expect((await api(alice, 'GET', '/api/admin/purchases')).statusCode).toBe(403);
    expect((await api(null, 'GET', '/api/admin/purchases')).statusCode).toBe(401);
    expect((await api(admin, 'GET', '/api/admin/purchases?limit=500')).statusCode).toBe(400);
    // The spec's list finds its lines by number too.
    const spec = (await api(admin, 'GET', `/api/allorders?q=${tn.number}`)).json();
    expect(spec.items).toHaveLength(3);
  });

  it('for random carts, places and settings, the amount charged equals the order total to the cent', async () => {
    const places = [
      { ...TENNESSEE },
      { ...OREGON },
      { name: 'Lea Roy', line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR', phone: '+33 1 42 60 30 30' },
      { name: 'Tom Chan', line1: '100 King St W', city: 'Toronto', region: 'ON', postalCode: 'M5X 1A9', country: 'CA', phone: '+1 416 555 0199' },
      { ...BERLIN },
    ];
    const carol = await signUpUser(t.app, { name: 'Carol Random' });
    const pool = [a, b, heavy];
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([0, 1, 2], { minLength: 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(...places),
        fc.boolean(),
        async (picked, lots, place, included) => {
          await t.app.db.update(shopSettings).set({ pricesIncludeTax: included });
          for (const i of picked) {
            const p = pool[i];
            await api(carol, 'PUT', `/api/cart/lines/${p._id}`, { quantity: p.minOrder * (i === 2 ? 1 : lots) });
          }
          const quote: CheckoutQuote = (
            await api(carol, 'POST', '/api/checkout/quote', { country: place.country, region: 'region' in place ? place.region : '' })
          ).json();
          const placed = await api(carol, 'POST', '/api/checkout', { shippingAddress: place });
          expect(placed.statusCode).toBe(201);
          const order: Checkout = placed.json();
          expect(order.total).toBe(quote.options[0].figures.total);
          const cents = (n: number) => Math.round(n * 100);
          expect(cents(order.total)).toBe(cents(order.goods) + cents(order.shipping) + (order.taxIncluded ? 0 : cents(order.tax)));
          const { amount } = await payAtProvider(carol, order._id);
          expect(amount).toBe(order.total);
        },
      ),
      { numRuns: 8 },
    );
    await t.app.db.update(shopSettings).set({ pricesIncludeTax: false });
  });
});
