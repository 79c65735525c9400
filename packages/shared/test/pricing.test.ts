import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, isValidQuantity, orderPrice, orderPriceCents, toCents } from '../src/pricing';

describe('toCents', () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1234.56, 123456],
    [999999.99, 99999999],
  ])('turns $%s into %i cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  // These inputs are stored just below the half cent in binary (2.135 is 2.13499999…).
  it.each([
    [1.005, 101],
    [2.135, 214],
    [2.675, 268],
    [4.015, 402],
    [0.145, 15],
    [1.004, 100],
    [2.134, 213],
  ])('rounds $%s half-up to %i cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it('keeps every two-decimal amount exact', () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 1_000_000; c += 1) if (toCents(Number((c / 100).toFixed(2))) !== c) wrong.push(c);
    expect(wrong).toEqual([]);
  });
});

describe('fromCents', () => {
  it('gives the dollar number the API sends', () => {
    expect(fromCents(1250)).toBe(12.5);
    expect(fromCents(1)).toBe(0.01);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(toCents(19.99))).toBe(19.99);
  });
});

describe('orderPriceCents = unitPrice / minOrder × quantity, half-up to the cent', () => {
  it('is exact when the division is exact', () => {
    expect(orderPriceCents(1000, 10, 10)).toBe(1000);
    expect(orderPriceCents(1000, 10, 25)).toBe(2500);
    expect(orderPriceCents(1250, 1, 3)).toBe(3750);
  });

  it('rounds a fraction below half a cent down', () => {
    // 1000 / 3 × 1 = 333.33… cents
    expect(orderPriceCents(1000, 3, 1)).toBe(333);
    // 1000 / 3 × 4 = 1333.33… cents
    expect(orderPriceCents(1000, 3, 4)).toBe(1333);
  });

  it('rounds a fraction above half a cent up', () => {
    // 1000 / 3 × 2 = 666.66… cents
    expect(orderPriceCents(1000, 3, 2)).toBe(667);
  });

  it('rounds exactly half a cent up', () => {
    // 5 / 2 × 1 = 2.5 cents; 1 / 4 × 2 = 0.5 cents; 101 / 2 × 1 = 50.5 cents
    expect(orderPriceCents(5, 2, 1)).toBe(3);
    expect(orderPriceCents(1, 4, 2)).toBe(1);
    expect(orderPriceCents(101, 2, 1)).toBe(51);
  });

  it('stays exact for large bulk orders where floating point drifts', () => {
    // 19.99 / 7 × 700 000 = 1 999 000.00 dollars exactly
    expect(orderPriceCents(1999, 7, 700_000)).toBe(199_900_000);
    expect((19.99 / 7) * 700_000).not.toBe(1_999_000);
  });

  it('agrees with an exact BigInt reference on many inputs', () => {
    const wrong: string[] = [];
    for (let u = 1; u <= 2500; u += 37) {
      for (let m = 1; m <= 60; m += 7) {
        for (let q = m; q <= m + 40; q += 3) {
          // quotient and remainder of u·q / m; round up when the remainder is at least half of m
          const total = BigInt(u) * BigInt(q);
          const rest = total % BigInt(m);
          const expected = Number(total / BigInt(m)) + (2n * rest >= BigInt(m) ? 1 : 0);
          if (orderPriceCents(u, m, q) !== expected) wrong.push(`${u}/${m}×${q}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses inputs that are not whole, non-negative numbers', () => {
    expect(() => orderPriceCents(12.5, 1, 1)).toThrow(RangeError);
    expect(() => orderPriceCents(-1, 1, 1)).toThrow(RangeError);
    expect(() => orderPriceCents(100, 0, 1)).toThrow(RangeError);
    expect(() => orderPriceCents(100, 1.5, 1)).toThrow(RangeError);
    expect(() => orderPriceCents(100, 1, -1)).toThrow(RangeError);
    expect(() => orderPriceCents(100, 1, 2.5)).toThrow(RangeError);
  });
});

describe('orderPrice (dollars)', () => {
  it('applies the same rule to the dollar numbers of the payloads', () => {
    expect(orderPrice(10, 3, 1)).toBe(3.33);
    expect(orderPrice(10, 3, 2)).toBe(6.67);
    expect(orderPrice(12.5, 1, 3)).toBe(37.5);
    expect(orderPrice(0.05, 2, 1)).toBe(0.03);
    expect(orderPrice(45, 10, 25)).toBe(112.5);
  });
});

describe('isValidQuantity', () => {
  it('accepts whole numbers from minOrder to stock, both included', () => {
    expect(isValidQuantity(10, 10, 100)).toBe(true);
    expect(isValidQuantity(55, 10, 100)).toBe(true);
    expect(isValidQuantity(100, 10, 100)).toBe(true);
  });

  it('refuses less than minOrder, more than stock, fractions and non-numbers', () => {
    expect(isValidQuantity(9, 10, 100)).toBe(false);
    expect(isValidQuantity(101, 10, 100)).toBe(false);
    expect(isValidQuantity(10.5, 10, 100)).toBe(false);
    expect(isValidQuantity(Number.NaN, 1, 100)).toBe(false);
    expect(isValidQuantity(Number.POSITIVE_INFINITY, 1, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('refuses every quantity when stock is below minOrder', () => {
    for (let q = 0; q <= 20; q += 1) expect(isValidQuantity(q, 10, 5)).toBe(false);
  });
});

describe('formatUsd', () => {
  it('formats dollars with the currency sign, thousands separator and two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(12)).toBe('$12.00');
  });
});
