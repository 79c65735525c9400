import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../components/testing/render-with-providers';
import { makeProducts } from '../../../components/testing/fixtures';
import { ProductCard } from '../../catalog/components/product-card';
import { clearGuestCart, getGuestLines } from '../guest-cart';

vi.mock('../../identity/auth-context', () => ({ useAuth: () => ({ user: null, loading: false, admin: false, adminLoading: false, logout: async () => {} }) }));

describe("a product card's Add to cart", () => {
  afterEach(() => clearGuestCart());

  it('puts one minimum order of the part into the browser cart', async () => {
    const [p] = makeProducts(1);
    renderWithProviders(<ProductCard product={p} />, { url: '/products' });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(getGuestLines().map((l) => [l.productId, l.quantity])).toEqual([[p._id, p.minOrder]]);
  });

  it('is not offered for a sold-out part', () => {
    const [p] = makeProducts(1);
    renderWithProviders(<ProductCard product={{ ...p, stock: p.minOrder - 1 }} />, { url: '/products' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
