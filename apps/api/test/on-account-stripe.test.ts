import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Checkout, Company, Product } from '@shop/shared';
import { checkouts } from '../src/db/schema';
import { reconcilePayments } from '../src/workflows/reconcile-payments';
import { bearer, signUpUser, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';
import { companyInviteToken } from './support/company-invite';
import { startStripeShop, type StripeShop } from './support/stripe-shop';

/**
 * Issue #37 item 4 (decision 208) with Stripe: an order on account is a Stripe invoice with
 * `collection_method=send_invoice` and `days_until_due`, sent to the buyer; Stripe's `invoice.paid` webhook marks the
 * order paid with the invoice's PaymentIntent (which the reconciliation never takes for a stray payment to refund).
 */

let shop: StripeShop;
let admin: TestUser;
let buyer: TestUser;
let part: Product;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: unknown) =>
  shop.t.app.inject({ method, url, headers: bearer(who.token), ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  shop = await startStripeShop('whsec_on_account');
  admin = await signUpUser(shop.t.app, { admin: true });
  buyer = await signUpUser(shop.t.app);
  part = await addProduct(shop.t.app, admin, { unitPrice: 40, stock: 30, minOrder: 1 });
  const company = (
    await call('POST', '/api/admin/companies', admin, { name: 'Stripe Terms Garage', paymentTermsDays: 45, creditLimit: 2000 })
  ).json() as Company;
  expect((await call('POST', `/api/admin/companies/${company._id}/invites`, admin, { email: buyer.email, role: 'buyer' })).statusCode).toBe(201);
  expect((await call('POST', '/api/company/join', buyer, { token: companyInviteToken(shop.t.app, buyer.email) })).statusCode).toBe(200);
});
afterAll(async () => shop.close());

describe('an order on account with Stripe', () => {
  it('is a sent Stripe invoice due in the terms, and invoice.paid marks it paid once', async () => {
    expect((await call('PUT', `/api/cart/lines/${part._id}`, buyer, { quantity: 3 })).statusCode).toBe(200);
    const placed = await call('POST', '/api/checkout', buyer, { ...SHIP_TO, payment: 'account' });
    expect(placed.statusCode, placed.body).toBe(201);
    const checkout = placed.json() as Checkout;
    expect(checkout.onAccount?.invoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_/);

    const [invoice] = [...shop.fake.invoices.values()];
    expect(invoice).toMatchObject({
      collection_method: 'send_invoice',
      days_until_due: 45,
      status: 'open',
      amount_due: Math.round(checkout.total * 100),
      metadata: { checkoutId: checkout._id, orderNumber: checkout.number },
    });
    expect(shop.fake.calls('POST', `/v1/invoices/${invoice.id}/send`)).toHaveLength(1);
    // No card payment was asked for.
    expect(shop.fake.calls('POST', '/v1/payment_intents')).toHaveLength(0);

    const paid = shop.fake.payInvoice(invoice.id);
    const paymentIntent = shop.fake.invoicePayments.get(invoice.id)!;
    // Before the webhook arrives, the reconciliation finds the invoice's payment and leaves it alone.
    await reconcilePayments(shop.t.app);
    expect(shop.fake.refunds.size).toBe(0);

    const event = shop.fake.event('invoice.paid', paid);
    const first = await shop.postEvent(event);
    expect(first.statusCode, first.body).toBe(200);
    const [head] = await shop.t.app.db.select().from(checkouts).where(eq(checkouts.id, checkout._id));
    expect(head.transactionId).toBe(paymentIntent);
    const view = (await call('GET', `/api/checkouts/${checkout._id}`, buyer)).json() as Checkout;
    expect(view.status).toBe('paid');
    expect(view.orders.every((o) => o.paid)).toBe(true);

    const again = await shop.postEvent(event);
    expect(again.json()).toMatchObject({ received: true, duplicate: true });
    expect(shop.fake.refunds.size).toBe(0);
  });

  it('a buyer cancelling the order voids its invoice at Stripe', async () => {
    expect((await call('PUT', `/api/cart/lines/${part._id}`, buyer, { quantity: 1 })).statusCode).toBe(200);
    const checkout = (await call('POST', '/api/checkout', buyer, { ...SHIP_TO, payment: 'account' })).json() as Checkout;
    const id = checkout.onAccount!.invoiceUrl!.split('/i/')[1];
    expect((await call('DELETE', `/api/orders/${checkout.orders[0]._id}`, buyer)).statusCode).toBe(200);
    expect(shop.fake.invoices.get(id)?.status).toBe('void');
    // Nothing is left, so no new invoice was made.
    expect([...shop.fake.invoices.values()].filter((i) => i.metadata.checkoutId === checkout._id)).toHaveLength(1);
  });
});
