import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Receivable, Receivables } from '@shop/shared/schemas/company';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { AdminReceivables } from './admin-receivables';
import { CompanyInvoices } from './company-invoices';

// Noon UTC: the same day in every time zone the tests run in.
const overdue: Receivable = {
  checkoutId: 'k1',
  number: 'TT-10042',
  companyId: 'c1',
  companyName: 'Acme Moto Works',
  poNumber: 'WS-4711/A',
  email: 'bob@example.com',
  placedAt: '2026-11-05T12:00:00.000Z',
  dueAt: '2026-12-05T12:00:00.000Z',
  overdue: true,
  daysOverdue: 12,
  total: 1234.5,
  invoiceUrl: 'https://invoice.stripe.test/i/acct_1/inv_1',
};
const notDue: Receivable = {
  ...overdue,
  checkoutId: 'k2',
  number: 'TT-10050',
  companyName: 'Brake Bros',
  poNumber: '',
  placedAt: '2026-12-10T12:00:00.000Z',
  dueAt: '2027-01-09T12:00:00.000Z',
  overdue: false,
  daysOverdue: 0,
  total: 80,
  invoiceUrl: null,
};
const both: Receivables = { items: [overdue, notDue], openTotal: 1314.5, overdueTotal: 1234.5, overdueCount: 1 };

describe('AdminReceivables', () => {
  it('shows what is open and overdue, and each invoice with its company, PO number, dates, amount and links', async () => {
    fakeApi((req) => (req.method === 'GET' && req.path === '/api/admin/receivables' ? { status: 200, body: both } : notFound(req)));
    renderWithProviders(<AdminReceivables />);
    const totals = within(await screen.findByRole('region', { name: 'What companies owe' }));
    expect(totals.getByText('$1,314.50')).toBeTruthy();
    expect(totals.getByText('2 invoices')).toBeTruthy();
    expect(totals.getByText('$1,234.50')).toBeTruthy();
    expect(totals.getByText('1 invoice')).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'Invoices, oldest due first' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Open order TT-10042' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10042');
    expect(first.getByText('Acme Moto Works')).toBeTruthy();
    expect(first.getByText('by bob@example.com')).toBeTruthy();
    expect(first.getByText('WS-4711/A')).toBeTruthy();
    expect(first.getByText('Nov 5, 2026')).toBeTruthy();
    expect(first.getByText('Dec 5, 2026')).toBeTruthy();
    expect(first.getByText('Overdue · 12 days')).toBeTruthy();
    expect(first.getByText('$1,234.50')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Invoice of TT-10042' }).getAttribute('href')).toBe(overdue.invoiceUrl);
    const second = within(rows[2]!);
    expect(second.getByText('Jan 9, 2027')).toBeTruthy();
    expect(second.queryByText(/Overdue/)).toBeNull();
    expect(second.getByText('Not issued yet')).toBeTruthy();
    expect(second.queryByRole('link', { name: /Invoice of/ })).toBeNull();

    // A phone shows them as cards (CSS hides one or the other).
    const [card] = within(screen.getByRole('list', { name: 'Invoices, oldest due first' })).getAllByRole('listitem');
    expect(within(card!).getByText('Acme Moto Works')).toBeTruthy();
    expect(within(card!).getByText('Overdue · 12 days')).toBeTruthy();
    expect(within(card!).getByRole('link', { name: 'Invoice of TT-10042' }).getAttribute('href')).toBe(overdue.invoiceUrl);
  });

  it('says so when nothing is open', async () => {
    fakeApi((req) =>
      req.path === '/api/admin/receivables' ? { status: 200, body: { items: [], openTotal: 0, overdueTotal: 0, overdueCount: 0 } } : notFound(req),
    );
    renderWithProviders(<AdminReceivables />);
    expect(await screen.findByText('No open invoices: every order placed on account is paid.')).toBeTruthy();
    expect(screen.getByText('Nothing is overdue.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('CompanyInvoices', () => {
  it('shows the terms, the credit left and each open invoice with its due date and Pay invoice link', async () => {
    fakeApi((req) =>
      req.method === 'GET' && req.path === '/api/company/invoices'
        ? { status: 200, body: { ...both, account: { paymentTermsDays: 30, creditLimit: 5000, available: 3685.5 } } }
        : notFound(req),
    );
    renderWithProviders(<CompanyInvoices termsDays={30} all />);
    const section = within(await screen.findByRole('region', { name: 'Open invoices' }));
    expect(await section.findByText('Net 30 days')).toBeTruthy();
    expect(section.getByText('$5,000.00')).toBeTruthy();
    expect(section.getByText('$3,685.50')).toBeTruthy();
    const [first, second] = within(section.getByRole('list', { name: 'Open invoices' })).getAllByRole('listitem');
    const one = within(first!);
    expect(one.getByRole('link', { name: 'Open order TT-10042' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10042');
    expect(one.getByText('Dec 5, 2026')).toBeTruthy();
    expect(one.getByText('Overdue · 12 days')).toBeTruthy();
    expect(one.getByText('by bob@example.com')).toBeTruthy();
    // The provider's page, in this tab.
    const pay = one.getByRole('link', { name: 'Pay invoice for TT-10042' });
    expect(pay.getAttribute('href')).toBe(overdue.invoiceUrl);
    expect(pay.getAttribute('target')).toBeNull();
    const two = within(second!);
    expect(two.getByText('Jan 9, 2027')).toBeTruthy();
    expect(two.queryByText(/Overdue/)).toBeNull();
    expect(two.getByText('The invoice is on its way; its link shows here once it is issued.')).toBeTruthy();
  });

  it('tells a company without terms that paying on account is not set up', async () => {
    fakeApi((req) =>
      req.path === '/api/company/invoices'
        ? { status: 200, body: { items: [], openTotal: 0, overdueTotal: 0, overdueCount: 0, account: { paymentTermsDays: 0, creditLimit: 0, available: 0 } } }
        : notFound(req),
    );
    renderWithProviders(<CompanyInvoices termsDays={0} all={false} />);
    const section = within(await screen.findByRole('region', { name: 'Open invoices' }));
    expect(await section.findByText('Paying on account is not set up for your company, so its orders are paid by card.')).toBeTruthy();
    expect(section.queryByRole('list')).toBeNull();
    expect(section.queryByText('Credit limit')).toBeNull();
  });
});
