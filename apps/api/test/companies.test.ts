import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyDetailSchema, companyOrderListSchema, myCompanySchema, type Company, type Product } from '@shop/shared';
import { auditLog, checkouts } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct, CARDS, confirmPayment, createPaymentMethod } from './orders-fixtures';
import { pdfText } from './support/pdf-text';
import { eventually } from './eventually';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #37 item 1 (decision 204): trade accounts. The shop's admin creates a company and invites its admin; the
 * company's admin invites buyers, sees every order of the company and removes a buyer, who loses access at once.
 */

let t: TestApp;
let shopAdmin: TestUser;
let alice: TestUser; // the company's admin
let bob: TestUser; // a buyer
let dave: TestUser; // a second buyer
let carol: TestUser; // a plain customer
let erin: TestUser; // the admin of another company
let acme: Company;
let other: Company;
let part: Product;

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpUser(t.app, { admin: true });
  [alice, bob, dave, carol, erin] = await Promise.all([1, 2, 3, 4, 5].map(() => signUpUser(t.app)));
  part = await addProduct(t.app, shopAdmin, { unitPrice: 60, stock: 500, minOrder: 1 });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload !== undefined && { payload: payload as object }) });

/** The outbox e-mails to `email`, newest first. */
function mailsTo(email: string): { subject: string; text: string }[] {
  const dir = t.app.mailer.outboxDir!;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`))
    .sort()
    .reverse()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { subject: string; text: string });
}

/** The newest e-mail to `email` whose subject matches. */
function mailTo(email: string, subject: RegExp): { subject: string; text: string } {
  const mail = mailsTo(email).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no e-mail to ${email} matching ${subject}`);
  return mail;
}

/** The token of the newest invitation e-mail the outbox holds for `email`. */
const inviteToken = (email: string) => /\/company\/join\?token=([\w-]+)/.exec(mailTo(email, /^Buy for /).text)![1];

async function placeOrder(who: TestUser): Promise<string> {
  const put = await call('PUT', `/api/cart/lines/${part._id}`, who, { quantity: 1 });
  expect(put.statusCode, put.body).toBe(200);
  const res = await call('POST', '/api/checkout', who, SHIP_TO);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

describe('the shop’s admin creates companies', () => {
  it('creates one with its terms and limit, refuses a bad one with a message and a second of the same name', async () => {
    const res = await call('POST', '/api/admin/companies', shopAdmin, {
      name: 'Acme Moto Works',
      taxId: 'US-12-3456789',
      billing: { line1: '1 Garage Way', city: 'Portland', region: 'OR', postalCode: '97214', country: 'us' },
      paymentTermsDays: 30,
      creditLimit: 5000,
    });
    expect(res.statusCode, res.body).toBe(201);
    acme = res.json();
    expect(acme).toMatchObject({ name: 'Acme Moto Works', paymentTermsDays: 30, creditLimit: 5000, memberCount: 0, billing: { country: 'US' } });
    other = (await call('POST', '/api/admin/companies', shopAdmin, { name: 'Other Racing' })).json();

    const bad = await call('POST', '/api/admin/companies', shopAdmin, { name: 'X', paymentTermsDays: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Payment terms must be at most 120 days');
    const same = await call('POST', '/api/admin/companies', shopAdmin, { name: 'acme moto works' });
    expect(same.statusCode).toBe(409);
    const list = (await call('GET', '/api/admin/companies', shopAdmin)).json() as Company[];
    expect(list.map((c) => c.name)).toEqual(['Acme Moto Works', 'Other Racing']);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'company.create'));
    expect(audit).toMatchObject({ entityType: 'company', actorId: shopAdmin.id });
  });

  it('every admin call refuses a visitor (401) and a customer (403)', async () => {
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/api/admin/companies'],
      ['POST', '/api/admin/companies', { name: 'Nope' }],
      ['GET', `/api/admin/companies/${acme._id}`],
      ['PATCH', `/api/admin/companies/${acme._id}`, { name: 'Nope' }],
      ['POST', `/api/admin/companies/${acme._id}/invites`, { email: 'x@example.com' }],
      ['DELETE', `/api/admin/companies/${acme._id}/members/${alice.id}`],
      ['PATCH', `/api/admin/companies/${acme._id}/members/${alice.id}`, { role: 'buyer' }],
      ['DELETE', `/api/admin/companies/${acme._id}/invites/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, carol, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('members join by invitation', () => {
  it('the invited person joins with the e-mailed link; a second click changes nothing; another person cannot use it', async () => {
    const invite = await call('POST', `/api/admin/companies/${acme._id}/invites`, shopAdmin, { email: alice.email, role: 'admin' });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = inviteToken(alice.email);
    expect((await call('POST', '/api/company/join', carol, { token })).statusCode).toBe(404);
    const [a, b] = await Promise.all([call('POST', '/api/company/join', alice, { token }), call('POST', '/api/company/join', alice, { token })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const mine = myCompanySchema.parse(a.json());
    expect(mine).toMatchObject({ role: 'admin', seesAllOrders: true, company: { name: 'Acme Moto Works', memberCount: 1 } });
    expect(mine.members?.map((m) => m.email)).toEqual([alice.email]);
  });

  it('the company’s admin invites buyers; a buyer sees the company but not its members, and cannot invite', async () => {
    for (const who of [bob, dave]) {
      const res = await call('POST', '/api/company/invites', alice, { email: who.email });
      expect(res.statusCode, res.body).toBe(201);
      expect((await call('POST', '/api/company/join', who, { token: inviteToken(who.email) })).statusCode).toBe(200);
    }
    const mine = myCompanySchema.parse((await call('GET', '/api/company', bob)).json());
    expect(mine).toMatchObject({ role: 'buyer', seesAllOrders: false });
    expect(mine.members).toBeUndefined();
    expect((await call('POST', '/api/company/invites', bob, { email: 'friend@example.com' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/company/members/${dave.id}`, bob, { seesAllOrders: true })).statusCode).toBe(403);
    // One company per person: erin, invited to both, joins the other one and is then refused by Acme.
    await call('POST', `/api/admin/companies/${other._id}/invites`, shopAdmin, { email: erin.email, role: 'admin' });
    expect((await call('POST', '/api/company/join', erin, { token: inviteToken(erin.email) })).statusCode).toBe(200);
    const again = await call('POST', '/api/company/invites', alice, { email: erin.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('buys for another company');
    const detail = companyDetailSchema.parse((await call('GET', `/api/admin/companies/${acme._id}`, shopAdmin)).json());
    expect(detail.members.map((m) => [m.email, m.role])).toEqual([
      [alice.email, 'admin'],
      [bob.email, 'buyer'],
      [dave.email, 'buyer'],
    ]);
  });

  it('a company keeps an admin: the last one can neither leave nor become a buyer', async () => {
    expect((await call('DELETE', `/api/company/members/${alice.id}`, alice)).statusCode).toBe(409);
    const demote = await call('PATCH', `/api/company/members/${alice.id}`, alice, { role: 'buyer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_COMPANY_ADMIN');
  });
});

describe('the company’s orders', () => {
  let bobOrder: string;
  let daveOrder: string;

  it('an order a member places belongs to the company; its admin sees every one, a buyer their own', async () => {
    bobOrder = await placeOrder(bob);
    daveOrder = await placeOrder(dave);
    const carolOrder = await placeOrder(carol);
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, bobOrder));
    expect(row.companyId).toBe(acme._id);
    expect((await t.app.db.select().from(checkouts).where(eq(checkouts.id, carolOrder)))[0].companyId).toBeNull();

    const all = companyOrderListSchema.parse((await call('GET', '/api/company/orders', alice)).json());
    expect(all.map((o) => o._id).sort()).toEqual([bobOrder, daveOrder].sort());
    expect(all.find((o) => o._id === bobOrder)).toMatchObject({ placedBy: { email: bob.email }, status: 'Awaiting payment', paid: false });
    expect(companyOrderListSchema.parse((await call('GET', '/api/company/orders', bob)).json()).map((o) => o._id)).toEqual([bobOrder]);
    expect((await call('GET', `/api/checkouts/${bobOrder}`, alice)).statusCode).toBe(200);
    // The order's own page (and its documents) read through the company: by number and by id.
    const number = `TT-${all.find((o) => o._id === bobOrder)!.number}`;
    expect((await call('GET', `/api/purchases/${number}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/purchases/${bobOrder}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/purchases/${number}`, dave)).statusCode).toBe(404);
    expect((await call('GET', `/api/purchases/${number}`, erin)).statusCode).toBe(404);
    expect((await call('GET', `/api/purchases/${number}`, carol)).statusCode).toBe(404);
    expect((await call('GET', `/api/checkouts/${daveOrder}`, bob)).statusCode).toBe(404);
    // The company's admin reads, never pays, a buyer's order.
    const pay = await call('POST', '/api/create-payment-intent', alice, { checkoutId: bobOrder });
    expect(pay.statusCode).toBe(404);
    expect((await call('POST', '/api/create-payment-intent', bob, { checkoutId: bobOrder })).statusCode).toBe(200);
  });

  it('the admin lets a buyer see every order of the company', async () => {
    const res = await call('PATCH', `/api/company/members/${bob.id}`, alice, { seesAllOrders: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      companyOrderListSchema
        .parse((await call('GET', '/api/company/orders', bob)).json())
        .map((o) => o._id)
        .sort(),
    ).toEqual([bobOrder, daveOrder].sort());
    expect((await call('GET', `/api/checkouts/${daveOrder}`, bob)).statusCode).toBe(200);
  });

  it('a removed buyer loses the company at once, and keeps their own orders', async () => {
    expect((await call('DELETE', `/api/company/members/${bob.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', '/api/company', bob)).statusCode).toBe(404);
    expect((await call('GET', '/api/company/orders', bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/checkouts/${daveOrder}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/checkouts/${bobOrder}`, bob)).statusCode).toBe(200);
    // The order stays the company's.
    expect(companyOrderListSchema.parse((await call('GET', '/api/company/orders', alice)).json()).map((o) => o._id)).toContain(bobOrder);
  });

  it('a plain customer, a former member and another company’s admin are refused every company call (404), a visitor 401', async () => {
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/api/company'],
      ['GET', '/api/company/orders'],
      ['POST', '/api/company/invites', { email: 'someone@example.com' }],
      ['PATCH', `/api/company/members/${dave.id}`, { seesAllOrders: true }],
      ['DELETE', `/api/company/members/${dave.id}`],
      ['GET', `/api/checkouts/${daveOrder}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `visitor ${method} ${url}`).toBe(401);
      expect((await call(method, url, carol, body)).statusCode, `customer ${method} ${url}`).toBe(404);
      expect((await call(method, url, bob, body)).statusCode, `former member ${method} ${url}`).toBe(404);
    }
    // Erin is the admin of her own company: Acme's members and orders are not hers to touch.
    expect((await call('PATCH', `/api/company/members/${dave.id}`, erin, { seesAllOrders: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/company/members/${dave.id}`, erin)).statusCode).toBe(404);
    expect((await call('GET', `/api/checkouts/${daveOrder}`, erin)).statusCode).toBe(404);
    expect(companyOrderListSchema.parse((await call('GET', '/api/company/orders', erin)).json())).toEqual([]);
  });

  it('a used, withdrawn or foreign invitation is a 404', async () => {
    const sent = (await call('POST', '/api/company/invites', alice, { email: carol.email })).json() as { _id: string };
    const token = inviteToken(carol.email);
    expect((await call('DELETE', `/api/company/invites/${sent._id}`, erin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/company/invites/${sent._id}`, alice)).statusCode).toBe(204);
    expect((await call('POST', '/api/company/join', carol, { token })).statusCode).toBe(404);
    expect((await call('POST', '/api/company/join', carol, { token: 'short' })).statusCode).toBe(400);
  });
});

describe('a purchase-order number (issue #37 item 4, decision 205)', () => {
  it('a company buyer gives one at checkout: it is on the order, the invoice, the receipt, the shop’s e-mail, and the admin finds the order by it', async () => {
    await call('PUT', `/api/cart/lines/${part._id}`, alice, { quantity: 2 });
    const bad = await call('POST', '/api/checkout', alice, { ...SHIP_TO, poNumber: 'PO<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('PO number may hold letters, digits, spaces');
    const placed = await call('POST', '/api/checkout', alice, { ...SHIP_TO, poNumber: '  WS-4711/A  ' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { _id: string; number: string; poNumber?: string };
    expect(order.poNumber).toBe('WS-4711/A');

    const intent = await call('POST', '/api/create-payment-intent', alice, { checkoutId: order._id });
    expect(intent.statusCode, intent.body).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id as string;
    expect((await call('PATCH', `/api/checkouts/${order._id}`, alice, { transactionId: pi })).statusCode).toBe(200);

    const view = await call('GET', `/api/purchases/${order.number}`, alice);
    expect(view.json()).toMatchObject({ poNumber: 'WS-4711/A' });
    const pdf = await call('GET', `/api/purchases/${order.number}/invoice.pdf`, alice);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Your PO number: WS-4711/A');
    // The e-mails go out after the answer.
    await eventually(async () => {
      expect(mailTo(alice.email, /^Your receipt/).text).toContain('Your PO number');
      expect(mailTo(alice.email, /^Your receipt/).text).toContain('WS-4711/A');
      expect(mailTo(t.app.config.SHOP_INBOX_EMAIL, /^Paid: order/).text).toContain('WS-4711/A');
    });

    const found = await call('GET', `/api/admin/purchases?q=${encodeURIComponent('4711/a')}`, shopAdmin);
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { items: { number: string; poNumber?: string }[] }).items.map((p) => [p.number, p.poNumber])).toEqual([
      [order.number, 'WS-4711/A'],
    ]);
  });

  it('someone of no company cannot give one (400), and an order without one answers as before (no poNumber key)', async () => {
    await call('PUT', `/api/cart/lines/${part._id}`, carol, { quantity: 1 });
    const refused = await call('POST', '/api/checkout', carol, { ...SHIP_TO, poNumber: 'PO-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('PO_NUMBER_NOT_ALLOWED');
    const plain = await call('POST', '/api/checkout', carol, SHIP_TO);
    expect(plain.statusCode).toBe(201);
    expect(Object.keys(plain.json())).not.toContain('poNumber');
  });
});

describe('the company’s tax status prices its members (issue #37 item 1: the exemption moves to the company)', () => {
  it('a member is taxed by the company’s exemption and tax number, not by their own; leaving, by their own again', async () => {
    const frank = await signUpUser(t.app);
    const exempt = (
      await call('POST', '/api/admin/companies', shopAdmin, { name: 'Exempt Export Ltd', taxExempt: true, taxId: 'DE811907980' })
    ).json() as Company;
    expect((await call('PUT', `/api/cart/lines/${part._id}`, frank, { quantity: 2 })).statusCode).toBe(200);
    const quote = async () =>
      (await call('POST', '/api/checkout/quote', frank, { country: 'DE' })).json() as { taxExempt: boolean; options: { figures: { tax: number } }[] };
    const before = await quote();
    expect(before.taxExempt).toBe(false);
    expect(before.options[0].figures.tax).toBeGreaterThan(0);

    expect((await call('POST', `/api/admin/companies/${exempt._id}/invites`, shopAdmin, { email: frank.email, role: 'admin' })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', frank, { token: inviteToken(frank.email) })).statusCode).toBe(200);
    const member = await quote();
    expect(member.taxExempt).toBe(true);
    expect(member.options[0].figures.tax).toBe(0);
    const placed = await call('POST', '/api/checkout', frank, {
      shippingAddress: { name: 'Frank Weber', line1: 'Ringstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE', phone: '+49 30 901820' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, (placed.json() as { _id: string })._id));
    expect(row).toMatchObject({ taxExempt: true, taxId: 'DE811907980', companyId: exempt._id, taxCents: 0 });

    // The company loses its exemption: its member is taxed on the next quote.
    expect((await call('PATCH', `/api/admin/companies/${exempt._id}`, shopAdmin, { taxExempt: false })).statusCode).toBe(200);
    expect((await call('PUT', `/api/cart/lines/${part._id}`, frank, { quantity: 2 })).statusCode).toBe(200);
    expect((await quote()).taxExempt).toBe(false);
  });
});

describe('the shop’s admin manages a company’s people from its page', () => {
  it('withdraws an open invitation, makes a member admin or buyer (never the last admin a buyer), and a malformed id is a 404', async () => {
    const co = (await call('POST', '/api/admin/companies', shopAdmin, { name: 'People Moto' })).json() as Company;
    const [gina, hank] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    expect((await call('POST', `/api/admin/companies/${co._id}/invites`, shopAdmin, { email: gina.email, role: 'admin' })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', gina, { token: inviteToken(gina.email) })).statusCode).toBe(200);
    const sent = await call('POST', `/api/admin/companies/${co._id}/invites`, shopAdmin, { email: hank.email, role: 'buyer' });
    expect(sent.statusCode).toBe(201);
    const invite = sent.json() as { _id: string };

    // The invitation is withdrawn: its link no longer works, and withdrawing it again is a 404.
    expect((await call('DELETE', `/api/admin/companies/${co._id}/invites/${invite._id}`, shopAdmin)).statusCode).toBe(204);
    expect((await call('POST', '/api/company/join', hank, { token: inviteToken(hank.email) })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/companies/${co._id}/invites/${invite._id}`, shopAdmin)).statusCode).toBe(404);
    // Another company's invitation cannot be withdrawn through this one.
    expect((await call('DELETE', `/api/admin/companies/${acme._id}/invites/${invite._id}`, shopAdmin)).statusCode).toBe(404);

    // The last admin stays admin (409); a second admin can then be made a buyer who sees every order.
    const last = await call('PATCH', `/api/admin/companies/${co._id}/members/${gina.id}`, shopAdmin, { role: 'buyer' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_COMPANY_ADMIN');
    expect((await call('POST', `/api/admin/companies/${co._id}/invites`, shopAdmin, { email: hank.email, role: 'admin' })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', hank, { token: inviteToken(hank.email) })).statusCode).toBe(200);
    const changed = await call('PATCH', `/api/admin/companies/${co._id}/members/${gina.id}`, shopAdmin, { role: 'buyer', seesAllOrders: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'buyer', seesAllOrders: true });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, co._id));
    expect(audits.find((a) => a.action === 'company.member.update')).toMatchObject({ actorId: shopAdmin.id });

    // Malformed ids are 404s with a message, never a database error.
    for (const [method, url, body] of [
      ['DELETE', '/api/admin/companies/not-an-id/invites/not-an-id'],
      ['PATCH', `/api/admin/companies/not-an-id/members/${gina.id}`, { role: 'admin' }],
      ['DELETE', `/api/admin/companies/not-an-id/members/${gina.id}`],
    ] as const) {
      const res = await call(method, url, shopAdmin, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
