import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateCents, componentRefundCents, kitAvailability, kitShares } from './kits';

describe('kits (decision 220)', () => {
  it('a kit can be bought as often as its scarcest part allows', () => {
    expect(kitAvailability([])).toBe(0);
    expect(kitAvailability([{ stock: 10, quantity: 1 }])).toBe(10);
    expect(
      kitAvailability([
        { stock: 10, quantity: 1 },
        { stock: 7, quantity: 2 },
      ]),
    ).toBe(3);
    expect(kitAvailability([{ stock: 1, quantity: 2 }])).toBe(0);
  });

  it('shares add up to the line to the cent, each within a cent of its exact proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const shares = allocateCents(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const w = weights.every((x) => x === 0) ? weights.map(() => 1) : weights;
          const sum = w.reduce((a, b) => a + b, 0);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s) && s >= 0).toBe(true);
            expect(Math.abs(s - (total * w[i]) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it("a kit line's component shares sum to its amount, a dearer part taking more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.array(
          fc.record({
            lotPriceCents: fc.integer({ min: 1, max: 1_000_000 }),
            minOrder: fc.integer({ min: 1, max: 100 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (amount, parts) => {
          const shares = kitShares(amount, parts);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        },
      ),
    );
    // A $129.90 chain kit: the chain ($89.95), a front ($19.95) and a rear sprocket ($44.95).
    expect(
      kitShares(12_990, [
        { lotPriceCents: 8995, minOrder: 1, quantity: 1 },
        { lotPriceCents: 1995, minOrder: 1, quantity: 1 },
        { lotPriceCents: 4495, minOrder: 1, quantity: 1 },
      ]),
    ).toEqual([7546, 1673, 3771]);
  });

  it("returning a component's pieces in any steps refunds its share exactly, never more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 200 }).chain((bought) => fc.tuple(fc.constant(bought), fc.array(fc.integer({ min: 1, max: bought }), { maxLength: 30 }))),
        (share, [bought, steps]) => {
          let back = 0;
          let refunded = 0;
          for (const step of steps) {
            const n = Math.min(step, bought - back);
            const cents = componentRefundCents(share, bought, back, n);
            expect(cents).toBeGreaterThanOrEqual(0);
            refunded += cents;
            back += n;
          }
          expect(refunded).toBeLessThanOrEqual(share);
          if (back === bought) expect(refunded).toBe(share);
          expect(refunded).toBe(Math.round((share * back) / bought));
        },
      ),
    );
  });
});
