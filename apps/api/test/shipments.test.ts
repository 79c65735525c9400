import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Checkout, Product, Purchase, PurchasePage } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, readOutbox } from './orders-fixtures';
import { OREGON } from './support/ship-to';

/**
 * Issue #25 item 1 (decision 157): an admin ships some or all of a paid
 * order's lines with a carrier and tracking number; the order is partially
 * shipped, then shipped, and the spec's "Dleverd" still ends it as delivered.
 */
describe('shipments', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let a: Product;
  let b: Product;
  let c: Product;
  let order: Checkout;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const ship = (ref: string, body: Record<string, unknown>, user: TestUser | null = admin) => api(user, 'POST', `/api/purchases/${ref}/shipments`, body);
  const lineOf = (p: Product) => order.orders.find((o) => o.productId === p._id)!;
  const view = async (user: TestUser, ref = order.number): Promise<Purchase> => {
    const res = await api(user, 'GET', `/api/purchases/${ref}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** A checkout of these parts to Oregon, paid. */
  async function buy(user: TestUser, parts: [Product, number][], pay = true): Promise<Checkout> {
    for (const [p, q] of parts) expect((await api(user, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
    const placed = await api(user, 'POST', '/api/checkout', { shippingAddress: OREGON });
    expect(placed.statusCode).toBe(201);
    const checkout: Checkout = placed.json();
    if (!pay) return checkout;
    const intent = await api(user, 'POST', '/api/create-payment-intent', { checkoutId: checkout._id });
    expect(intent.statusCode).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const confirmed = await confirmPayment(t.app, intent.json().clientSecret, pm.json().id);
    const patch = await api(user, 'PATCH', `/api/checkouts/${checkout._id}`, { transactionId: confirmed.json().paymentIntent.id });
    expect(patch.statusCode, patch.body).toBe(200);
    return checkout;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    a = await addProduct(t.app, admin, { name: 'A brake lever', unitPrice: 24.99, minOrder: 1, stock: 1000, sku: 'BL-100' });
    b = await addProduct(t.app, admin, { name: 'B spark plugs', unitPrice: 10, minOrder: 2, stock: 1000 });
    c = await addProduct(t.app, admin, { name: 'C chain kit', unitPrice: 89.5, minOrder: 1, stock: 1000 });
    order = await buy(alice, [
      [a, 1],
      [b, 4],
      [c, 2],
    ]);
  });
  afterAll(async () => t.close());

  it('refuses a visitor (401) and a customer, even the order’s own (403)', async () => {
    const body = { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ orderId: lineOf(a)._id, quantity: 1 }] };
    expect((await ship(order.number, body, null)).statusCode).toBe(401);
    expect((await ship(order.number, body, alice)).statusCode).toBe(403);
    expect((await view(alice)).shipments).toEqual([]);
  });

  it('refuses an unknown carrier, an empty tracking number, no lines and an unknown order with clear messages', async () => {
    const line = { orderId: lineOf(a)._id, quantity: 1 };
    let res = await ship(order.number, { carrier: 'pigeon', trackingNumber: 'X1', lines: [line] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('carrier must be one of ups, usps, fedex, dhl, dpd');
    res = await ship(order.number, { carrier: 'ups', trackingNumber: '   ', lines: [line] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Enter the tracking number.');
    res = await ship(order.number, { carrier: 'ups', trackingNumber: '1Z1', lines: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Choose at least one line to ship.');
    res = await ship('TT-99999999', { carrier: 'ups', trackingNumber: '1Z1', lines: [line] });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a line of another order and more units than were ordered, naming the line', async () => {
    const other = await buy(bob, [[a, 3]]);
    let res = await ship(order.number, { carrier: 'ups', trackingNumber: '1Z1', lines: [{ orderId: other.orders[0]._id, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SHIPMENT_LINE_UNKNOWN', message: `Line ${other.orders[0]._id} is not part of order ${order.number}.` });
    res = await ship(order.number, { carrier: 'ups', trackingNumber: '1Z1', lines: [{ orderId: lineOf(b)._id, quantity: 5 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'SHIPMENT_TOO_MANY_UNITS',
      message: `Only 4 of 4 units of “B spark plugs” are left to ship in order ${order.number}; you asked to ship 5.`,
      details: { productName: 'B spark plugs', ordered: 4, shipped: 0, left: 4 },
    });
    // Nothing was recorded.
    expect((await view(alice)).shipments).toEqual([]);
  });

  it('refuses to ship an unpaid order, naming the line', async () => {
    const unpaid = await buy(bob, [[c, 1]], false);
    const res = await ship(unpaid.number, { carrier: 'dhl', trackingNumber: 'JD0140', lines: [{ orderId: unpaid.orders[0]._id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'SHIPMENT_LINE_NOT_PAID',
      message: `“C chain kit” of order ${unpaid.number} is not paid: only paid lines can be shipped.`,
    });
  });

  it('ships two of three lines: partially shipped, with the UPS tracking link, an e-mail and an audit entry', async () => {
    const res = await ship(order.number, {
      carrier: 'ups',
      trackingNumber: '1Z 999 AA1 01 2345 6784',
      shippedAt: '2026-11-20',
      lines: [
        { orderId: lineOf(a)._id, quantity: 1 },
        { orderId: lineOf(b)._id, quantity: 4 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const p: Purchase = res.json();
    expect(p.status).toBe('partially_shipped');
    expect(p.shipments).toEqual([
      {
        _id: expect.any(String),
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-11-20T12:00:00.000Z',
        lines: [
          { orderId: lineOf(a)._id, productName: 'A brake lever', quantity: 1 },
          { orderId: lineOf(b)._id, productName: 'B spark plugs', quantity: 4 },
        ],
      },
    ]);
    // The spec's per-line shape is unchanged: shipped is not delivered.
    expect(p.orders.every((o) => o.paid && !o.deleverd && o.status === 'paid')).toBe(true);

    const mail = readOutbox(t.dataDir).find((m) => m.to === alice.email && m.subject === `Part of your order ${order.number} has shipped`);
    expect(mail).toBeDefined();
    for (const text of [
      'A brake lever × 1 (part no. BL-100)',
      'B spark plugs × 4',
      'Carrier: UPS',
      'Tracking number: 1Z999AA10123456784',
      'Shipped on: November 20, 2026',
      'Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'The rest (2 units) follows in another parcel.',
      `/dashboard/myorders/${order.number}`,
    ]) {
      expect(mail!.text).toContain(text);
    }
    expect(mail!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const audit = await api(admin, 'GET', '/api/audit?action=shipment.create');
    const [entry] = audit.json().items as AuditEntry[];
    expect(entry).toMatchObject({ actor: { id: admin.id, email: admin.email }, entityType: 'order', entityId: order.number });
    expect(entry.note).toBe(`Shipped 1 × A brake lever, 4 × B spark plugs of order ${order.number} via UPS 1Z999AA10123456784; 2 units left to ship.`);
  });

  it('refuses units already shipped', async () => {
    const res = await ship(order.number, { carrier: 'ups', trackingNumber: '1Z2', lines: [{ orderId: lineOf(b)._id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`“B spark plugs” of order ${order.number} has shipped already: all 4 units.`);
  });

  it('the customer sees the shipment in My Orders and on the order page; the admin lists it under Paid', async () => {
    const mine: PurchasePage = (await api(alice, 'GET', '/api/purchases')).json();
    const listed = mine.items.find((p) => p.number === order.number)!;
    expect(listed.status).toBe('partially_shipped');
    expect(listed.shipments.map((s) => [s.carrierName, s.trackingNumber])).toEqual([['UPS', '1Z999AA10123456784']]);
    const page: PurchasePage = (await api(admin, 'GET', `/api/admin/purchases?status=paid&q=${order.number}`)).json();
    expect(page.items.map((p) => [p.number, p.status])).toEqual([[order.number, 'partially_shipped']]);
    expect(page.counts.paid).toBe(1);
  });

  it('ships the third line with DHL: shipped; the spec’s Dleverd on every line: delivered', async () => {
    const res = await ship(order._id, { carrier: 'dhl', trackingNumber: 'JD014600006281230704', lines: [{ orderId: lineOf(c)._id, quantity: 2 }] });
    expect(res.statusCode).toBe(201);
    const p: Purchase = res.json();
    expect(p.status).toBe('shipped');
    expect(p.shipments.map((s) => s.trackingUrl)).toEqual([
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD014600006281230704',
    ]);
    expect(readOutbox(t.dataDir).filter((m) => m.to === alice.email && m.subject === `Your order ${order.number} has shipped`)).toHaveLength(1);
    const listed: PurchasePage = (await api(alice, 'GET', '/api/purchases')).json();
    expect(listed.items.find((x) => x.number === order.number)!.status).toBe('shipped');

    for (const line of order.orders) {
      const delivered = await api(admin, 'PATCH', `/api/paidorders/${line._id}`);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toMatchObject({ deleverd: true, status: 'delivered' });
    }
    const done = await view(alice);
    expect(done.status).toBe('delivered');
    expect(done.shipments).toHaveLength(2);
    const page: PurchasePage = (await api(admin, 'GET', `/api/admin/purchases?status=delivered&q=${order.number}`)).json();
    expect(page.items.map((x) => x.status)).toEqual(['delivered']);
    // A delivered line ships no more.
    const again = await ship(order.number, { carrier: 'ups', trackingNumber: '1Z3', lines: [{ orderId: lineOf(c)._id, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SHIPMENT_LINE_DELIVERED');
  });

  it('two admins shipping the same units at once: one parcel is recorded, the other is refused', async () => {
    const both = await buy(bob, [[c, 3]]);
    const body = (n: string) => ({ carrier: 'fedex', trackingNumber: n, lines: [{ orderId: both.orders[0]._id, quantity: 3 }] });
    const answers = await Promise.all([ship(both.number, body('7946')), ship(both.number, body('7947'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const shipped = await view(bob, both.number);
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipments).toHaveLength(1);
    expect(shipped.shipments[0].trackingUrl).toMatch(/^https:\/\/www\.fedex\.com\/fedextrack\/\?trknbr=794[67]$/);
  });

  it('ships a lone spec order by its number with a carrier without tracking page', async () => {
    const placed = await api(bob, 'POST', '/api/order', {
      productId: a._id,
      quantity: 2,
      country: 'Germany',
      address: 'Ringstraße 1, Berlin',
      phone: '030 1234567',
    });
    expect(placed.statusCode).toBe(201);
    const lone = placed.json();
    const pi = await api(bob, 'POST', '/api/create-payment-intent', { orderId: lone._id });
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const confirmed = await confirmPayment(t.app, pi.json().clientSecret, pm.json().id);
    expect((await api(bob, 'PATCH', `/api/orders/${lone._id}`, { transactionId: confirmed.json().paymentIntent.id })).statusCode).toBe(200);
    const res = await ship(lone.orderNumber, { carrier: 'other', trackingNumber: 'LOCAL-42', lines: [{ orderId: lone._id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'single', status: 'partially_shipped', shipments: [{ carrierName: 'Other', trackingUrl: null }] });
    const rest = await ship(lone._id, { carrier: 'other', trackingNumber: 'LOCAL-43', lines: [{ orderId: lone._id, quantity: 1 }] });
    expect(rest.json().status).toBe('shipped');
    expect((await view(bob, lone.orderNumber)).shipments).toHaveLength(2);
  });
});
