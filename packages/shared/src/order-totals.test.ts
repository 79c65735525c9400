import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  orderNumber,
  orderTotals,
  parseOrderNumber,
  rateFromPercent,
  resolveTaxRates,
  shippingQuotes,
  taxInGross,
  taxOnNet,
  TAX_CATEGORIES,
  type ResolvedTaxRates,
  type ShippingZoneRule,
  type TaxRateRule,
} from './order-totals';

const noTax: ResolvedTaxRates = { rates: { standard: 0, reduced: 0, zero: 0 }, taxShipping: false };
const rates = (standard: number, taxShipping = false, reduced = 0): ResolvedTaxRates => ({ rates: { standard, reduced, zero: 0 }, taxShipping });

describe('tax in integer cents, half-up per line (decision 153)', () => {
  it('24.99 at 10.75 % is 2.69 of tax, and with 6.44 of untaxed shipping a total of 34.12', () => {
    expect(rateFromPercent(10.75)).toBe(10750);
    expect(taxOnNet(2499, 10750)).toBe(269);
    const t = orderTotals({
      lines: [{ amountCents: 2499, category: 'standard' }],
      shippingCents: 644,
      taxes: rates(10750),
      pricesIncludeTax: false,
      taxExempt: false,
    });
    expect(t).toMatchObject({ goodsCents: 2499, shippingCents: 644, taxCents: 269, totalCents: 3412, taxIncluded: false });
  });

  it('rounds half a cent up: 0.50 at 1 % is 0.01; 0.49 at 1 % is 0.00', () => {
    expect(taxOnNet(50, 1000)).toBe(1);
    expect(taxOnNet(49, 1000)).toBe(0);
  });

  it('takes the tax out of prices that include it: 119.00 at 19 % holds 19.00', () => {
    expect(taxInGross(11900, 19000)).toBe(1900);
    const t = orderTotals({
      lines: [{ amountCents: 11900, category: 'standard' }],
      shippingCents: 1190,
      taxes: rates(19000, true),
      pricesIncludeTax: true,
      taxExempt: false,
    });
    expect(t).toMatchObject({ goodsCents: 11900, shippingCents: 1190, taxCents: 2090, totalCents: 13090, taxIncluded: true });
  });

  it('rounds each line on its own: two lines of 0.05 at 10 % are 0.01 each', () => {
    const t = orderTotals({
      lines: [
        { amountCents: 5, category: 'standard' },
        { amountCents: 5, category: 'standard' },
      ],
      shippingCents: 0,
      taxes: rates(10000),
      pricesIncludeTax: false,
      taxExempt: false,
    });
    expect(t.lines.map((l) => l.taxCents)).toEqual([1, 1]);
    expect(t.taxCents).toBe(2);
  });

  it('charges the reduced and zero categories at their own rates, and shipping only where the zone taxes it', () => {
    const t = orderTotals({
      lines: [
        { amountCents: 10000, category: 'standard' },
        { amountCents: 10000, category: 'reduced' },
        { amountCents: 10000, category: 'zero' },
      ],
      shippingCents: 1000,
      taxes: rates(19000, false, 7000),
      pricesIncludeTax: false,
      taxExempt: false,
    });
    expect(t.lines.map((l) => l.taxCents)).toEqual([1900, 700, 0]);
    expect(t.shippingTaxCents).toBe(0);
    expect(t.totalCents).toBe(31000 + 2600);
  });

  it('a tax-exempt customer pays no tax; with prices including tax, the tax is taken out of the price', () => {
    const excl = orderTotals({
      lines: [{ amountCents: 2499, category: 'standard' }],
      shippingCents: 500,
      taxes: rates(10750, true),
      pricesIncludeTax: false,
      taxExempt: true,
    });
    expect(excl).toMatchObject({ taxCents: 0, totalCents: 2999 });
    const incl = orderTotals({
      lines: [{ amountCents: 11900, category: 'standard' }],
      shippingCents: 0,
      taxes: rates(19000),
      pricesIncludeTax: true,
      taxExempt: true,
    });
    expect(incl).toMatchObject({ goodsCents: 10000, taxCents: 0, totalCents: 10000 });
  });

  const totalsInput = fc.record({
    lines: fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 50_000_000 }), category: fc.constantFrom(...TAX_CATEGORIES) }), {
      minLength: 1,
      maxLength: 30,
    }),
    shippingCents: fc.integer({ min: 0, max: 500_000 }),
    taxes: fc.record({
      rates: fc.record({ standard: fc.integer({ min: 0, max: 30_000 }), reduced: fc.integer({ min: 0, max: 30_000 }), zero: fc.constant(0) }),
      taxShipping: fc.boolean(),
    }),
    pricesIncludeTax: fc.boolean(),
    taxExempt: fc.boolean(),
  });

  it('for any cart and setting, the total is goods + shipping (+ tax when not included), every figure whole cents, tax the sum of its lines', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const t = orderTotals(input);
        const figures = [t.goodsCents, t.shippingCents, t.taxCents, t.totalCents, ...t.lines.flatMap((l) => [l.amountCents, l.taxCents])];
        expect(figures.every((n) => Number.isSafeInteger(n) && n >= 0)).toBe(true);
        expect(t.goodsCents).toBe(t.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(t.taxCents).toBe(t.lines.reduce((s, l) => s + l.taxCents, 0) + t.shippingTaxCents);
        expect(t.totalCents).toBe(t.goodsCents + t.shippingCents + (t.taxIncluded ? 0 : t.taxCents));
        if (input.taxExempt) expect(t.taxCents).toBe(0);
        // Tax included never makes the customer pay more than the listed prices.
        if (input.pricesIncludeTax) expect(t.totalCents).toBeLessThanOrEqual(input.lines.reduce((s, l) => s + l.amountCents, 0) + input.shippingCents);
        // A line's tax is its own amount times its rate, within half a cent.
        t.lines.forEach((l, i) => {
          const rate = input.taxes.rates[input.lines[i].category];
          if (!input.pricesIncludeTax && !input.taxExempt) expect(Math.abs(l.taxCents - (l.amountCents * rate) / 100_000)).toBeLessThanOrEqual(0.5);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('tax rates at an address', () => {
  const rules: TaxRateRule[] = [
    { country: 'US', region: 'TN', category: 'standard', rate: 9750, taxShipping: true },
    { country: 'US', region: 'WA', category: 'standard', rate: 10250, taxShipping: false },
    { country: 'DE', region: '', category: 'standard', rate: 19000, taxShipping: true },
    { country: 'DE', region: '', category: 'reduced', rate: 7000, taxShipping: true },
  ];
  it('takes the region’s rate, else the country’s, else none', () => {
    expect(resolveTaxRates(rules, 'US', 'TN')).toEqual({ rates: { standard: 9750, reduced: 0, zero: 0 }, taxShipping: true });
    expect(resolveTaxRates(rules, 'US', 'OR')).toEqual(noTax);
    expect(resolveTaxRates(rules, 'DE', 'BE')).toEqual({ rates: { standard: 19000, reduced: 7000, zero: 0 }, taxShipping: true });
  });
});

describe('shipping by zone and weight', () => {
  const zones: ShippingZoneRule[] = [
    {
      id: 'us',
      name: 'United States',
      countries: ['US'],
      regions: [],
      methods: [
        {
          id: 'std',
          name: 'Standard',
          carrier: 'USPS',
          minDays: 3,
          maxDays: 5,
          bands: [
            { upToGrams: 2000, priceCents: 799 },
            { upToGrams: 30000, priceCents: 2499 },
          ],
          freeOverCents: 5000,
          takesOversize: false,
        },
        {
          id: 'exp',
          name: 'Express',
          carrier: 'UPS',
          minDays: 1,
          maxDays: 2,
          bands: [{ upToGrams: 10000, priceCents: 2999 }],
          freeOverCents: null,
          takesOversize: false,
        },
        {
          id: 'frt',
          name: 'Freight',
          carrier: 'XPO',
          minDays: 5,
          maxDays: 8,
          bands: [{ upToGrams: 200000, priceCents: 9900 }],
          freeOverCents: null,
          takesOversize: true,
        },
      ],
    },
    { id: 'ak', name: 'Alaska and Hawaii', countries: ['US'], regions: ['AK', 'HI'], methods: [] },
  ];

  it('offers the methods that can carry the cart, cheapest first, free from the threshold', () => {
    expect(
      shippingQuotes(zones, { country: 'US', region: 'CA' }, { weightGrams: 1500, goodsCents: 4999, hasOversize: false }).map((q) => [
        q.methodId,
        q.priceCents,
      ]),
    ).toEqual([
      ['std', 799],
      ['exp', 2999],
      ['frt', 9900],
    ]);
    expect(shippingQuotes(zones, { country: 'US', region: 'CA' }, { weightGrams: 1500, goodsCents: 5000, hasOversize: false })[0]).toMatchObject({
      methodId: 'std',
      priceCents: 0,
    });
    expect(shippingQuotes(zones, { country: 'US', region: 'CA' }, { weightGrams: 15000, goodsCents: 100, hasOversize: false }).map((q) => q.methodId)).toEqual([
      'std',
      'frt',
    ]);
  });

  it('an oversize part goes only with a method that takes it; a region zone replaces the country zone; no zone, no method', () => {
    expect(shippingQuotes(zones, { country: 'US', region: 'TX' }, { weightGrams: 1000, goodsCents: 100, hasOversize: true }).map((q) => q.methodId)).toEqual([
      'frt',
    ]);
    expect(shippingQuotes(zones, { country: 'US', region: 'HI' }, { weightGrams: 1000, goodsCents: 100, hasOversize: false })).toEqual([]);
    expect(shippingQuotes(zones, { country: 'BR', region: '' }, { weightGrams: 1000, goodsCents: 100, hasOversize: false })).toEqual([]);
  });
});

describe('order numbers', () => {
  it('reads TT-10042 in the ways a person types it', () => {
    expect(orderNumber(10042)).toBe('TT-10042');
    for (const typed of ['TT-10042', 'tt-10042', 'tt10042', '#10042', ' 10042 ']) expect(parseOrderNumber(typed)).toBe(10042);
    expect(parseOrderNumber('pi_123')).toBeNull();
  });
});
