import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNames, dateTimeFormat, numberFormat } from './intl';

/** The options the shop formats its numbers with. */
const SHOP_OPTIONS: Intl.NumberFormatOptions[] = [
  {},
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { style: 'currency', currency: 'USD' },
  { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { maximumFractionDigits: 3 },
];

describe('numberFormat', () => {
  const original = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = original;
  });

  it.each(SHOP_OPTIONS)('formats en-US numbers as Intl does, without building an Intl formatter (%o)', (options) => {
    let built = 0;
    const intl = new original('en-US', options);
    Intl.NumberFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        built++;
      }
    } as typeof original;
    const ours = numberFormat('en-US', options);
    const cents = fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((c) => c / 100);
    const any = fc.double({ min: -1e15, max: 1e15, noNaN: true });
    const extreme = fc.double({ noNaN: true, noDefaultInfinity: true });
    const edges = fc.constantFrom(0, -0, 0.5, 1.5, 2.5, 0.005, 1.005, 2.675, 999.995, 1e6, 1234567.891, -0.001, 0.0004999);
    fc.assert(
      fc.property(fc.oneof(cents, any, extreme, edges), (value) => {
        expect(ours.format(value)).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
    expect(built).toBe(0);
  });

  it('hands other locales and options to Intl, built at the first use', () => {
    let built = 0;
    Intl.NumberFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        built++;
      }
    } as typeof original;
    const euro = numberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const percent = numberFormat('en-US', { style: 'percent' });
    expect(built).toBe(0);
    expect(euro.format(1234.5)).toBe(new original('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5));
    expect(percent.format(0.25)).toBe('25%');
    expect(euro.format(1)).toBe(new original('de-DE', { style: 'currency', currency: 'EUR' }).format(1));
    expect(built).toBe(2);
  });
});

describe('dateTimeFormat', () => {
  it('formats dates with the options given', () => {
    const day = dateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(day.format(new Date('2026-11-26T12:00:00Z'))).toBe('November 26');
  });
});

describe('compareNames', () => {
  it('orders names as Intl.Collator("en", { numeric: true }) does', () => {
    const collator = new Intl.Collator('en', { numeric: true });
    const name = fc.string({ unit: fc.constantFrom(...'aAbBeEéÉmMtTzZ0123456789 -./'.split('')), maxLength: 10 });
    fc.assert(
      fc.property(name, name, (a, b) => {
        const intl = collator.compare(a, b);
        // Intl calls "MT-7" and "MT-07" equal; any order of the two is fine.
        if (intl !== 0) expect(Math.sign(compareNames(a, b))).toBe(Math.sign(intl));
      }),
      { numRuns: 5000 },
    );
    const models = ['MT-10', 'MT-07', 'CB1000R', 'CB500X', 'cb650r', 'Z900', 'Z 650', 'Ténéré 700', 'Tracer 9 GT'];
    expect([...models].sort(compareNames)).toEqual([...models].sort(collator.compare));
  });
});
