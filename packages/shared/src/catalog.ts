/**
 * The catalogue's managed lists and rules shared by the server and the web
 * app (issue #8): part categories with their labels, and the part-number key.
 */
export const PRODUCT_CATEGORIES = [
  'brakes',
  'drivetrain',
  'filters',
  'ignition',
  'tyres',
  'controls',
  'exhaust',
  'electrical',
  'suspension',
  'engine',
  'fluids',
  'protective-gear',
  'accessories',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  brakes: 'Brakes',
  drivetrain: 'Drivetrain',
  filters: 'Filters',
  ignition: 'Ignition',
  tyres: 'Tyres',
  controls: 'Controls',
  exhaust: 'Exhaust',
  electrical: 'Electrical',
  suspension: 'Suspension',
  engine: 'Engine',
  fluids: 'Oils & fluids',
  'protective-gear': 'Protective gear',
  accessories: 'Accessories',
};

/** What an old client that sends no category gets (decision 090). */
export const DEFAULT_CATEGORY: ProductCategory = 'accessories';
/** What an old client that sends no brand gets (decision 090). */
export const DEFAULT_BRAND = 'Unbranded';

/** Letters and digits, optionally separated by spaces, dots, dashes or slashes: "HF-204", "CR9E IX", "08.6101". */
export const SKU_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 .\-/]*[A-Za-z0-9])?$/;

/**
 * The key two part numbers are compared by: case, spaces, dots and dashes do
 * not count, so "HF-204", "hf 204" and "HF.204" are the same part. The
 * database computes the same key (products.sku_key) and keeps it unique.
 */
export function skuKey(sku: string): string {
  return sku.toLowerCase().replace(/[\s.-]/g, '');
}

/** Stock below this many minimum orders is "low" (the server's LOW_STOCK_FACTOR; 3 by default). */
export const DEFAULT_LOW_STOCK_FACTOR = 3;
export const isLowStock = (stock: number, minOrder: number, factor = DEFAULT_LOW_STOCK_FACTOR) => stock < factor * minOrder;
