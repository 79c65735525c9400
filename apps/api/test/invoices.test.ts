import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop, type Checkout, type Product } from '@shop/shared';
import { orders, products } from '../src/db/schema';
import { documentCounters, documents } from '../src/db/schema/documents';
import { markCheckoutPaid } from '../src/workflows/record-payment';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { pdfText } from './support/pdf-text';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, payOrder, placeOrder, readOutbox } from './orders-fixtures';

/**
 * Issue #25 item 2 (decision 156): paying an order issues its invoice,
 * numbered INV-<year>-NNNNNN in the payment's transaction with no gaps, kept
 * as issued, downloadable as a PDF by its customer or an admin, and attached
 * to the receipt.
 */

const TENNESSEE = {
  name: 'Sam Okafor',
  company: 'Okafor Cycles',
  line1: '500 Broadway',
  city: 'Nashville',
  region: 'TN',
  postalCode: '37203',
  country: 'US',
  phone: '+1 615 555 0100',
};
const year = new Date().getUTCFullYear();
const inv = (n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

interface OutboxWithAttachments {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; size: number; contentBase64: string }[];
}

describe('invoices', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let lever: Product;
  let plugs: Product;
  let first: Checkout;
  let firstPi: string;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
  const placeCheckout = async (user: TestUser, lines: [Product, number][]): Promise<Checkout> => {
    for (const [p, q] of lines) expect((await api(user, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
    const res = await api(user, 'POST', '/api/checkout', { shippingAddress: TENNESSEE });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const payAtProvider = async (user: TestUser, checkoutId: string): Promise<string> => {
    const intent = await api(user, 'POST', '/api/create-payment-intent', { checkoutId });
    expect(intent.statusCode).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    return (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id;
  };
  const record = (user: TestUser, checkoutId: string, pi: string) => api(user, 'PATCH', `/api/checkouts/${checkoutId}`, { transactionId: pi });
  const invoicesOf = (checkoutId: string) => t.app.db.select().from(documents).where(eq(documents.checkoutId, checkoutId));
  const counter = async () =>
    (
      await t.app.db
        .select()
        .from(documentCounters)
        .where(and(eq(documentCounters.kind, 'invoice'), eq(documentCounters.year, year)))
    )[0]?.last ?? 0;
  const download = (user: TestUser | null, ref: string) => api(user, 'GET', `/api/purchases/${ref}/invoice.pdf`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    lever = await addProduct(t.app, admin, { name: 'Brake lever', unitPrice: 24.99, minOrder: 1, stock: 1000 });
    plugs = await addProduct(t.app, admin, { name: 'Spark plugs', unitPrice: 10, minOrder: 2, stock: 1000 });
  });
  afterAll(async () => t.close());

  it('paying a checkout issues INV-<year>-000001 for it, with its lines, tax by rate and total', async () => {
    first = await placeCheckout(alice, [
      [lever, 1],
      [plugs, 2],
    ]);
    firstPi = await payAtProvider(alice, first._id);
    expect((await record(alice, first._id, firstPi)).statusCode).toBe(200);
    const [doc] = await invoicesOf(first._id);
    expect(doc).toMatchObject({ kind: 'invoice', number: inv(1), year, seq: 1 });
    const data = doc.data;
    expect(data.orderNumber).toBe(first.number);
    expect(data.seller).toMatchObject({ name: shop.name, address: shop.address, taxNumber: shop.taxNumber });
    expect(data.buyer).toMatchObject({ name: 'Sam Okafor', company: 'Okafor Cycles', email: alice.email, taxExempt: false });
    expect(data.buyer.addressLines).toEqual(['500 Broadway', 'Nashville, TN 37203', 'United States']);
    // Tennessee 7 % on goods and shipping: 24.99 → 1.75, 10.00 → 0.70.
    expect(data.lines.map((l) => [l.name, l.quantity, l.lotSize, l.amountCents, l.taxCents, l.taxRate])).toEqual([
      ['Brake lever', 1, 1, 2499, 175, 7000],
      ['Spark plugs', 2, 2, 1000, 70, 7000],
    ]);
    expect(data.totalCents).toBe(Math.round(first.total * 100));
    expect(data.taxCents).toBe(Math.round(first.tax * 100));
    expect(data.taxByRate).toEqual([{ taxRate: 7000, baseCents: 3499 + data.shippingCents, taxCents: data.taxCents }]);

    const view = await api(alice, 'GET', `/api/purchases/${first.number}`);
    expect(view.json().invoiceNumber).toBe(inv(1));
  });

  it('numbers without gaps: a payment rolled back after its invoice was numbered, and one refused for its amount, leave none', async () => {
    const second = await placeCheckout(bob, [[lever, 2]]);
    const secondPi = await payAtProvider(bob, second._id);
    const payment = (await t.app.payments.retrievePayment(secondPi))!;
    // The payment's transaction numbers the invoice, then fails: everything, the number too, is rolled back.
    await expect(
      t.app.db.transaction(async (tx) => {
        await markCheckoutPaid(tx, second._id, payment);
        const [numbered] = await tx.select().from(documents).where(eq(documents.checkoutId, second._id));
        expect(numbered.number).toBe(inv(2));
        throw new Error('the payment could not be recorded');
      }),
    ).rejects.toThrow('could not be recorded');
    expect(await invoicesOf(second._id)).toEqual([]);
    expect(await counter()).toBe(1);

    // A payment that does not fit (the order's amount moved by a cent) is refused and refunded: no number either.
    const third = await placeCheckout(bob, [[plugs, 4]]);
    const thirdPi = await payAtProvider(bob, third._id);
    await t.app.db.update(orders).set({ priceCents: 2001 }).where(eq(orders.checkoutId, third._id));
    const refused = await record(bob, third._id, thirdPi);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await invoicesOf(third._id)).toEqual([]);
    expect(await counter()).toBe(1);

    expect((await record(bob, second._id, secondPi)).statusCode).toBe(200);
    expect((await invoicesOf(second._id)).map((d) => d.number)).toEqual([inv(2)]);
  });

  it('recording the same payment again issues no second invoice', async () => {
    const again = await record(alice, first._id, firstPi);
    expect(again.statusCode).toBe(200);
    expect(await invoicesOf(first._id)).toHaveLength(1);
    expect(await counter()).toBe(2);
  });

  it('downloads as a PDF with its number, lines, tax and total, for its customer and an admin', async () => {
    const res = await download(alice, first.number);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv(1)}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const s of [
      inv(1),
      first.number,
      shop.name,
      shop.taxNumber,
      'Sam Okafor',
      'Okafor Cycles',
      alice.email,
      'Brake lever',
      lever.sku!,
      'Spark plugs',
      '$24.99',
      '$10.00 / 2',
      '$1.75 (7 %)',
      '$0.70 (7 %)',
      `Tax 7 % on`,
      `$${first.tax.toFixed(2)}`,
      `Total paid (USD)`,
      `$${first.total.toFixed(2)}`,
    ]) {
      expect(text).toContain(s);
    }
    // By id too, and for an admin.
    const byAdmin = await download(admin, first._id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('stays as issued when the part is renamed afterwards', async () => {
    const before = (await download(alice, first.number)).rawPayload;
    const [docBefore] = await invoicesOf(first._id);
    await t.app.db.update(products).set({ name: 'Brake lever MkII' }).where(eq(products.id, lever._id));
    const after = await download(alice, first.number);
    expect(after.rawPayload.equals(before)).toBe(true);
    const text = await pdfText(after.rawPayload);
    expect(text).toContain('Brake lever');
    expect(text).not.toContain('MkII');
    const [docAfter] = await invoicesOf(first._id);
    expect(docAfter.data).toEqual(docBefore.data);
    // Drawn again from the snapshot alone, it is the same document.
    const { renderInvoicePdf } = await import('../src/modules/invoices/invoice-pdf');
    expect((await renderInvoicePdf(docAfter.data)).equals(before)).toBe(true);
  });

  it('the receipt e-mail says the invoice number and has its PDF attached', async () => {
    const receipt = (readOutbox(t.dataDir) as OutboxWithAttachments[]).find((m) => m.to === alice.email && m.subject.includes(`order ${first.number} paid`))!;
    expect(receipt.text).toContain(`Invoice: ${inv(1)} (PDF attached)`);
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments!;
    expect(pdf).toMatchObject({ filename: `${inv(1)}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(pdf.contentBase64, 'base64'));
    expect(text).toContain(inv(1));
    expect(text).toContain(`$${first.total.toFixed(2)}`);
  });

  it('refuses a visitor (401), another customer (404) and an order not paid yet (404)', async () => {
    expect((await download(null, first.number)).statusCode).toBe(401);
    expect((await download(bob, first.number)).statusCode).toBe(404);
    const unpaid = await placeCheckout(alice, [[plugs, 2]]);
    const res = await download(alice, unpaid.number);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('INVOICE_NOT_FOUND');
    expect((await api(alice, 'GET', `/api/purchases/${unpaid.number}`)).json().invoiceNumber).toBeNull();
    expect((await download(alice, 'TT-999999')).statusCode).toBe(404);
  });

  it('a lone spec order gets the next number when it is paid', async () => {
    const order = await placeOrder(t.app, bob, lever._id, 3);
    await payOrder(t.app, bob, order._id);
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.checkoutId, order._id));
    expect(doc.number).toBe(inv(3));
    // Decision 160: it ships to Germany and is taxed: 74.97 at 19 % (14.2443 → 14.24), shipping 24.99 at 19 % (4.75).
    expect(doc.data.lines).toMatchObject([{ quantity: 3, amountCents: 3 * 2499, taxCents: 1424, taxRate: 19000 }]);
    expect(doc.data.shipping).toMatchObject({ amountCents: 2499, taxCents: 475, taxRate: 19000 });
    expect(doc.data.buyer.addressLines).toEqual(['Ringstraße 1, Berlin', 'Germany']);
    expect(doc.data).toMatchObject({ goodsCents: 7497, shippingCents: 2499, taxCents: 1899, totalCents: 11895 });
    expect(doc.data.buyer.email).toBe(bob.email);
    const res = await download(bob, order._id);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(inv(3));
  });
});
