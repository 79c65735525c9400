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

  it('shows a piece price below the cent exactly, up to four decimals, never rounded to a cent the shop does not charge', () => {
    expect(piecePrice(4.99, 10).eachText).toBe('$0.499 each');
    expect(piecePrice(4.99, 100).eachText).toBe('$0.0499 each');
    expect(piecePrice(249.05, 10).eachText).toBe('$24.905 each');
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
    expect(piecePrice(12_345.6, 1_000).eachText).toBe('$12.3456 each');
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
        const truth = lotCents / 100 / minOrder;
        if (p.exact) expect(p.eachValue).toBeCloseTo(truth, 10);
        else {
          const decimals = p.each.split('.')[1]!.length;
          expect(Math.abs(p.eachValue - truth)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
          expect(p.eachText.startsWith('about $')).toBe(true);
        }
        expect(Number(p.each.replace(/[$,]/g, ''))).toBe(p.eachValue);
      }),
    );
  });

  it('with tiers, the piece price follows the tier that prices the quantity, as the order total does', () => {
    const part = { unitPrice: 10, minOrder: 2, priceTiers: [{ minQuantity: 20, unitPrice: 8 }, { minQuantity: 100, unitPrice: 7 }] };
    expect(piecePriceFor(part, 2).eachText).toBe('$5.00 each');
    expect(piecePriceFor(part, 19).eachText).toBe('$5.00 each');
    expect(piecePriceFor(part, 20).eachText).toBe('$4.00 each');
    expect(piecePriceFor(part, 120)).toMatchObject({ eachText: '$3.50 each', lotText: 'min. 2 · $7.00 per lot' });
    // 120 pieces at $3.50 each is what the server charges.
    expect(orderPrice(part.unitPrice, part.minOrder, 120, part.priceTiers)).toBe(120 * piecePriceFor(part, 120).eachValue);
  });
});
