import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { networkCopy } from '@shop/shared/copy/network';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { AuthProvider } from '../auth-context';
import { ProtectedRoute } from './protected-route';

/**
 * Issue #22: the session check met a 429 (the dashboard once stayed on "Checking your sign-in…" for good).
 * The web app says so, waits the time the shop names in Retry-After, and asks again.
 */

const user = { id: 'u1', email: 'rider@example.com', name: 'Sam Rider', emailVerified: true };
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const now = Math.floor(Date.now() / 1000);
const token = `${b64({ alg: 'none' })}.${b64({ email: user.email, iat: now, exp: now + 900 })}.sig`;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the session check and a 429', () => {
  it('says "Too many requests: trying again in N s", waits Retry-After, then asks again and shows the page', async () => {
    const seen: { path: string; at: number }[] = [];
    let sessionAsks = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        seen.push({ path: `${init?.method ?? 'GET'} ${path}`, at: Date.now() });
        if (path === '/api/auth/get-session') {
          sessionAsks += 1;
          if (sessionAsks === 1) {
            return json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait 2 seconds and try again.' } }, { 'retry-after': '2' });
          }
          return json(200, { user, session: { id: 's1' } });
        }
        if (path.startsWith('/api/user/')) return json(200, { token });
        if (path.startsWith('/api/admin/')) return json(200, { admin: false });
        return json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
      }),
    );

    renderWithProviders(
      <AuthProvider>
        <ProtectedRoute>
          <p>My dashboard</p>
        </ProtectedRoute>
      </AuthProvider>,
      { url: '/dashboard', routes: [{ path: '/login', element: <p>Login page</p> }] },
    );

    expect(await screen.findByText(networkCopy.tooManyRequests(2))).toBeTruthy();
    // Counting down while it waits.
    expect(await screen.findByText(networkCopy.tooManyRequests(1), {}, { timeout: 2000 })).toBeTruthy();
    expect(await screen.findByText('My dashboard', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('Login page')).toBeNull();
    expect(screen.queryByText(/Too many requests/)).toBeNull();

    const asks = seen.filter((s) => s.path === 'GET /api/auth/get-session');
    expect(asks).toHaveLength(2);
    // Asked again only once the named wait was over.
    expect(asks[1].at - asks[0].at).toBeGreaterThanOrEqual(1900);
  });
});
