import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { checkoutPurchase, singlePurchase } from '../../../testing/purchases';
import type { Purchase } from '@shop/shared/schemas/cart';
import { quickOrderCopy } from '@shop/shared/quick-order';
import OrderDetailPage from './order-detail';

// Signed out unless a test signs someone in (decision 204: who reads the order decides what it may do).
let signedIn: { email: string } | null = null;
vi.mock('../../../features/identity/auth-context', async (original) => {
  const real = await original<typeof import('../../../features/identity/auth-context')>();
  return { ...real, useAuth: () => ({ user: signedIn, loading: false, admin: false, adminLoading: false, logout: async () => {} }) };
});
afterEach(() => {
  signedIn = null;
});

const t = orderViewCopy;

function serve(purchase: Purchase) {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path.toUpperCase() === `/API/PURCHASES/${purchase.number}`) return { status: 200, body: purchase };
    if (req.path.startsWith('/api/purchases/')) return { status: 404, body: { error: { code: 'ORDER_NOT_FOUND', message: 'No order with that number.' } } };
    return notFound(req);
  });
}

const open = (ref: string) => renderWithProviders(<OrderDetailPage />, { url: `/dashboard/myorders/${ref}`, path: '/dashboard/myorders/:ref' });

describe('the order page (issue #24)', () => {
  it('shows an unpaid checkout by its number: status, dates, address, method, lines, figures and one pay button', async () => {
    const { calls } = serve(checkoutPurchase({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    open('tt-10042');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order TT-10042' })).toBeTruthy();
    expect(calls[0].path).toBe('/api/purchases/tt-10042');
    expect(screen.getByText(t.status.unpaid)).toBeTruthy();
    expect(screen.getByText(t.placed)).toBeTruthy();
    expect(screen.queryByText(t.paidOn, { selector: 'dt' })).toBeNull();

    // Where and how it ships.
    const address = screen.getByText('500 Broadway').closest('address')!;
    expect(Array.from(address.children).map((l) => l.textContent)).toEqual([
      'Sam Okafor',
      'Music City Motorcycles',
      '500 Broadway',
      'Nashville, TN 37203',
      'United States',
      '+1 615 555 0100',
    ]);
    expect(screen.getByText('Standard · UPS Ground')).toBeTruthy();
    expect(screen.getByText('Arrives in 3–5 business days')).toBeTruthy();

    // The lines: part, part number, quantity, amount.
    const lines = screen.getByRole('table');
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Sintered brake padsPart no. EBC-FA196HH', 'EBC-FA196HH', '10', '$249.00'],
      ['Iridium spark plugPart no. NGK-CR9EIX', 'NGK-CR9EIX', '4', '$116.00'],
    ]);
    expect(within(lines).getByRole('link', { name: 'Sintered brake pads' }).getAttribute('href')).toBe('/parts/p1');

    // Goods, shipping, tax and total.
    const summary = screen.getByRole('region', { name: t.summaryTitle });
    expect(summary.textContent).toContain('Goods$365.00');
    expect(summary.textContent).toContain('Shipping$12.50');
    expect(summary.textContent).toContain('Tax$26.43');
    expect(summary.textContent).toContain('Total$403.93');

    // One payment for the whole order, on the checkout's payment page.
    const pay = screen.getByRole('link', { name: 'Pay $403.93' });
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/checkout/c1');
  });

  it('shows a paid order as Paid with its paid date and transaction id, free shipping, tax included, the exemption number and no pay button', async () => {
    serve(
      checkoutPurchase({
        status: 'paid',
        paidAt: '2026-11-23T10:05:00.000Z',
        transactionId: 'pi_paid_once',
        shipping: 0,
        tax: 0,
        taxIncluded: true,
        total: 365,
        taxExempt: true,
        taxId: 'DE123456789',
      }),
    );
    open('TT-10042');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order TT-10042' })).toBeTruthy();
    expect(screen.getByText(t.status.paid, { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText(t.paidOn, { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('pi_paid_once')).toBeTruthy();
    const summary = screen.getByRole('region', { name: t.summaryTitle });
    expect(summary.textContent).toContain('ShippingFree');
    expect(summary.textContent).toContain('Tax exempt (DE123456789)');
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it("shows a lone spec order with the spec's ship-to fields, and its pay button goes to the order's own payment page", async () => {
    serve(singlePurchase({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    open('TT-10007');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order TT-10007' })).toBeTruthy();
    const address = screen.getByText('Hauptstr. 1, Berlin').closest('address')!;
    expect(Array.from(address.children).map((l) => l.textContent)).toEqual(['Hauptstr. 1, Berlin', 'Germany', '+49 30 1234567']);
    expect(screen.queryByText(t.shippingMethod)).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay $89.50' }).getAttribute('href')).toBe('/dashboard/payment/s1');
  });

  it('says Delivered and Expired in words', async () => {
    serve(checkoutPurchase({ status: 'delivered', paidAt: '2026-11-23T10:05:00.000Z', transactionId: 'pi_x' }));
    const first = open('TT-10042');
    expect(await screen.findByText(t.status.delivered)).toBeTruthy();
    first.unmount();
    serve(checkoutPurchase({ status: 'expired' }));
    open('TT-10042');
    expect(await screen.findByText(t.status.expired)).toBeTruthy();
    expect(screen.getByText(t.expiredHint)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('says so when there is no such order (or it is someone else’s)', async () => {
    serve(checkoutPurchase());
    open('TT-99999');
    expect(await screen.findByText(t.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.backToOrders }).getAttribute('href')).toBe('/dashboard/myorders');
  });
});

describe('a colleague’s order read through the company (decision 204)', () => {
  it('shows who placed it and offers none of the buyer’s actions: no pay button, no order again', async () => {
    signedIn = { email: 'boss@example.com' };
    serve(checkoutPurchase({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    open('tt-10042');
    expect(await screen.findByRole('heading', { level: 2, name: 'Order TT-10042' })).toBeTruthy();
    expect(screen.getByText('Sam Okafor · sam@example.com')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('button', { name: quickOrderCopy.orderAgain })).toBeNull();
  });

  it('the buyer signed in still gets them', async () => {
    signedIn = { email: 'SAM@example.com' };
    serve(checkoutPurchase({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    open('tt-10042');
    expect(await screen.findByRole('link', { name: 'Pay $403.93' })).toBeTruthy();
    expect(screen.queryByText('Sam Okafor · sam@example.com')).toBeNull();
  });
});
