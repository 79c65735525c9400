import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxInGross, taxOnNet, type Checkout, type CheckoutQuote, type Product, type Purchase } from '@shop/shared';
import { products, shopSettings } from '../src/db/schema';
import { documents } from '../src/db/schema/documents';
import { ConfigError, loadConfig } from '../src/config/env';
import type { InvoiceData } from '../src/modules/invoices/invoice-data';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { pdfText } from './support/pdf-text';
import { addProduct, CARDS, confirmPayment, createPaymentMethod } from './orders-fixtures';

/** As the invoice prints money: $1,000.17. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Issue #39 item 5 (decision 183): invoices and tax an EU buyer's accountant accepts. A business buyer gives an EU
 * VAT ID at checkout (format and check digits); another member state's than the shop's makes the order reverse
 * charge at 0 %, priced on the server; the shop's VAT number (SHOP_VAT_NUMBER) is on every invoice to the EU; and
 * each rate's tax on the invoice is the sum of the line taxes it prints.
 */

// The shop is registered in Ireland in this test (not the demo default, so the setting is seen to be used).
const SHOP_VAT = 'IE6000357T';
const GERMAN_VAT = 'DE136695976';
const BERLIN = {
  name: 'Jonas Weber',
  company: 'Weber Motorrad GmbH',
  line1: 'Friedrichstraße 10',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '030 901820',
};
const DUBLIN = {
  name: 'Aoife Byrne',
  company: 'Byrne Motors Ltd',
  line1: '12 Dame Street',
  city: 'Dublin',
  postalCode: 'D02 X285',
  country: 'IE',
  phone: '+353 1 555 0100',
};
const TENNESSEE = { name: 'Sam Okafor', line1: '500 Broadway', city: 'Nashville', region: 'TN', postalCode: '37203', country: 'US', phone: '+1 615 555 0100' };
const TEXAS = { name: 'Rosa Diaz', line1: '100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', phone: '+1 512 555 0100' };
const cents = (n: number) => Math.round(n * 100);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('EU VAT IDs, reverse charge and the invoice tax summary', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let lever: Product;
  let plugs: Product;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
  const fill = async (user: TestUser, lines: [Product, number][]) => {
    for (const [p, q] of lines) expect((await api(user, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
  };
  const pay = async (user: TestUser, order: Checkout) => {
    const intent = await api(user, 'POST', '/api/create-payment-intent', { checkoutId: order._id });
    expect(intent.statusCode, intent.body).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id as string;
    expect((await api(user, 'PATCH', `/api/checkouts/${order._id}`, { transactionId: pi })).statusCode).toBe(200);
    return intent.json().amount as number;
  };
  const invoiceOf = async (checkoutId: string) => {
    const [doc] = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.kind, 'invoice'), eq(documents.checkoutId, checkoutId)));
    return { doc, data: doc.data as InvoiceData };
  };
  const invoicePdf = async (user: TestUser, ref: string) => {
    const res = await api(user, 'GET', `/api/purchases/${ref}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    return flat(await pdfText(res.rawPayload));
  };

  beforeAll(async () => {
    t = await createTestApp({ SHOP_VAT_NUMBER: SHOP_VAT });
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    lever = await addProduct(t.app, admin, { name: 'Brake lever', unitPrice: 24.99, minOrder: 1, stock: 10_000 });
    plugs = await addProduct(t.app, admin, { name: 'Spark plugs', unitPrice: 10, minOrder: 2, stock: 10_000 });
  });
  afterAll(async () => t.close());

  it('SHOP_VAT_NUMBER must be an EU VAT number that passes its check digits', () => {
    expect(loadConfig({ NODE_ENV: 'test', SHOP_VAT_NUMBER: 'ie 6000357t' }, {}).SHOP_VAT_NUMBER).toBe('IE6000357T');
    expect(() => loadConfig({ NODE_ENV: 'test', SHOP_VAT_NUMBER: 'IE6000357A' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SHOP_VAT_NUMBER: 'EIN 31-4271958' }, {})).toThrow(/SHOP_VAT_NUMBER must be the shop's EU VAT number/);
  });

  it('checks a VAT ID at the quote and the checkout: good, bad format, bad check digits and non-EU; a bad one reserves nothing', async () => {
    await fill(alice, [[lever, 1]]);
    const quote = (vatId: string) => api(alice, 'POST', '/api/checkout/quote', { country: 'DE', vatId });
    const good = await quote('de 136 695 976');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ vatId: GERMAN_VAT, reverseCharge: true });

    for (const [vatId, message] of [
      ['DE12345', 'DE12345 is not in the format of a VAT ID of Germany'],
      ['DE136695975', 'DE136695975 fails the check-digit test of a VAT ID of Germany'],
      ['GB980780684', 'GB980780684 is not an EU VAT ID'],
      ['US123456789', 'US123456789 is not an EU VAT ID'],
    ]) {
      const q = await quote(vatId);
      expect(q.statusCode, vatId).toBe(400);
      expect(q.json().error.message).toContain(message);
      const placed = await api(alice, 'POST', '/api/checkout', { shippingAddress: BERLIN, vatId });
      expect(placed.statusCode, vatId).toBe(400);
      expect(placed.json().error.message).toContain(message);
    }
    // The cart is still there: nothing was reserved.
    expect((await api(alice, 'GET', '/api/cart')).json().lines).toHaveLength(1);
    await api(alice, 'DELETE', `/api/cart/lines/${lever._id}`);
  });

  it('a German business with its VAT ID pays 0 % (reverse charge): checkout, payment, invoice and credit note agree; the PDF names both VAT numbers', async () => {
    await fill(bob, [
      [lever, 3],
      [plugs, 4],
    ]);
    const taxed: CheckoutQuote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'DE' })).json();
    const reverse: CheckoutQuote = (await api(bob, 'POST', '/api/checkout/quote', { country: 'DE', vatId: GERMAN_VAT })).json();
    expect(taxed.reverseCharge).toBe(false);
    expect(taxed.options[0].figures.tax).toBeGreaterThan(0);
    expect(reverse.options[0].figures).toMatchObject({ tax: 0, goods: taxed.options[0].figures.goods, shipping: taxed.options[0].figures.shipping });

    // The page's figures are never sent: the server prices the reverse charge from the VAT ID alone.
    const placed = await api(bob, 'POST', '/api/checkout', { shippingAddress: BERLIN, vatId: GERMAN_VAT, tax: 999, total: 1 });
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Checkout = placed.json();
    // Goods 3 × 24.99 + 2 lots × 10.00 = 94.97, shipping as quoted, no VAT.
    expect(order).toMatchObject({ goods: 94.97, tax: 0, taxIncluded: false, vatId: GERMAN_VAT, reverseCharge: true });
    expect(cents(order.total)).toBe(cents(order.goods) + cents(order.shipping));
    expect(order.lines.every((l) => l.tax === 0)).toBe(true);
    expect(await pay(bob, order)).toBe(order.total);

    const view: Purchase = (await api(bob, 'GET', `/api/purchases/${order.number}`)).json();
    expect(view).toMatchObject({ vatId: GERMAN_VAT, reverseCharge: true, total: order.total });
    const adminView: Purchase = (await api(admin, 'GET', `/api/purchases/${order.number}`)).json();
    expect(adminView).toMatchObject({ vatId: GERMAN_VAT, reverseCharge: true });

    const { data } = await invoiceOf(order._id);
    expect(data.seller.vatNumber).toBe(SHOP_VAT);
    expect(data.buyer).toMatchObject({ vatId: GERMAN_VAT, reverseCharge: true });
    expect(data).toMatchObject({ taxCents: 0, totalCents: cents(order.total) });
    const text = await invoicePdf(bob, order.number);
    for (const s of ['Reverse charge', `VAT number: ${SHOP_VAT}`, `VAT ID: ${GERMAN_VAT}`, 'VAT 0 % (reverse charge)', `$${order.total.toFixed(2)}`]) {
      expect(text).toContain(s);
    }

    // A refund of one lever gives back 24.99 and no tax; its credit note carries both numbers and the reverse charge.
    const refund = await api(admin, 'POST', `/api/purchases/${order.number}/refunds`, {
      reason: 'Wrong part',
      idempotencyKey: randomUUID(),
      lines: [{ orderId: order.orders.find((o) => o.productId === lever._id)!._id, quantity: 1 }],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refunded: Purchase = refund.json();
    expect(refunded.refunds[0]).toMatchObject({ total: 24.99, goods: 24.99, tax: 0 });
    const cn = refunded.refunds[0].creditNoteNumber!;
    const credit = await api(bob, 'GET', `/api/purchases/${order.number}/credit-notes/${cn}`);
    expect(credit.statusCode).toBe(200);
    const creditText = flat(await pdfText(credit.rawPayload));
    for (const s of ['CREDIT NOTE', 'Reverse charge', `VAT number: ${SHOP_VAT}`, `VAT ID: ${GERMAN_VAT}`, 'Total credited (USD) $24.99']) {
      expect(creditText).toContain(s);
    }
  });

  it('a VAT ID of the shop’s own member state is printed, but VAT is charged; so is one for parts shipped outside the EU', async () => {
    await fill(alice, [[lever, 1]]);
    const irish = await api(alice, 'POST', '/api/checkout', { shippingAddress: DUBLIN, vatId: 'IE6000374T' });
    expect(irish.statusCode, irish.body).toBe(201);
    const order: Checkout = irish.json();
    // Irish VAT 23 % on 24.99 = 5.7477 → 5.75, and on shipping.
    expect(order).toMatchObject({ vatId: 'IE6000374T', reverseCharge: false });
    expect(order.lines[0].tax).toBe(5.75);
    await pay(alice, order);
    const text = await invoicePdf(alice, order.number);
    expect(text).toContain('VAT ID: IE6000374T');
    expect(text).toContain(`VAT number: ${SHOP_VAT}`);
    expect(text).not.toContain('Reverse charge');

    await fill(alice, [[lever, 1]]);
    const us: Checkout = (await api(alice, 'POST', '/api/checkout', { shippingAddress: TENNESSEE, vatId: GERMAN_VAT })).json();
    expect(us).toMatchObject({ vatId: GERMAN_VAT, reverseCharge: false });
    expect(us.tax).toBeGreaterThan(0);
  });

  it('the shop’s VAT number is on every invoice to the EU and not on one to the US', async () => {
    await fill(alice, [[plugs, 2]]);
    const berlin: Checkout = (await api(alice, 'POST', '/api/checkout', { shippingAddress: BERLIN })).json();
    await pay(alice, berlin);
    expect((await invoiceOf(berlin._id)).data.seller.vatNumber).toBe(SHOP_VAT);
    expect(await invoicePdf(alice, berlin.number)).toContain(`VAT number: ${SHOP_VAT}`);

    await fill(alice, [[plugs, 2]]);
    const texas: Checkout = (await api(alice, 'POST', '/api/checkout', { shippingAddress: TEXAS })).json();
    await pay(alice, texas);
    expect((await invoiceOf(texas._id)).data.seller.vatNumber).toBe('');
    expect(await invoicePdf(alice, texas.number)).not.toContain('VAT number');
  });

  it('for random carts, places and settings, each rate’s tax on the invoice is the sum of the line taxes it prints, and the invoice total is what was charged', async () => {
    const carol = await signUpUser(t.app, { name: 'Carol Random' });
    const pool = await Promise.all(
      [12.35, 7.99, 33.33, 1.05, 149.95].map((price, i) =>
        addProduct(t.app, admin, { name: `Random part ${i + 1}`, unitPrice: price, minOrder: 1, stock: 100_000 }),
      ),
    );
    // Two rates in one German order: one part is taxed at the reduced rate (7 %).
    await t.app.db.update(products).set({ taxCategory: 'reduced' }).where(eq(products.id, pool[1]._id));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ i: fc.integer({ min: 0, max: 4 }), q: fc.integer({ min: 1, max: 40 }) }), {
          minLength: 2,
          maxLength: 5,
          selector: (l) => l.i,
        }),
        fc.constantFrom(TEXAS, TENNESSEE, BERLIN, DUBLIN),
        fc.boolean(),
        async (cart, place, included) => {
          await t.app.db.update(shopSettings).set({ pricesIncludeTax: included });
          await fill(
            carol,
            cart.map(({ i, q }) => [pool[i], q]),
          );
          const placed = await api(carol, 'POST', '/api/checkout', { shippingAddress: place });
          expect(placed.statusCode, placed.body).toBe(201);
          const order: Checkout = placed.json();
          const charged = await pay(carol, order);
          const { data } = await invoiceOf(order._id);
          expect(data.totalCents).toBe(cents(charged));

          const taxed = [...data.lines, ...(data.shipping ? [data.shipping] : [])];
          for (const l of taxed) {
            // Each printed line's tax is its amount at its printed rate, rounded half-up to the cent.
            expect(l.taxRate).not.toBeNull();
            expect(l.taxCents).toBe(data.taxIncluded ? taxInGross(l.amountCents, l.taxRate!) : taxOnNet(l.amountCents, l.taxRate!));
          }
          const text = await invoicePdf(carol, order.number);
          for (const row of data.taxByRate) {
            const at = taxed.filter((l) => l.taxRate === row.taxRate);
            expect(row.taxCents).toBe(at.reduce((s, l) => s + l.taxCents, 0));
            expect(row.baseCents).toBe(at.reduce((s, l) => s + l.amountCents, 0));
            // The PDF shows the addition whenever a rate has more than one line.
            if (at.length > 1 && row.taxCents > 0) {
              const terms = at.map((l) => usd.format(l.taxCents / 100)).join(' + ');
              expect(text).toContain(`= ${terms}: each line's tax, rounded to the cent`);
            }
          }
          expect(data.taxByRate.reduce((s, r) => s + r.taxCents, 0)).toBe(data.taxCents);
          expect(data.totalCents).toBe(data.goodsCents + data.shippingCents + (data.taxIncluded ? 0 : data.taxCents));
        },
      ),
      { numRuns: 6 },
    );
    await t.app.db.update(shopSettings).set({ pricesIncludeTax: false });
    // Each run places, pays and draws an invoice PDF (embedded fonts): seconds each on a busy machine.
  }, 240_000);
});
