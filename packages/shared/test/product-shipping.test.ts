import { describe, expect, it } from 'vitest';
import { catalogCsvRowSchema, createProductSchema, csvRowDimensions, updateProductSchema } from '../src';

/** Issue #24: weight, dimensions, oversize and tax category of a part, in the API schemas and the catalogue CSV. */

const product = { name: 'Rack', unitPrice: 89, stock: 5, description: 'A rack.', minOrder: 1, image: '/images/rack.svg' };
const row = {
  sku: 'R-1',
  name: 'Rack',
  brand: 'B',
  category: 'accessories',
  unitPrice: '89',
  minOrder: '1',
  stock: '5',
  description: 'A rack.',
  images: '/images/rack.svg',
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('product schemas', () => {
  it('leaves the fields out when they are not sent (the server uses its defaults)', () => {
    const parsed = createProductSchema.parse(product);
    expect([parsed.weightGrams, parsed.dimensionsMm, parsed.oversize, parsed.taxCategory]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('takes whole grams, three sides or none, and a known tax category', () => {
    expect(
      createProductSchema.parse({ ...product, weightGrams: '250', dimensionsMm: { length: 10, width: '20', height: 30 }, taxCategory: 'zero' }),
    ).toMatchObject({
      weightGrams: 250,
      dimensionsMm: { length: 10, width: 20, height: 30 },
      taxCategory: 'zero',
    });
    expect(updateProductSchema.parse({ version: 1, dimensionsMm: { length: '', width: null, height: '' } }).dimensionsMm).toBeNull();
    expect(updateProductSchema.parse({ version: 1, dimensionsMm: null }).dimensionsMm).toBeNull();
    expect(issues(createProductSchema.safeParse({ ...product, weightGrams: 0 }))).toEqual(['weightGrams: Weight must be whole grams between 1 and 1,000,000']);
    expect(issues(createProductSchema.safeParse({ ...product, dimensionsMm: { length: 10, height: 5 } }))).toEqual([
      'dimensionsMm: Give length, width and height, or none',
    ]);
    expect(issues(updateProductSchema.safeParse({ version: 1, dimensionsMm: { length: 10_001, width: 1, height: 1 } }))).toEqual([
      'dimensionsMm.length: Length must be whole millimetres between 1 and 10,000, or empty',
    ]);
  });
});

describe('catalogue CSV row', () => {
  it('without the columns, keeps everything as it is', () => {
    const parsed = catalogCsvRowSchema.parse(row);
    expect([parsed.weight_grams, parsed.oversize, parsed.tax_category, csvRowDimensions(parsed)]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads the cells; empty dimensions are none, an empty weight or tax category keeps the stored one', () => {
    const full = catalogCsvRowSchema.parse({
      ...row,
      weight_grams: '1200',
      length_mm: '10',
      width_mm: '20',
      height_mm: '30',
      oversize: 'yes',
      tax_category: 'Zero-rated',
    });
    expect([full.weight_grams, full.oversize, full.tax_category, csvRowDimensions(full)]).toEqual([1200, true, 'zero', { length: 10, width: 20, height: 30 }]);
    const empty = catalogCsvRowSchema.parse({ ...row, weight_grams: '', length_mm: '', width_mm: '', height_mm: '', oversize: '', tax_category: '' });
    expect([empty.weight_grams, empty.oversize, empty.tax_category, csvRowDimensions(empty)]).toEqual([undefined, false, undefined, null]);
    expect(issues(catalogCsvRowSchema.safeParse({ ...row, length_mm: '10', width_mm: '', height_mm: '5' }))).toEqual([
      'width_mm: Give length, width and height, or none',
    ]);
    expect(issues(catalogCsvRowSchema.safeParse({ ...row, weight_grams: '2 kg' }))).toEqual([
      'weight_grams: Weight must be whole grams between 1 and 1,000,000',
    ]);
    expect(issues(catalogCsvRowSchema.safeParse({ ...row, tax_category: 'luxury' }))).toEqual([
      'tax_category: Tax category must be one of: standard, reduced, zero',
    ]);
  });
});
