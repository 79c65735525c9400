import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_TIERS,
  applicableTier,
  formatUsd,
  fromCents,
  isValidQuantity,
  lotPrice,
  orderPrice,
  orderPriceCents,
  priceTiersProblem,
  toCents,
} from '../src/pricing';

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

describe('quantity price tiers (decision 131)', () => {
  // The acceptance example: base $10 per lot of 2, from 20 units $8, from 100 units $7.
  const tiers = [
    { minQuantity: 20, unitPrice: 8 },
    { minQuantity: 100, unitPrice: 7 },
  ];

  it('prices 10, 20 and 100 units at $50, $80 and $350', () => {
    expect(orderPrice(10, 2, 10, tiers)).toBe(50);
    expect(orderPrice(10, 2, 20, tiers)).toBe(80);
    expect(orderPrice(10, 2, 100, tiers)).toBe(350);
  });

  it.each([
    [2, 10, 10],
    [19, 10, 95],
    [20, 8, 80],
    [21, 8, 84],
    [99, 8, 396],
    [100, 7, 350],
    [101, 7, 353.5],
  ])('just below, at and above each tier: %i units at $%s per lot cost $%s', (quantity, lot, total) => {
    expect(lotPrice(10, tiers, quantity)).toBe(lot);
    expect(orderPrice(10, 2, quantity, tiers)).toBe(total);
    expect(
      orderPriceCents(1000, 2, quantity, [
        { minQuantity: 20, unitPriceCents: 800 },
        { minQuantity: 100, unitPriceCents: 700 },
      ]),
    ).toBe(Math.round(total * 100));
  });

  it('takes the tier of the largest minQuantity not above the quantity, whatever the list order', () => {
    const unsorted = [tiers[1], tiers[0]];
    expect(applicableTier(unsorted, 19)).toBeNull();
    expect(applicableTier(unsorted, 50)).toEqual(tiers[0]);
    expect(applicableTier(unsorted, 1000)).toEqual(tiers[1]);
    expect(applicableTier([], 1000)).toBeNull();
    expect(applicableTier(undefined, 1000)).toBeNull();
  });

  it('rounds a tier total half-up to the cent like the base rule', () => {
    // $9.99 per lot of 3, 7 units: 23.31 exactly; $0.05 per lot of 2, 25 units: 0.625 → 0.63.
    expect(orderPrice(20, 3, 7, [{ minQuantity: 4, unitPrice: 9.99 }])).toBe(23.31);
    expect(orderPrice(1, 2, 25, [{ minQuantity: 10, unitPrice: 0.05 }])).toBe(0.63);
  });

  it('without tiers is the spec formula unchanged', () => {
    expect(orderPrice(12.5, 10, 40)).toBe(orderPrice(12.5, 10, 40, []));
  });

  it('accepts increasing tiers above the minimum order', () => {
    expect(priceTiersProblem(tiers, 2)).toBeNull();
    expect(priceTiersProblem([], 5)).toBeNull();
    expect(priceTiersProblem([{ minQuantity: 3, unitPrice: 1 }], 2)).toBeNull();
  });

  it.each([
    [[{ minQuantity: 2, unitPrice: 8 }], 2, 'Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price'],
    [[{ minQuantity: 1, unitPrice: 8 }], 2, 'Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price'],
    [[{ minQuantity: 20.5, unitPrice: 8 }], 2, 'Price tier 1: the quantity must be a whole number'],
    [
      [
        { minQuantity: 20, unitPrice: 8 },
        { minQuantity: 20, unitPrice: 7 },
      ],
      2,
      'Price tier 2: quantities must increase from tier to tier (20 follows 20)',
    ],
    [
      [
        { minQuantity: 100, unitPrice: 7 },
        { minQuantity: 20, unitPrice: 8 },
      ],
      2,
      'Price tier 2: quantities must increase from tier to tier (20 follows 100)',
    ],
    [[{ minQuantity: 20, unitPrice: 0 }], 2, 'Price tier 1: the price must be at least $0.01 (1 cent)'],
    [[{ minQuantity: 20, unitPrice: 0.001 }], 2, 'Price tier 1: the price must be at least $0.01 (1 cent)'],
    [Array.from({ length: MAX_PRICE_TIERS + 1 }, (_, i) => ({ minQuantity: 10 + i, unitPrice: 5 })), 2, `At most ${MAX_PRICE_TIERS} price tiers`],
  ])('refuses %j with minimum order %i', (list, minOrder, message) => {
    expect(priceTiersProblem(list, minOrder)).toBe(message);
  });
});
