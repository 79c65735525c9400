import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import type { SessionUser } from '../../identity/auth-context';
import { MyCompanyView } from './my-company';
import { aliceView, bob, bobOrder, bobView } from '../../../testing/companies';

const aliceUser: SessionUser = { id: 'u1', email: 'alice@example.com', displayName: 'Alice', photoURL: null };
let signedIn = aliceUser;
vi.mock('../../identity/auth-context', () => ({
  useAuth: () => ({ user: signedIn, loading: false, admin: false, adminLoading: false, logout: async () => {} }),
}));

const orders = (req: FakeRequest) => (req.method === 'GET' && req.path === '/api/company/orders' ? { status: 200, body: [bobOrder] } : null);

describe('MyCompanyView', () => {
  beforeEach(() => {
    signedIn = aliceUser;
  });

  it('tells someone of no company so, without an error toast', async () => {
    fakeApi((req) =>
      req.path === '/api/company'
        ? { status: 404, body: { error: { code: 'NOT_A_COMPANY_MEMBER', message: 'You do not buy for a company.' } } }
        : notFound(req),
    );
    renderWithProviders(<MyCompanyView />);
    expect(await screen.findByText('You do not buy for a trade account')).toBeTruthy();
    expect(screen.queryByText('You do not buy for a company.')).toBeNull();
  });

  it('shows a buyer the account, their role and their orders, and no people', async () => {
    signedIn = { id: 'u2', email: 'Bob@example.com', displayName: 'Bob', photoURL: null };
    fakeApi((req) => orders(req) ?? (req.path === '/api/company' ? { status: 200, body: bobView } : notFound(req)));
    renderWithProviders(<MyCompanyView />);
    expect(await screen.findByText('Acme Moto Works')).toBeTruthy();
    expect(screen.getByText('Pays by card')).toBeTruthy();
    expect(screen.getByText('$5,000.00')).toBeTruthy();
    expect(screen.getByText('Buyer')).toBeTruthy();
    expect(screen.getByText('The orders you placed for the company, newest first.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Orders' });
    // Their own order opens its page under My Orders.
    expect(within(list).getByRole('link', { name: 'Open order TT-10042' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10042');
    expect(within(list).getByText('Bob Buyer')).toBeTruthy();
    expect(within(list).getByText('Awaiting payment')).toBeTruthy();
    expect(within(list).getByText('$64.50')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'People' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('lets the company’s admin change a buyer, invite, withdraw and remove with a confirmation', async () => {
    const api = fakeApi((req) => {
      const read = orders(req);
      if (read) return read;
      if (req.method === 'GET' && req.path === '/api/company') return { status: 200, body: aliceView };
      if (req.method === 'PATCH' && req.path === '/api/company/members/u2') return { status: 200, body: { ...bob, ...(req.body as object) } };
      if (req.method === 'POST' && req.path === '/api/company/invites') {
        const body = req.body as { email: string; role: string };
        if (body.email === 'erin@example.com')
          return { status: 409, body: { error: { code: 'IN_ANOTHER_COMPANY', message: 'erin@example.com buys for another company.' } } };
        return { status: 201, body: { _id: 'i2', ...body, expiresAt: '2026-11-20T10:00:00.000Z', createdAt: '2026-11-06T10:00:00.000Z' } };
      }
      if (req.method === 'DELETE') return { status: 204 };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<MyCompanyView />);
    expect(await screen.findByText('30 days on account')).toBeTruthy();
    // Every order of the company opens its page under My Orders (a colleague's read only, decision 204).
    const orderList = await screen.findByRole('list', { name: 'Orders' });
    expect(within(orderList).getByRole('link', { name: 'Open order TT-10042' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10042');
    const people = screen.getByRole('list', { name: 'People' });
    expect(within(people).getByText('(you)')).toBeTruthy();

    await user.click(within(people).getByRole('checkbox', { name: 'Bob Buyer sees all orders' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ seesAllOrders: true }));
    expect(await screen.findByText('Saved: Bob Buyer')).toBeTruthy();
    await user.selectOptions(within(people).getByRole('combobox', { name: 'Role of Bob Buyer' }), 'admin');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ role: 'admin' }));

    const invite = within(screen.getByRole('region', { name: 'Invite someone' }));
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    expect(invite.getByText('Provide a valid Email')).toBeTruthy();
    await user.type(invite.getByRole('textbox', { name: 'E-mail' }), 'erin@example.com');
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    expect((await invite.findByRole('alert')).textContent).toBe('erin@example.com buys for another company.');
    await user.clear(invite.getByRole('textbox', { name: 'E-mail' }));
    await user.type(invite.getByRole('textbox', { name: 'E-mail' }), 'dave@example.com');
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dave@example.com')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ email: 'dave@example.com', role: 'buyer' });

    await user.click(invite.getByRole('button', { name: 'Withdraw the invitation of carol@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invitation withdrawn: carol@example.com')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/company/invites/i1')).toBe(true);

    await user.click(within(people).getByRole('button', { name: 'Remove Bob Buyer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Bob Buyer from the company?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed: Bob Buyer')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/company/members/u2')).toBe(true);
  });
});
