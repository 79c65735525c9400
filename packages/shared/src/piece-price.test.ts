import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { piecePrice, piecePriceFor } from './piece-price';
import { orderPrice } from './pricing';

describe('piecePrice: the price of one piece first, the lot beside it (issue #39, decision 182)', () => {
  it('$249.00 a lot of 10 is $24.90 each, min. 10 · $249.00 per lot', () => {
    expect(piecePrice(249, 10)).toEqual({
      each: '$24.90',
      exact: true,
      eachText: '$24.90 each',
      lot: '$249.00',
      lotAmount: '249.00',
      minText: 'min. 10',
      lotText: 'min. 10 · $249.00 per lot',
      eachValue: 24.9,
    });
  });

  it('shows a piece price under a dollar exactly, up to four decimals, never rounded to a cent the shop does not charge', () => {
    expect(piecePrice(4.99, 10).eachText).toBe('$0.499 each');
    expect(piecePrice(4.99, 100).eachText).toBe('$0.0499 each');
    expect(piecePrice(99.95, 100).eachText).toBe('$0.9995 each');
  });

  it('shows a piece price of a dollar or more to the cent, "about" when it rounds (issue #24: no "$69.997")', () => {
    expect(piecePrice(249.05, 10).eachText).toBe('about $24.91 each');
    expect(piecePrice(699.967, 10)).toMatchObject({ each: '$70.00', exact: false, eachText: 'about $70.00 each', lot: '$699.97' });
    expect(piecePrice(10, 10).eachText).toBe('$1.00 each');
    // 99,999.99 / 100,000 = $0.9999999: "about $1.00", not "about $1.0000".
    expect(piecePrice(99_999.99, 100_000).eachText).toBe('about $1.00 each');
    expect(piecePrice(12.5, 1).eachText).toBe('$12.50 each');
    expect(piecePrice(0, 5).eachText).toBe('$0.00 each');
  });

  it('says "about" with three significant digits when the lot does not divide into hundredths of a cent', () => {
    expect(piecePrice(10, 3)).toMatchObject({ each: '$3.33', exact: false, eachText: 'about $3.33 each' });
    expect(piecePrice(20, 3).eachText).toBe('about $6.67 each');
    expect(piecePrice(1, 3).eachText).toBe('about $0.333 each');
    expect(piecePrice(1, 30).eachText).toBe('about $0.0333 each');
    expect(piecePrice(0.02, 3).eachText).toBe('about $0.0067 each');
    expect(piecePrice(10_000, 3).eachText).toBe('about $3,333.33 each');
  });

  it('groups thousands in the lot and the minimum order', () => {
    expect(piecePrice(12_345.6, 1_000).lotText).toBe('min. 1,000 · $12,345.60 per lot');
    expect(piecePrice(12_345.6, 1_000).eachText).toBe('about $12.35 each');
  });

  it('rounds the lot price to the cent as the server stores it', () => {
    expect(piecePrice(2.135, 1).lot).toBe('$2.14');
  });

  it('refuses a minimum order that is not a positive whole number', () => {
    expect(() => piecePrice(10, 0)).toThrow(RangeError);
    expect(() => piecePrice(10, 2.5)).toThrow(RangeError);
    expect(() => piecePrice(-1, 2)).toThrow(RangeError);
  });

  it('an exact piece price times the minimum order is the lot price, and an approximate one is within half a step of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 5_000 }), (lotCents, minOrder) => {
        const p = piecePrice(lotCents / 100, minOrder);
        // In hundredths of a cent, in integers: each × minimum order against the lot.
        const eachSteps = Math.round(p.eachValue * 10_000);
        const step = 10 ** (4 - p.each.split('.')[1]!.length);
        const gap = Math.abs(eachSteps * minOrder - lotCents * 100);
        if (p.exact) expect(gap).toBe(0);
        else {
          expect(2 * gap).toBeLessThanOrEqual(step * minOrder);
          expect(gap).toBeGreaterThan(0);
          expect(p.eachText.startsWith('about $')).toBe(true);
        }
        // Never more than two decimals from a dollar up (issue #24).
        if (p.eachValue >= 1) expect(p.each).toMatch(/\.\d{2}$/);
        expect(Number(p.each.replace(/[$,]/g, ''))).toBe(p.eachValue);
      }),
    );
  });

  it('with tiers, the piece price follows the tier that prices the quantity, as the order total does', () => {
    const part = {
      unitPrice: 10,
      minOrder: 2,
      priceTiers: [
        { minQuantity: 20, unitPrice: 8 },
        { minQuantity: 100, unitPrice: 7 },
      ],
    };
    expect(piecePriceFor(part, 2).eachText).toBe('$5.00 each');
    expect(piecePriceFor(part, 19).eachText).toBe('$5.00 each');
    expect(piecePriceFor(part, 20).eachText).toBe('$4.00 each');
    expect(piecePriceFor(part, 120)).toMatchObject({ eachText: '$3.50 each', lotText: 'min. 2 · $7.00 per lot' });
    // 120 pieces at $3.50 each is what the server charges.
    expect(orderPrice(part.unitPrice, part.minOrder, 120, part.priceTiers)).toBe(120 * piecePriceFor(part, 120).eachValue);
  });
});
