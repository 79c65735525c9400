import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeProducts } from '../../../testing/fixtures';
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

  it('adds the quantity typed on the card, and refuses one outside the rule with its hint', async () => {
    const [p] = makeProducts(1);
    const part = { ...p, minOrder: 5, stock: 100 };
    renderWithProviders(<ProductCard product={part} />, { url: '/products' });
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: `Quantity of ${part.name}` });
    expect(field.value).toBe('5');
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order between 5 and 100 units.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(getGuestLines()).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '40');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(getGuestLines().map((l) => [l.productId, l.quantity])).toEqual([[part._id, 40]]);
  });

  it('adds what the box shows when the quantity was typed before the page hydrated (issue #39 item 3)', async () => {
    const [p] = makeProducts(1);
    const part = { ...p, minOrder: 5, stock: 100 };
    renderWithProviders(<ProductCard product={part} />, { url: '/products' });
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: `Quantity of ${part.name}` });
    // Typed into the server's HTML: the box holds it, React's state does not (no change event reached it).
    field.value = '15';
    // boot.js sends the held submit again once the form has hydrated (decision 145).
    field.form!.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    await waitFor(() => expect(getGuestLines().map((l) => [l.productId, l.quantity])).toEqual([[part._id, 15]]));
    expect(field.value).toBe('15');
  });

  it('is not offered for a sold-out part', () => {
    const [p] = makeProducts(1);
    renderWithProviders(<ProductCard product={{ ...p, stock: p.minOrder - 1 }} />, { url: '/products' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
