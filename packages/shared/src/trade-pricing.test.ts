import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestOffer, orderPriceCents, percentOffCents, tradeOffers, type PriceOffer } from './pricing';

/** Issue #37 item 2 (decision 206): a trade buyer's price is the lowest offer at the quantity, never above the public one. */

const tiers = (minOrder: number) =>
  fc
    .uniqueArray(fc.integer({ min: minOrder + 1, max: minOrder + 500 }), { maxLength: 4 })
    .chain((qs) =>
      fc.tuple(...qs.sort((a, b) => a - b).map((q) => fc.record({ minQuantity: fc.constant(q), unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }) }))),
    );
const offer = (minOrder: number): fc.Arbitrary<PriceOffer> =>
  fc.record({ unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }), priceTiers: tiers(minOrder) });

describe('trade prices', () => {
  it('the cheapest offer prices the quantity at most as high as every offer, the public one included, by the one rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }).chain((minOrder) =>
          fc.record({
            minOrder: fc.constant(minOrder),
            quantity: fc.integer({ min: minOrder, max: minOrder + 1_000 }),
            base: offer(minOrder),
            prices: fc.array(offer(minOrder), { maxLength: 3 }),
            percents: fc.array(fc.integer({ min: 1, max: 9_999 }), { maxLength: 3 }),
          }),
        ),
        ({ minOrder, quantity, base, prices, percents }) => {
          const offers = [base, ...tradeOffers(base, { prices, percentsOff: percents })];
          const best = cheapestOffer(offers as [PriceOffer, ...PriceOffer[]], minOrder, quantity);
          const cost = (o: PriceOffer) => orderPriceCents(o.unitPriceCents, minOrder, quantity, o.priceTiers);
          for (const o of offers) expect(cost(best)).toBeLessThanOrEqual(cost(o));
          // A tie keeps the public price.
          if (cost(base) === cost(best)) expect(best).toBe(base);
        },
      ),
    );
  });

  it('a percentage off rounds half-up to the cent, never below a cent, and never raises a price', () => {
    expect(percentOffCents(10_000, 1_250)).toBe(8_750);
    expect(percentOffCents(999, 1_000)).toBe(899); // 899.1
    expect(percentOffCents(5, 1_000)).toBe(5); // 4.5 rounds up
    expect(percentOffCents(1, 9_999)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 9_999 }), (cents, bp) => {
        const off = percentOffCents(cents, bp);
        expect(off).toBeGreaterThanOrEqual(1);
        expect(off).toBeLessThanOrEqual(cents);
        // Half-up: within half a cent of the exact amount (or the floor of 1 cent).
        if (off > 1) expect(Math.abs(off - (cents * (10_000 - bp)) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
