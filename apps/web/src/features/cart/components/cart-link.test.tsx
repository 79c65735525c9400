import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeProducts } from '../../../testing/fixtures';
import { clearGuestCart, setGuestLine } from '../guest-cart';
import { CartLink } from './cart-link';

// A visitor (or a page whose session check has not answered yet): the link counts the browser cart's lines.
const auth = vi.hoisted(() => ({ loading: false }));
vi.mock('../../identity/auth-context', () => ({
  useAuth: () => ({ user: null, loading: auth.loading, admin: false, adminLoading: false, logout: async () => {} }),
}));

describe('the navbar cart link', () => {
  afterEach(() => {
    clearGuestCart();
    auth.loading = false;
  });

  it('names the number of lines and follows changes of the browser cart', () => {
    const [a, b] = makeProducts(2);
    renderWithProviders(<CartLink />, { url: '/products' });
    expect(screen.getByRole('link', { name: 'Cart, 0 lines' }).getAttribute('href')).toBe('/cart');
    act(() => setGuestLine(a, a.minOrder));
    expect(screen.getByRole('link', { name: 'Cart, 1 line' })).toBeTruthy();
    act(() => setGuestLine(b, b.minOrder));
    expect(screen.getByRole('link', { name: 'Cart, 2 lines' })).toBeTruthy();
  });

  it('counts an add made before the session check answered (it went to the browser cart)', () => {
    auth.loading = true;
    const [a] = makeProducts(1);
    renderWithProviders(<CartLink />, { url: '/products' });
    expect(screen.getByRole('link', { name: 'Cart, 0 lines' })).toBeTruthy();
    act(() => setGuestLine(a, a.minOrder));
    expect(screen.getByRole('link', { name: 'Cart, 1 line' })).toBeTruthy();
  });
});
