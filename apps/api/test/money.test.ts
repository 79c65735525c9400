import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutQuote, Overview, Product, Purchase } from '@shop/shared';
import { shopSettings } from '../src/db/schema';
import { expireReservations } from '../src/workflows/reservations';
import { EXPORT_BATCH } from '../src/modules/orders/order-exports.service';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, payOrder, placeOrder } from './orders-fixtures';

/**
 * Issue #39 item 6 (decision 184): money an owner can trust. On a database of
 * its own, a few orders with known amounts (paid; partly refunded; fully
 * refunded; priced with tax included and partly refunded; a checkout with a
 * company; unpaid; expired): the overview's figures are computed here from
 * those amounts and compared; each order's view says what was refunded and the
 * net paid; both CSV exports parse back to the same values, safe for
 * spreadsheets; only admins get them. Item 7: a ship day without a time is
 * never before the payment.
 */

const cents = (n: number) => Math.round(n * 100);
const TRICKY_NAME = 'O’Neil, "Dusty" Rhodes';
const FORMULA_COMPANY = '=HYPERLINK("http://evil.example","Click")';

describe('money summaries (issue #39 item 6)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let dusty: TestUser;
  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
  const view = async (ref: string, user: TestUser = admin): Promise<Purchase> => {
    const res = await api(user, 'GET', `/api/purchases/${ref}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const refund = async (ref: string, body: object) => {
    const res = await api(admin, 'POST', `/api/purchases/${ref}/refunds`, { reason: 'Test', idempotencyKey: randomUUID(), ...body });
    expect(res.statusCode, res.body).toBe(201);
  };

  // The orders, by what happens to them.
  let paid: Purchase; // $30 part, nothing refunded
  let partly: Purchase; // 2 × $10, one unit and $5 other credit refunded
  let fully: Purchase; // $40 part, the line and the shipping refunded
  let included: Purchase; // 2 × $50 with tax inside the prices, one unit refunded
  let company: Purchase; // a checkout to a company, shipped
  let unpaid: Purchase;
  let expired: Purchase;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    alice = await signUpUser(t.app);
    dusty = await signUpUser(t.app, { name: TRICKY_NAME });
    const part = (name: string, unitPrice: number) => addProduct(t.app, admin, { name, unitPrice, minOrder: 1, stock: 100 });
    const [p30, p10, p40, p50, p25, p5] = await Promise.all([
      part('Money lever', 30),
      part('Money bolts', 10),
      part('Money chain', 40),
      part('Money mirror', 50),
      part('Money grips', 25),
      part('Money cap', 5),
    ]);

    // Lone orders to Germany (19 %), shipping $24.99 each.
    const lone = async (user: TestUser, product: Product, quantity: number, pay = true) => {
      const o = await placeOrder(t.app, user, product._id, quantity);
      if (pay) await payOrder(t.app, user, o._id);
      return view(o._id);
    };
    paid = await lone(alice, p30, 1);
    partly = await lone(alice, p10, 2);
    await refund(partly.number, { lines: [{ orderId: partly.orders[0]._id, quantity: 1 }], amount: 5 });
    fully = await lone(alice, p40, 1);
    await refund(fully.number, { lines: [{ orderId: fully.orders[0]._id, quantity: 1 }], shipping: true });
    await t.app.db.update(shopSettings).set({ pricesIncludeTax: true });
    try {
      included = await lone(alice, p50, 2);
    } finally {
      await t.app.db.update(shopSettings).set({ pricesIncludeTax: false });
    }
    await refund(included.number, { lines: [{ orderId: included.orders[0]._id, quantity: 1 }] });

    // A checkout of two lines by a customer whose name has a comma and quotes, to a company whose name looks like a formula.
    for (const [p, q] of [
      [p25, 2],
      [p5, 3],
    ] as const)
      expect((await api(dusty, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
    const quote: CheckoutQuote = (await api(dusty, 'POST', '/api/checkout/quote', { country: 'DE' })).json();
    const placed = await api(dusty, 'POST', '/api/checkout', {
      shippingAddress: {
        name: 'Dusty Rhodes',
        company: FORMULA_COMPANY,
        line1: 'Friedrichstraße 10',
        city: 'Berlin',
        postalCode: '10117',
        country: 'DE',
        phone: '030 901820',
      },
      shippingMethodId: quote.options[0].id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const intent = await api(dusty, 'POST', '/api/create-payment-intent', { checkoutId: placed.json()._id });
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id as string;
    expect((await api(dusty, 'PATCH', `/api/checkouts/${placed.json()._id}`, { transactionId: pi })).statusCode).toBe(200);
    const checkout = await view(placed.json()._id);
    const shipped = await api(admin, 'POST', `/api/purchases/${checkout.number}/shipments`, {
      carrier: 'dhl',
      trackingNumber: 'JD0146000062',
      lines: checkout.orders.map((o) => ({ orderId: o._id, quantity: o.quantity })),
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    company = await view(checkout.number);

    const toExpire = await placeOrder(t.app, alice, p30._id, 1);
    const realNow = t.app.clock.now;
    t.app.clock.now = () => new Date(Date.now() + 3 * 3600_000);
    try {
      await expireReservations(t.app, {});
    } finally {
      t.app.clock.now = realNow;
    }
    expired = await view(toExpire._id);
    expect(expired.status).toBe('expired');
    // Placed after the expiry ran, so it is still waiting for its payment.
    unpaid = await lone(alice, p30, 1, false);

    [paid, partly, fully, included] = await Promise.all([paid, partly, fully, included].map((p) => view(p.number)));
  }, 240_000);
  afterAll(async () => t.close());

  it('the overview: gross sales, shipping, tax, refunds (split) and net sales, computed here from the known amounts', async () => {
    // Germany, 19 % on goods and on the $24.99 shipping (4.75); tax inside the prices: 100 → 15.97, 24.99 → 3.99.
    const includedLineTax = cents(included.lines[0].tax);
    expect(includedLineTax).toBe(1597);
    const includedShipTax = cents(included.tax) - includedLineTax;
    expect(includedShipTax).toBe(399);
    const companyGoods = 2 * 2500 + 3 * 500;
    const companyShipping = cents(company.shipping);
    const companyTax = cents(company.tax);
    expect(companyTax).toBe(Math.round(companyGoods * 0.19) + Math.round(companyShipping * 0.19));

    const gross = 3000 + 2000 + 4000 + (10_000 - includedLineTax) + companyGoods;
    const shipping = 2499 * 3 + (2499 - includedShipTax) + companyShipping;
    const tax = 570 + 475 + (380 + 475) + (760 + 475) + (includedLineTax + includedShipTax) + companyTax;
    // Refunds: one $10 unit (tax 1.90) and $5 other; the $40 line (7.60) and its shipping (24.99 + 4.75); one $50 unit with its
    // tax inside (half of 15.97, rounded half-up: 7.99).
    const refundedGoods = 1000 + 4000 + (5000 - 799);
    const refundedShipping = 2499;
    const refundedTax = 190 + (760 + 475) + 799;
    const refundedOther = 500;

    const res = await api(admin, 'GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const today = (res.json() as Overview).periods.find((p) => p.key === 'today')!;
    expect({
      grossSales: cents(today.grossSales),
      shipping: cents(today.shipping),
      tax: cents(today.tax),
      refunds: cents(today.refunds),
      refunded: {
        goods: cents(today.refunded.goods),
        shipping: cents(today.refunded.shipping),
        tax: cents(today.refunded.tax),
        other: cents(today.refunded.other),
      },
      netSales: cents(today.netSales),
      orders: today.orders,
      averageOrder: cents(today.averageOrder),
    }).toEqual({
      grossSales: gross,
      shipping,
      tax,
      refunds: refundedGoods + refundedShipping + refundedTax + refundedOther,
      refunded: { goods: refundedGoods, shipping: refundedShipping, tax: refundedTax, other: refundedOther },
      netSales: gross - refundedGoods - refundedOther,
      // The unpaid and the expired orders are not counted.
      orders: 5,
      averageOrder: Math.round(gross / 5),
    });
    // The parts add up to what the payments took and what the refunds gave back.
    const taken = [paid, partly, fully, included, company].reduce((s, p) => s + cents(p.total), 0);
    expect(gross + shipping + tax).toBe(taken);
    const back = [paid, partly, fully, included, company].reduce((s, p) => s + cents(p.refunded), 0);
    expect(cents(today.refunds)).toBe(back);
  });

  it('each order says what was refunded and the net paid, to its customer and to the admin', async () => {
    expect([paid, partly, fully, included, company, unpaid, expired].map((p) => [cents(p.refunded), cents(p.netPaid)])).toEqual([
      [0, 3000 + 2499 + 570 + 475],
      [1000 + 190 + 500, 2000 + 2499 + 380 + 475 - (1000 + 190 + 500)],
      [4000 + 760 + 2499 + 475, 0],
      [5000, 10_000 + 2499 - 5000],
      [0, cents(company.total)],
      [0, 0],
      [0, 0],
    ]);
    const own = await view(partly.number, alice);
    expect({ refunded: own.refunded, netPaid: own.netPaid }).toEqual({ refunded: partly.refunded, netPaid: partly.netPaid });
  });

  const csv = async (url: string, user: TestUser | null = admin) => {
    const res = await api(user, 'GET', url);
    return { res, rows: res.statusCode === 200 ? (parse(res.body, { columns: true }) as Record<string, string>[]) : [] };
  };

  it('exports one row per order, newest first, with the figures of the order view, safe for spreadsheets', async () => {
    const { res, rows } = await csv('/api/admin/exports/orders.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\n')[0]).toBe(
      'orderNumber,placedAt,paidAt,customerName,email,company,shipToCountry,goods,shipping,tax,taxIncluded,total,refunded,netPaid,status,invoiceNumber,creditNoteNumbers,carriers,trackingNumbers',
    );
    expect(rows.map((r) => r.orderNumber)).toEqual([unpaid, expired, company, included, fully, partly, paid].map((p) => p.number));
    const byNumber = new Map(rows.map((r) => [r.orderNumber, r]));
    expect(byNumber.get(company.number)).toEqual({
      orderNumber: company.number,
      placedAt: company.createdAt,
      paidAt: company.paidAt,
      // Parsed back whole: the comma and the quotes were escaped.
      customerName: TRICKY_NAME,
      email: dusty.email,
      // A formula-looking cell is prefixed, so a spreadsheet shows it as text.
      company: `'${FORMULA_COMPANY}`,
      shipToCountry: 'DE',
      goods: '65.00',
      shipping: company.shipping.toFixed(2),
      tax: company.tax.toFixed(2),
      taxIncluded: 'no',
      total: company.total.toFixed(2),
      refunded: '0.00',
      netPaid: company.total.toFixed(2),
      status: 'shipped',
      invoiceNumber: company.invoiceNumber,
      creditNoteNumbers: '',
      carriers: 'DHL',
      trackingNumbers: 'JD0146000062',
    });
    expect(company.invoiceNumber).toMatch(/^INV-/);
    expect(byNumber.get(partly.number)).toMatchObject({
      goods: '20.00',
      shipping: '24.99',
      tax: '8.55',
      total: '53.54',
      refunded: '16.90',
      netPaid: '36.64',
      status: 'paid',
      shipToCountry: 'Germany',
      creditNoteNumbers: partly.refunds[0].creditNoteNumber,
    });
    expect(partly.refunds[0].creditNoteNumber).toMatch(/^CN-/);
    expect(byNumber.get(included.number)).toMatchObject({ taxIncluded: 'yes', total: '124.99', refunded: '50.00', netPaid: '74.99' });
    expect(byNumber.get(unpaid.number)).toMatchObject({ status: 'unpaid', paidAt: '', netPaid: '0.00', invoiceNumber: '' });
    expect(byNumber.get(expired.number)?.status).toBe('expired');
  });

  it('takes the list’s status tab and search', async () => {
    expect((await csv('/api/admin/exports/orders.csv?status=unpaid')).rows.map((r) => r.orderNumber)).toEqual([unpaid.number]);
    expect((await csv(`/api/admin/exports/orders.csv?q=${encodeURIComponent('Money grips')}`)).rows.map((r) => r.orderNumber)).toEqual([company.number]);
    const bad = await api(admin, 'GET', '/api/admin/exports/orders.csv?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/status must be one of/);
  });

  it('exports one row per order line, with units shipped and refunded', async () => {
    const { res, rows } = await csv('/api/admin/exports/order-lines.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="order-lines-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\n')[0]).toBe(
      'orderNumber,lineId,placedAt,paidAt,orderStatus,lineStatus,sku,productName,unitPrice,quantity,goods,tax,shippedQuantity,refundedQuantity,customerName,email,company,shipToCountry',
    );
    expect(rows).toHaveLength(8);
    const lines = rows.filter((r) => r.orderNumber === company.number);
    expect(lines.map((l) => [l.productName, l.unitPrice, l.quantity, l.goods, l.tax, l.shippedQuantity, l.refundedQuantity])).toEqual([
      ['Money cap', '5.00', '3', '15.00', '2.85', '3', '0'],
      ['Money grips', '25.00', '2', '50.00', '9.50', '2', '0'],
    ]);
    expect(lines.every((l) => l.customerName === TRICKY_NAME && l.company === `'${FORMULA_COMPANY}` && l.orderStatus === 'shipped')).toBe(true);
    expect(rows.find((r) => r.orderNumber === partly.number)).toMatchObject({
      productName: 'Money bolts',
      quantity: '2',
      refundedQuantity: '1',
      lineStatus: 'paid',
    });
  });

  it('streams every order when there are more than one page of them', async () => {
    // EXPORT_BATCH orders in a page: one more than a page has to come from the second read, none twice.
    const extra = EXPORT_BATCH - 7 + 1;
    const product = await addProduct(t.app, admin, { name: 'Money washer', unitPrice: 1, minOrder: 1, stock: 10_000 });
    for (let i = 0; i < extra; i++) await placeOrder(t.app, alice, product._id, 1);
    const { rows } = await csv('/api/admin/exports/orders.csv');
    expect(rows).toHaveLength(EXPORT_BATCH + 1);
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(EXPORT_BATCH + 1);
    expect(rows.at(-1)!.orderNumber).toBe(paid.number);
  }, 240_000);

  it('is for admins only: a visitor gets 401, a customer 403', async () => {
    for (const url of ['/api/admin/exports/orders.csv', '/api/admin/exports/order-lines.csv']) {
      expect((await api(null, 'GET', url)).statusCode).toBe(401);
      expect((await api(alice, 'GET', url)).statusCode).toBe(403);
    }
    expect((await api(null, 'GET', '/api/admin/overview')).statusCode).toBe(401);
    expect((await api(alice, 'GET', '/api/admin/overview')).statusCode).toBe(403);
    // Another customer's order view (with its refunds and net paid) is not found.
    expect((await api(dusty, 'GET', `/api/purchases/${partly.number}`)).statusCode).toBe(404);
  });
});

describe('a ship day without a time (issue #39 item 7)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    alice = await signUpUser(t.app);
  });
  afterAll(async () => t.close());

  const ship = (ref: string, orderId: string, shippedAt?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/purchases/${ref}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ orderId, quantity: 1 }], ...(shippedAt ? { shippedAt } : {}) },
    });

  it('keeps a moment given (the Ship… dialog sends it for today), and puts a day alone at noon UTC of that day', async () => {
    const product = await addProduct(t.app, admin, { unitPrice: 10, stock: 50 });
    const order = async () => {
      const o = await placeOrder(t.app, alice, product._id, 1);
      await payOrder(t.app, alice, o._id);
      return o;
    };

    const a = await order();
    const moment = new Date(Date.now() - 60_000).toISOString();
    expect((await ship(a._id, a._id, moment)).json().shipments[0].shippedAt).toBe(moment);

    const b = await order();
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const shippedB: Purchase = (await ship(b._id, b._id, day)).json();
    expect(shippedB.shipments[0].shippedAt).toBe(`${day}T12:00:00.000Z`);
  });
});
