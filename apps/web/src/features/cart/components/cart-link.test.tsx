import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeProducts } from '../../../testing/fixtures';
import { clearGuestCart, setGuestLine } from '../guest-cart';
import { CartLink } from './cart-link';

// A visitor: the link counts the browser cart's lines.
vi.mock('../../identity/auth-context', () => ({ useAuth: () => ({ user: null, loading: false, admin: false, adminLoading: false, logout: async () => {} }) }));

describe('the navbar cart link', () => {
  afterEach(() => clearGuestCart());

  it('names the number of lines and follows changes of the browser cart', () => {
    const [a, b] = makeProducts(2);
    renderWithProviders(<CartLink />, { url: '/products' });
    expect(screen.getByRole('link', { name: 'Cart, 0 lines' }).getAttribute('href')).toBe('/cart');
    act(() => setGuestLine(a, a.minOrder));
    expect(screen.getByRole('link', { name: 'Cart, 1 line' })).toBeTruthy();
    act(() => setGuestLine(b, b.minOrder));
    expect(screen.getByRole('link', { name: 'Cart, 2 lines' })).toBeTruthy();
  });
});
