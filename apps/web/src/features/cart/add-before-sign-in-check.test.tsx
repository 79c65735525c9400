import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers';
import { makeProducts } from '../../testing/fixtures';
import { AuthProvider } from '../identity/auth-context';
import { ProductCard } from '../catalog/components/product-card';
import { CartLink } from './components/cart-link';
import { clearGuestCart, getGuestLines } from './guest-cart';

/**
 * Add to cart pressed before the page's sign-in check answered (a slow connection, a busy shop) waits for the
 * answer: a visitor's part goes to the browser cart and shows on the navbar's cart link at once; a signed-in
 * customer's goes to the account's cart, not to a browser cart nobody sees until sign-out.
 */
const user = { id: 'u1', email: 'rider@example.com', name: 'Sam Rider', emailVerified: true };
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const now = Math.floor(Date.now() / 1000);
const token = `${b64({ alg: 'none' })}.${b64({ email: user.email, iat: now, exp: now + 900 })}.sig`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The shop's answers, the session check held until `answer` is called. */
function shopWithHeldSessionCheck(signedIn: boolean) {
  const cartWrites: string[] = [];
  let answer: () => void = () => undefined;
  const sessionAnswered = new Promise<void>((resolve) => (answer = resolve));
  let serverLines: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      if (path === '/api/auth/get-session') {
        await sessionAnswered;
        return json(200, signedIn ? { user, session: { id: 's1' } } : null);
      }
      if (path.startsWith('/api/user/')) return json(200, { token });
      if (path.startsWith('/api/admin/')) return json(200, { admin: false });
      if (path.startsWith('/api/cart/lines/') && method === 'PUT') {
        cartWrites.push(`${method} ${path} ${String(init?.body)}`);
        const [p] = makeProducts(1);
        serverLines = [{ productId: p._id, quantity: JSON.parse(String(init?.body)).quantity, product: p, lineTotal: 10 }];
        return json(200, { lines: serverLines, total: 10 });
      }
      if (path === '/api/cart') return json(200, { lines: serverLines, total: 0 });
      return json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
    }),
  );
  return { cartWrites, answer };
}

function renderCardAndCartLink() {
  const [p] = makeProducts(1);
  renderWithProviders(
    <AuthProvider>
      <CartLink />
      <ProductCard product={p} />
    </AuthProvider>,
    { url: '/products' },
  );
  return p;
}

describe('Add to cart before the sign-in check answered', () => {
  afterEach(() => {
    clearGuestCart();
    vi.unstubAllGlobals();
  });

  it("a visitor's part waits for the answer, then goes to the browser cart and the cart link counts it", async () => {
    const shop = shopWithHeldSessionCheck(false);
    const p = renderCardAndCartLink();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    // Nothing is written while nobody knows who is shopping.
    expect(getGuestLines()).toEqual([]);
    shop.answer();
    expect(await screen.findByRole('link', { name: 'Cart, 1 line' })).toBeTruthy();
    expect(getGuestLines().map((l) => [l.productId, l.quantity])).toEqual([[p._id, p.minOrder]]);
    expect(shop.cartWrites).toEqual([]);
  });

  it("a signed-in customer's part goes to the account's cart, and the browser cart stays empty", async () => {
    const shop = shopWithHeldSessionCheck(true);
    const p = renderCardAndCartLink();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(shop.cartWrites).toEqual([]);
    shop.answer();
    await waitFor(() => expect(shop.cartWrites).toEqual([`PUT /api/cart/lines/${p._id} ${JSON.stringify({ quantity: p.minOrder })}`]));
    expect(getGuestLines()).toEqual([]);
  });
});
