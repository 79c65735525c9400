import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatUsd, type Checkout, type Company, type Product, type Receivables } from '@shop/shared';
import { checkouts, products, testInvoices } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct, readOutbox, receiptsFor } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';
import { companyInviteToken } from './support/company-invite';

/**
 * Issue #37 item 4 (decision 208): a company with payment terms buys on account. The order is placed without a card,
 * holds its parts without expiring, may ship before it is paid, and its invoice (the built-in processor's, as Stripe's
 * send_invoice) is paid on its page, which records the order paid. The credit limit refuses an order over it, with
 * the amount available; two checkouts at once never pass it together.
 */

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let company: Company;
let part: Product;

type Call = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Call, url: string, who: TestUser | null, payload?: unknown) =>
  t.app.inject({ method, url, ...(who && { headers: bearer(who.token) }), ...(payload !== undefined && { payload: payload as object }) });

async function join(who: TestUser, role: 'admin' | 'buyer') {
  expect((await call('POST', `/api/admin/companies/${company._id}/invites`, admin, { email: who.email, role })).statusCode).toBe(201);
  expect((await call('POST', '/api/company/join', who, { token: companyInviteToken(t.app, who.email) })).statusCode).toBe(200);
}

async function placeOnAccount(who: TestUser, quantity: number, poNumber = 'PO-208') {
  expect((await call('PUT', `/api/cart/lines/${part._id}`, who, { quantity })).statusCode).toBe(200);
  return call('POST', '/api/checkout', who, { ...SHIP_TO, payment: 'account', ...(poNumber && { poNumber }) });
}

async function payInvoice(invoiceId: string, card = '4242424242424242') {
  const method = await t.app.inject({
    method: 'POST',
    url: '/api/test-payments/payment-methods',
    payload: { number: card, expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(method.statusCode, method.body).toBe(200);
  return t.app.inject({ method: 'POST', url: `/api/test-payments/invoices/${invoiceId}/pay`, payload: { paymentMethod: method.json().id } });
}

const invoiceIdOf = (checkout: Checkout) => checkout.onAccount!.invoiceUrl!.split('/pay-invoice/')[1];

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: 10 });
  admin = await signUpUser(t.app, { admin: true });
  [buyer, colleague, outsider] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
  // $20 a part, no tax in Oregon; shipping is the seed's.
  part = await addProduct(t.app, admin, { unitPrice: 20, stock: 100, minOrder: 1 });
  company = (await call('POST', '/api/admin/companies', admin, { name: 'Net Thirty Motors', paymentTermsDays: 30, creditLimit: 500 })).json();
  await join(buyer, 'buyer');
  await join(colleague, 'admin');
});
afterAll(async () => t.close());

describe('placing an order on account', () => {
  it('is placed without a card: its parts are held without expiring, its invoice is due in the terms, and it counts against the credit', async () => {
    const placed = await placeOnAccount(buyer, 5);
    expect(placed.statusCode, placed.body).toBe(201);
    const checkout = placed.json() as Checkout;
    expect(checkout.onAccount).toMatchObject({ overdue: false, paid: false });
    expect(checkout.onAccount!.invoiceUrl).toMatch(/\/pay-invoice\/in_\w+$/);
    const days = (Date.parse(checkout.onAccount!.dueAt) - Date.parse(checkout.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    expect(checkout.expiresAt).toBeNull();
    expect(checkout.orders.every((o) => !o.paid)).toBe(true);

    const [invoice] = await t.app.db.select().from(testInvoices).where(eq(testInvoices.checkoutId, checkout._id));
    expect(invoice).toMatchObject({ status: 'open', amountCents: Math.round(checkout.total * 100) });
    const [stock] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, part._id));
    expect(stock.stock).toBe(95);

    // No card payment of its own: it is paid through its invoice.
    const intent = await call('POST', '/api/create-payment-intent', buyer, { checkoutId: checkout._id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.code).toBe('ON_ACCOUNT');

    // The buyer is told where to pay and when; the shop's inbox hears of an order to ship now, and counts it.
    const mails = readOutbox(t.dataDir);
    const told = mails.find((m) => m.to === buyer.email && m.subject.startsWith(`Order ${checkout.number} is on account: invoice due`));
    expect(told?.text).toContain(checkout.onAccount!.invoiceUrl!);
    const inbox = mails.find((m) => m.to === t.app.config.SHOP_INBOX_EMAIL && m.subject.startsWith(`On account: order ${checkout.number}`));
    expect(inbox?.text).toContain('Net Thirty Motors');
    expect((await call('GET', '/api/admin/waiting', admin)).json().toShip).toBe(1);

    const mine = (await call('GET', '/api/company/invoices', buyer)).json() as Receivables;
    expect(mine.items.map((r) => r.number)).toContain(checkout.number);
    expect(mine.account).toEqual({ paymentTermsDays: 30, creditLimit: 500, available: 500 - checkout.total });
  });

  it('refuses an order over the credit left, with the amount available; a card order is not refused', async () => {
    const { account } = (await call('GET', '/api/company/invoices', buyer)).json() as Receivables;
    const over = await placeOnAccount(buyer, 25);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('CREDIT_LIMIT');
    expect(over.json().error.details.available).toBe(account!.available);
    expect(over.json().error.message).toContain(formatUsd(account!.available));
    // Nothing was placed: the cart is still full, and by card the same order goes through.
    const byCard = await call('POST', '/api/checkout', buyer, SHIP_TO);
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect((byCard.json() as Checkout).onAccount).toBeUndefined();
  });

  it('is refused to a customer of no company and to a company without terms', async () => {
    const refused = await placeOnAccount(outsider, 1, '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NO_ACCOUNT_TERMS');
    const cash = (await call('POST', '/api/admin/companies', admin, { name: 'Cash Only Cycles' })).json() as Company;
    const member = await signUpUser(t.app);
    expect((await call('POST', `/api/admin/companies/${cash._id}/invites`, admin, { email: member.email, role: 'buyer' })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', member, { token: companyInviteToken(t.app, member.email) })).statusCode).toBe(200);
    const none = await placeOnAccount(member, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_ACCOUNT_TERMS');
    expect((await call('POST', '/api/checkout', member, { ...SHIP_TO, payment: 'cheque' })).statusCode).toBe(400);
  });
});

describe('the company’s terms', () => {
  it('a patch of the credit limit alone keeps the terms, the tax number and the billing address (zod 4 defaults)', async () => {
    const made = await call('POST', '/api/admin/companies', admin, {
      name: 'Patch Keeps Terms',
      taxId: 'DE123456789',
      paymentTermsDays: 45,
      creditLimit: 100,
      billing: { line1: '1 Dock Rd', city: 'Hamburg', postalCode: '20457', country: 'DE' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const patched = await call('PATCH', `/api/admin/companies/${made.json()._id}`, admin, { creditLimit: 2500 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ taxId: 'DE123456789', paymentTermsDays: 45, creditLimit: 2500, billing: { line1: '1 Dock Rd', city: 'Hamburg' } });
  });
});

describe('the credit limit under concurrency', () => {
  it('two buyers placing at the same moment never pass the limit together', async () => {
    const tight = (
      await call('POST', '/api/admin/companies', admin, { name: 'Tight Credit Racing', paymentTermsDays: 14, creditLimit: 150 })
    ).json() as Company;
    const pair: TestUser[] = [];
    for (let i = 0; i < 2; i++) {
      const who = await signUpUser(t.app);
      expect((await call('POST', `/api/admin/companies/${tight._id}/invites`, admin, { email: who.email, role: 'buyer' })).statusCode).toBe(201);
      expect((await call('POST', '/api/company/join', who, { token: companyInviteToken(t.app, who.email) })).statusCode).toBe(200);
      expect((await call('PUT', `/api/cart/lines/${part._id}`, who, { quantity: 5 })).statusCode).toBe(200);
      pair.push(who);
    }
    // $100 of parts each (plus shipping): one fits in $150, two do not.
    const answers = await Promise.all(pair.map((who) => call('POST', '/api/checkout', who, { ...SHIP_TO, payment: 'account' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('CREDIT_LIMIT');
  });
});

describe('an order on account ships, and its invoice is paid', () => {
  it('ships and is delivered before it is paid; paying the invoice on its page marks it paid once, with one receipt', async () => {
    const checkout = (await placeOnAccount(buyer, 2)).json() as Checkout;
    const line = checkout.orders[0];
    // Delivered only once something of it has shipped.
    const early = await call('PATCH', `/api/paidorders/${line._id}`, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ORDER_NOT_SHIPPED');
    const shipped = await call('POST', `/api/purchases/${checkout.number}/shipments`, admin, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ orderId: line._id, quantity: 2 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    // What has shipped is not cancelled.
    const cancel = await call('DELETE', `/api/orders/${line._id}`, buyer);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('ORDER_SHIPPED');
    const delivered = await call('PATCH', `/api/paidorders/${line._id}`, admin);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ paid: false, deleverd: true });

    const invoiceId = invoiceIdOf(checkout);
    const page = await t.app.inject({ method: 'GET', url: `/api/test-payments/invoices/${invoiceId}` });
    expect(page.json()).toMatchObject({ status: 'open', amount: checkout.total, orderNumber: checkout.number });
    const declined = await payInvoice(invoiceId, '4000000000000002');
    expect(declined.statusCode).toBe(402);

    const paid = await payInvoice(invoiceId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    const after = (await call('GET', `/api/checkouts/${checkout._id}`, buyer)).json() as Checkout;
    expect(after.status).toBe('paid');
    expect(after.onAccount).toMatchObject({ paid: true, invoiceUrl: null });
    expect(after.orders[0]).toMatchObject({ paid: true, deleverd: true });
    const [head] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, checkout._id));
    expect(head.transactionId).toMatch(/^pi_/);

    // Paying again changes nothing; the open invoices no longer list it.
    expect((await payInvoice(invoiceId)).statusCode).toBe(200);
    expect(receiptsFor(t.dataDir, buyer.email).filter((m) => m.text.includes(head.transactionId!))).toHaveLength(1);
    const open = (await call('GET', '/api/admin/receivables', admin)).json() as Receivables;
    expect(open.items.map((r) => r.number)).not.toContain(checkout.number);
  });

  it('cancelling a line voids the invoice and issues one for what is left; cancelling the rest voids it', async () => {
    const second = await addProduct(t.app, admin, { unitPrice: 10, stock: 20, minOrder: 1 });
    expect((await call('PUT', `/api/cart/lines/${second._id}`, buyer, { quantity: 1 })).statusCode).toBe(200);
    const checkout = (await placeOnAccount(buyer, 1)).json() as Checkout;
    expect(checkout.orders).toHaveLength(2);
    const first = invoiceIdOf(checkout);
    const dropped = checkout.orders.find((o) => o.productId === second._id)!;
    expect((await call('DELETE', `/api/orders/${dropped._id}`, buyer)).statusCode).toBe(200);
    const after = (await call('GET', `/api/checkouts/${checkout._id}`, buyer)).json() as Checkout;
    const next = invoiceIdOf(after);
    expect(next).not.toBe(first);
    const rows = await t.app.db.select().from(testInvoices).where(eq(testInvoices.checkoutId, checkout._id));
    expect(rows.find((r) => r.id === first)?.status).toBe('void');
    expect(rows.find((r) => r.id === next)).toMatchObject({ status: 'open', amountCents: Math.round(after.total * 100) });
    // A voided invoice can no longer be paid.
    expect((await payInvoice(first)).statusCode).toBe(400);

    const last = after.orders[0];
    expect((await call('DELETE', `/api/orders/${last._id}`, buyer)).statusCode).toBe(200);
    const gone = await t.app.db.select().from(testInvoices).where(eq(testInvoices.id, next));
    expect(gone[0].status).toBe('void');
    const open = (await call('GET', '/api/company/invoices', colleague)).json() as Receivables;
    expect(open.items.map((r) => r.number)).not.toContain(checkout.number);
  });
});

describe('who sees the open invoices', () => {
  it('the admin sees every company’s, overdue first counted on the overview; a buyer their own; the company admin all', async () => {
    const checkout = (await placeOnAccount(buyer, 1)).json() as Checkout;
    // Make it overdue.
    await t.app.db
      .update(checkouts)
      .set({ dueAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(checkouts.id, checkout._id));
    const all = (await call('GET', '/api/admin/receivables', admin)).json() as Receivables;
    const row = all.items.find((r) => r.number === checkout.number)!;
    expect(row).toMatchObject({ overdue: true, daysOverdue: 3, companyName: 'Net Thirty Motors', poNumber: 'PO-208' });
    expect(all.overdueCount).toBeGreaterThanOrEqual(1);
    const overview = (await call('GET', '/api/admin/overview', admin)).json();
    expect(overview.receivables.overdue).toBeGreaterThanOrEqual(1);

    expect((await call('GET', '/api/company/invoices', colleague)).json().items.map((r: { number: string }) => r.number)).toContain(checkout.number);
    const other = await signUpUser(t.app);
    await join(other, 'buyer');
    expect((await call('GET', '/api/company/invoices', other)).json().items).toEqual([]);
    const view = (await call('GET', `/api/checkouts/${checkout._id}`, buyer)).json() as Checkout;
    expect(view.onAccount?.overdue).toBe(true);
  });

  it('refuses a visitor (401), a customer of no company (404) and a non-admin on the receivables (403)', async () => {
    expect((await call('GET', '/api/admin/receivables', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/receivables', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/company/invoices', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/company/invoices', outsider)).statusCode).toBe(404);
  });
});
