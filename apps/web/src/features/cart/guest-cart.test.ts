import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProducts } from '../../testing/fixtures';
import { clearGuestCart, getGuestLines, GUEST_CART_KEY, guestTotal, NO_LINES, removeGuestLine, setGuestLine, subscribeGuestCart } from './guest-cart';

const [a, b] = makeProducts(2).map((p, i) => ({ ...p, name: i === 0 ? 'Zeta chain' : 'Alpha pads', unitPrice: 12.5, minOrder: 10 }));

describe('the browser cart', () => {
  afterEach(() => clearGuestCart());

  it('keeps lines in the server shape, by product name, priced by the shared rule', () => {
    setGuestLine(a, 15);
    setGuestLine(b, 3);
    const lines = getGuestLines();
    expect(lines.map((l) => [l.product.name, l.quantity, l.lineTotal])).toEqual([
      ['Alpha pads', 3, 3.75],
      ['Zeta chain', 15, 18.75],
    ]);
    expect(guestTotal(lines)).toBe(22.5);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toHaveLength(2);
  });

  it('sets (not adds) a quantity, 0 or remove drops the line, and an empty cart leaves no key', () => {
    setGuestLine(a, 15);
    setGuestLine(a, 20);
    expect(getGuestLines().map((l) => l.quantity)).toEqual([20]);
    setGuestLine(a, 0);
    expect(getGuestLines()).toEqual([]);
    setGuestLine(b, 10);
    removeGuestLine(b._id);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('ignores malformed storage and tells subscribers about changes', () => {
    localStorage.setItem(GUEST_CART_KEY, '{not json');
    expect(getGuestLines()).toEqual([]);
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ productId: 'x', quantity: -1, product: a }, { productId: 'y' }]));
    expect(getGuestLines()).toEqual([]);
    const listener = vi.fn();
    const stop = subscribeGuestCart(listener);
    setGuestLine(a, 10);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    setGuestLine(a, 11);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("gives an empty cart, however stored, as the one empty array the server's page shows (so hydrating re-renders no cart)", () => {
    expect(getGuestLines()).toBe(NO_LINES);
    for (const stored of ['[]', '{not json', '"lines"', JSON.stringify([{ productId: 'x', quantity: 0, product: a }])]) {
      localStorage.setItem(GUEST_CART_KEY, stored);
      expect(getGuestLines()).toBe(NO_LINES);
    }
    setGuestLine(a, 10);
    expect(getGuestLines()).not.toBe(NO_LINES);
    removeGuestLine(a._id);
    expect(getGuestLines()).toBe(NO_LINES);
    expect(NO_LINES).toEqual([]);
  });
});
