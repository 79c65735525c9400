import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import type { SessionUser } from '../../identity/auth-context';
import { CompanyJoin } from './company-join';
import { aliceView } from '../../../testing/companies';

let signedIn: SessionUser | null = null;
vi.mock('../../identity/auth-context', () => ({
  useAuth: () => ({ user: signedIn, loading: false, admin: false, adminLoading: false, logout: async () => {} }),
}));

const TOKEN = 'tok_0123456789abcdefghijkl';
const render = (token = TOKEN) =>
  renderWithProviders(<CompanyJoin token={token} />, {
    url: `/company/join?token=${token}`,
    path: '/company/join',
    routes: [{ path: '/login', element: <p>Login page</p> }],
  });

describe('CompanyJoin', () => {
  it('asks a visitor to sign in or sign up first, and the links come back to the invitation', async () => {
    signedIn = null;
    fakeApi(notFound);
    const user = userEvent.setup();
    const { router } = render();
    expect(screen.getByText(/Sign in or create an account with the e-mail address/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: { pathname: '/company/join', search: `?token=${TOKEN}` } });
  });

  it('joins with the token on the click and names the company', async () => {
    signedIn = { id: 'u1', email: 'alice@example.com', displayName: 'Alice', photoURL: null };
    const api = fakeApi((req) => (req.method === 'POST' && req.path === '/api/company/join' ? { status: 200, body: aliceView } : notFound(req)));
    const user = userEvent.setup();
    render();
    expect(screen.getByText('You were invited to buy for a company.', { exact: false })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('heading', { name: 'You now buy for Acme Moto Works' })).toBeTruthy();
    expect(api.calls[0].body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Go to the company page' }).getAttribute('href')).toBe('/company');
  });

  it('shows the server’s refusal in an alert and keeps the button', async () => {
    signedIn = { id: 'u9', email: 'erin@example.com', displayName: 'Erin', photoURL: null };
    fakeApi(() => ({ status: 409, body: { error: { code: 'ALREADY_IN_A_COMPANY', message: 'You already buy for another company.' } } }));
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You already buy for another company.');
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeTruthy();
  });

  it('says so when the link has no token', () => {
    signedIn = null;
    fakeApi(notFound);
    render('');
    expect(screen.getByRole('alert').textContent).toContain('This link has no invitation in it.');
  });
});
