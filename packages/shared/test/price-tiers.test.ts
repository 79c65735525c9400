import { describe, expect, it } from 'vitest';
import { catalogCsvRowSchema, formatPriceTiersCell, parsePriceTiersCell } from '../src/schemas/catalog-csv';
import { createProductSchema, priceTierListSchema, updateProductSchema } from '../src/schemas/product';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('price tier list (decision 131)', () => {
  it('coerces form strings and keeps the order', () => {
    expect(
      priceTierListSchema.parse([
        { minQuantity: '20', unitPrice: '8.00' },
        { minQuantity: 100, unitPrice: 7 },
      ]),
    ).toEqual([
      { minQuantity: 20, unitPrice: 8 },
      { minQuantity: 100, unitPrice: 7 },
    ]);
  });

  it('says what is wrong with each tier', () => {
    expect(issues(priceTierListSchema.safeParse([{ minQuantity: '1.5', unitPrice: '0' }]))).toEqual([
      '0.minQuantity: Tier quantity must be a whole number',
      '0.unitPrice: Tier price must be more than 0',
    ]);
    expect(issues(priceTierListSchema.safeParse([{ minQuantity: 'x', unitPrice: 'y' }]))).toEqual([
      '0.minQuantity: Tier quantity must be a number',
      '0.unitPrice: Tier price must be a number',
    ]);
    expect(
      issues(
        priceTierListSchema.safeParse([
          { minQuantity: 100, unitPrice: 7 },
          { minQuantity: 20, unitPrice: 8 },
        ]),
      ),
    ).toEqual(['1.minQuantity: Tier quantities must increase from tier to tier (20 follows 100)']);
    expect(issues(priceTierListSchema.safeParse(Array.from({ length: 11 }, (_, i) => ({ minQuantity: 10 + i, unitPrice: 1 }))))).toEqual([
      ': At most 10 price tiers',
    ]);
    expect(issues(priceTierListSchema.safeParse('20:8'))).toEqual([': priceTiers must be a list of { minQuantity, unitPrice }']);
  });

  it('is optional on POST and PATCH', () => {
    const base = { name: 'Pads', unitPrice: 10, stock: 5, description: 'd', minOrder: 2, image: '/x.png' };
    expect(createProductSchema.parse(base).priceTiers).toBeUndefined();
    expect(createProductSchema.parse({ ...base, priceTiers: [{ minQuantity: 20, unitPrice: 8 }] }).priceTiers).toEqual([{ minQuantity: 20, unitPrice: 8 }]);
    expect(updateProductSchema.parse({ version: 1, priceTiers: [] }).priceTiers).toEqual([]);
  });
});

describe('price_tiers CSV cell', () => {
  const row = {
    sku: 'BP-1',
    name: 'Pads',
    brand: 'EBC',
    category: 'brakes',
    unitPrice: '10.00',
    minOrder: '2',
    stock: '50',
    description: 'd',
    images: '/x.png',
  };

  it('round-trips through format and parse', () => {
    const cell = formatPriceTiersCell([
      { minQuantity: 100, unitPrice: 7 },
      { minQuantity: 20, unitPrice: 8 },
    ]);
    expect(cell).toBe('20:8.00; 100:7.00');
    expect(catalogCsvRowSchema.parse({ ...row, price_tiers: cell }).price_tiers).toEqual([
      { minQuantity: 20, unitPrice: 8 },
      { minQuantity: 100, unitPrice: 7 },
    ]);
    expect(formatPriceTiersCell([])).toBe('');
  });

  it('is optional; an empty cell means no tiers', () => {
    expect(catalogCsvRowSchema.parse(row).price_tiers).toBeUndefined();
    expect(catalogCsvRowSchema.parse({ ...row, price_tiers: '' }).price_tiers).toEqual([]);
    expect(catalogCsvRowSchema.parse({ ...row, price_tiers: ' 20: $8 ;' }).price_tiers).toEqual([{ minQuantity: 20, unitPrice: 8 }]);
  });

  it('names a malformed cell and a tier at the minimum order', () => {
    expect(parsePriceTiersCell('20-8')).toEqual({ ok: false, message: '"20-8" is not a price tier' });
    expect(issues(catalogCsvRowSchema.safeParse({ ...row, price_tiers: '20-8' }))).toEqual([
      'price_tiers: "20-8" is not a price tier (write quantity:price, tiers separated by ;, e.g. 20:8.00; 100:7.00)',
    ]);
    expect(issues(catalogCsvRowSchema.safeParse({ ...row, price_tiers: '2:8' }))).toEqual([
      'price_tiers: Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price',
    ]);
  });
});
