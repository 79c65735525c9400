import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type AuditEntry, type Product } from '@shop/shared';
import { products } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct } from './orders-fixtures';

/**
 * Issue #24 item 3 (and item 4's category per product): every part has a weight, optional dimensions,
 * an oversize flag and a tax category; an admin sets them in the product form (POST/PATCH) and in the
 * catalogue CSV, every product read shows them.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const valid = {
  name: 'Tail rack',
  unitPrice: 89,
  stock: 5,
  description: 'Aluminium tail rack.',
  minOrder: 1,
  image: '/images/products/oil-filter-hf204.svg',
};
const post = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: '/api/product', headers, payload });
const patch = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers, payload });
const getProduct = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
const shipping = (p: Product) => ({ weightGrams: p.weightGrams, dimensionsMm: p.dimensionsMm, oversize: p.oversize, taxCategory: p.taxCategory });
const audit = async (action: string) =>
  (await t.app.inject({ url: `/api/audit?action=${action}&limit=200`, headers: bearer(admin.token) })).json().items as AuditEntry[];

describe('product form: create, update, read', () => {
  it('a product added without the fields gets 500 g, no dimensions, not oversize, standard tax', async () => {
    const res = await post({ ...valid, sku: 'SHIP-DEFAULT' });
    expect(res.statusCode, res.body).toBe(201);
    const created = productSchema.parse(res.json());
    expect(shipping(created)).toEqual({ weightGrams: 500, dimensionsMm: null, oversize: false, taxCategory: 'standard' });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, created._id));
    expect(row).toMatchObject({ weightGrams: 500, lengthMm: null, widthMm: null, heightMm: null, oversize: false, taxCategory: 'standard' });
  });

  it('creates, reads and updates the fields; every read shows them', async () => {
    const res = await post({
      ...valid,
      sku: 'SHIP-RACK',
      weightGrams: 4200,
      dimensionsMm: { length: 900, width: 400, height: 250 },
      oversize: true,
      taxCategory: 'reduced',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Product;
    const expected = { weightGrams: 4200, dimensionsMm: { length: 900, width: 400, height: 250 }, oversize: true, taxCategory: 'reduced' };
    expect(shipping(created)).toEqual(expected);
    expect(shipping(await getProduct(created._id))).toEqual(expected);
    expect(shipping((await catalogue()).find((p) => p._id === created._id)!)).toEqual(expected);
    const manage = (await t.app.inject({ url: '/api/products/manage?limit=100', headers: bearer(admin.token) })).json() as { items: Product[] };
    expect(shipping(manage.items.find((p) => p._id === created._id)!)).toEqual(expected);
    const page = (await t.app.inject({ url: '/api/products?page=1&limit=100' })).json() as { items: Product[] };
    expect(shipping(page.items.find((p) => p._id === created._id)!)).toEqual(expected);
    const found = (await t.app.inject({ url: '/api/search?q=SHIP-RACK' })).json() as { items: Product[] };
    expect(shipping(found.items.find((p) => p._id === created._id)!)).toEqual(expected);

    // The creation is in the audit log with the fields.
    const createdEntry = (await audit('product.create')).find((e) => e.entityId === created._id)!;
    expect(createdEntry.after).toMatchObject(expected);

    // Update, based on the version (optimistic concurrency kept).
    let upd = await patch(created._id, {
      version: created.version,
      weightGrams: 3900,
      oversize: false,
      taxCategory: 'zero',
      dimensionsMm: { length: 880, width: 400, height: 250 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const updated = upd.json() as Product;
    expect(updated.version).toBe(created.version + 1);
    const next = { weightGrams: 3900, dimensionsMm: { length: 880, width: 400, height: 250 }, oversize: false, taxCategory: 'zero' };
    expect(shipping(updated)).toEqual(next);
    expect(shipping(await getProduct(created._id))).toEqual(next);

    // Only the changed fields are in the audit entry, as they were and as they are.
    const entry = (await audit('product.update')).find((e) => e.entityId === created._id)!;
    expect(entry.before).toEqual({ weightGrams: 4200, dimensionsMm: { length: 900, width: 400, height: 250 }, oversize: true, taxCategory: 'reduced' });
    expect(entry.after).toEqual(next);

    // null removes the dimensions; the other fields stay.
    upd = await patch(created._id, { version: updated.version, dimensionsMm: null });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(shipping(upd.json())).toEqual({ ...next, dimensionsMm: null });

    // The same values again change nothing: the version stays.
    const same = await patch(created._id, { version: upd.json().version, weightGrams: 3900, taxCategory: 'zero', dimensionsMm: null, oversize: false });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(upd.json().version);

    // A stale version is refused (409) and changes nothing.
    const stale = await patch(created._id, { version: created.version, weightGrams: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRODUCT_CHANGED');
    expect((await getProduct(created._id)).weightGrams).toBe(3900);
  });

  it('says what is wrong with each field (400) and stores nothing', async () => {
    const p = await addProduct(t.app, admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ weightGrams: 0 }, 'weightGrams: Weight must be whole grams between 1 and 1,000,000'],
      [{ weightGrams: -5 }, 'weightGrams: Weight must be whole grams between 1 and 1,000,000'],
      [{ weightGrams: 12.5 }, 'weightGrams: Weight must be whole grams between 1 and 1,000,000'],
      [{ weightGrams: 1_000_001 }, 'weightGrams: Weight must be whole grams between 1 and 1,000,000'],
      [{ weightGrams: 'heavy' }, 'weightGrams: Weight must be whole grams between 1 and 1,000,000'],
      [{ dimensionsMm: { length: 100 } }, 'dimensionsMm: Give length, width and height, or none'],
      [{ dimensionsMm: { length: 100, width: 50, height: null } }, 'dimensionsMm: Give length, width and height, or none'],
      [{ dimensionsMm: { length: 0, width: 50, height: 50 } }, 'dimensionsMm.length: Length must be whole millimetres between 1 and 10,000, or empty'],
      [{ dimensionsMm: { length: 100, width: 10_001, height: 50 } }, 'dimensionsMm.width: Width must be whole millimetres between 1 and 10,000, or empty'],
      [{ dimensionsMm: { length: 100, width: 50, height: 2.5 } }, 'dimensionsMm.height: Height must be whole millimetres between 1 and 10,000, or empty'],
      [{ dimensionsMm: 'big' }, 'dimensionsMm: dimensionsMm must be { length, width, height } in millimetres, or null'],
      [{ oversize: 'yes' }, 'oversize: oversize must be true or false'],
      [{ taxCategory: 'luxury' }, 'taxCategory: Tax category must be one of: standard, reduced, zero'],
    ];
    const before = (await catalogue()).length;
    for (const [fields, message] of cases) {
      const created = await post({ ...valid, ...fields });
      expect(created.statusCode, JSON.stringify(fields)).toBe(400);
      expect(created.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      const updated = await patch(p._id, { version: p.version, ...fields });
      expect(updated.statusCode, JSON.stringify(fields)).toBe(400);
      expect(updated.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await catalogue()).toHaveLength(before);
    const after = await getProduct(p._id);
    expect(after.version).toBe(p.version);
    expect(shipping(after)).toEqual(shipping(p));
  });

  it('a visitor (401) and a customer (403) cannot set or change them', async () => {
    const p = await addProduct(t.app, admin);
    const fields = { weightGrams: 9000, oversize: true, taxCategory: 'zero', dimensionsMm: { length: 1, width: 1, height: 1 } };
    expect((await post({ ...valid, ...fields }, {})).statusCode).toBe(401);
    expect((await post({ ...valid, ...fields }, bearer(customer.token))).statusCode).toBe(403);
    expect((await patch(p._id, { version: p.version, ...fields }, {})).statusCode).toBe(401);
    const byCustomer = await patch(p._id, { version: p.version, ...fields }, bearer(customer.token));
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.code).toBe('ADMIN_ONLY');
    expect(shipping(await getProduct(p._id))).toEqual({ weightGrams: 20, dimensionsMm: null, oversize: false, taxCategory: 'standard' });
  });
});

describe('API document', () => {
  it('documents the fields in the product, create and update schemas', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const text = doc.body;
    const openapi = doc.json();
    const body = (path: string, method: string) => JSON.stringify(openapi.paths[path][method].requestBody);
    for (const field of ['weightGrams', 'dimensionsMm', 'oversize', 'taxCategory']) {
      expect(body('/api/product', 'post'), field).toContain(field);
      expect(body('/api/product/{id}', 'patch'), field).toContain(field);
      expect(JSON.stringify(openapi.paths['/api/product/{id}'].get.responses['200']), field).toContain(field);
    }
    expect(text).toContain('"zero"');
  });
});

describe('catalogue CSV', () => {
  const exportCsv = (headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers });
  const importCsv = (csv: string, dryRun = false, headers: Record<string, string> = bearer(admin.token)) =>
    t.app.inject({ method: 'POST', url: `/api/products/import?dryRun=${dryRun}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
  const toCsv = (rows: Record<string, string>[], columns = Object.keys(rows[0])) => stringify(rows, { header: true, columns });
  const bySku = async (sku: string) => (await catalogue()).find((p) => p.sku === sku)!;

  it('exports the columns at the end and imports them back', async () => {
    const disc = (
      await post({
        ...valid,
        sku: 'CSV-DISC',
        name: 'Brake disc',
        weightGrams: 1100,
        dimensionsMm: { length: 330, width: 330, height: 20 },
        taxCategory: 'reduced',
      })
    ).json() as Product;
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toBe(
      'sku,name,brand,category,unitPrice,minOrder,stock,description,images,universal,fitment,price_tiers,weight_grams,length_mm,width_mm,height_mm,oversize,tax_category,part_numbers',
    );
    const rows = rowsOf(res.body);
    const row = rows.find((r) => r.sku === 'CSV-DISC')!;
    expect(row).toMatchObject({ weight_grams: '1100', length_mm: '330', width_mm: '330', height_mm: '20', oversize: 'false', tax_category: 'reduced' });
    expect(rows.find((r) => r.sku === 'SHIP-DEFAULT')).toMatchObject({
      weight_grams: '500',
      length_mm: '',
      width_mm: '',
      height_mm: '',
      oversize: 'false',
      tax_category: 'standard',
    });

    // Unchanged, the file changes nothing.
    const again = await importCsv(res.body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });

    // Edit the shipping columns of one row and add a new part with its own.
    const edited = { ...row, weight_grams: '1250', length_mm: '', width_mm: '', height_mm: '', oversize: 'yes', tax_category: 'Zero-rated' };
    const added = {
      ...row,
      sku: 'CSV-BOX',
      name: 'Top box',
      weight_grams: '5200',
      length_mm: '560',
      width_mm: '440',
      height_mm: '320',
      oversize: 'true',
      tax_category: 'standard',
    };
    const dry = await importCsv(toCsv([edited, added]), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, created: 1, updated: 1, errors: [] });
    expect(shipping(await getProduct(disc._id))).toEqual(shipping(disc));

    const real = await importCsv(toCsv([edited, added]));
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ created: 1, updated: 1, errors: [] });
    const changed = await getProduct(disc._id);
    expect(shipping(changed)).toEqual({ weightGrams: 1250, dimensionsMm: null, oversize: true, taxCategory: 'zero' });
    expect(changed.version).toBe(disc.version + 1);
    expect(shipping(await bySku('CSV-BOX'))).toEqual({
      weightGrams: 5200,
      dimensionsMm: { length: 560, width: 440, height: 320 },
      oversize: true,
      taxCategory: 'standard',
    });

    // Export → import round trip keeps every value.
    const roundTrip = await importCsv((await exportCsv()).body);
    expect(roundTrip.json()).toMatchObject({ created: 0, updated: 0 });
    expect(shipping(await getProduct(disc._id))).toEqual(shipping(changed));
  });

  it('an old file without the columns still imports: stored values kept, defaults for new parts', async () => {
    const keep = (
      await post({
        ...valid,
        sku: 'CSV-OLD',
        name: 'Old-file part',
        weightGrams: 777,
        dimensionsMm: { length: 10, width: 20, height: 30 },
        oversize: true,
        taxCategory: 'reduced',
      })
    ).json() as Product;
    const header = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images';
    const csv = [
      header,
      'CSV-OLD,Old-file part renamed,Unbranded,accessories,89.00,1,5,Aluminium tail rack.,/images/products/oil-filter-hf204.svg',
      'CSV-OLD-NEW,New from an old file,Unbranded,accessories,10.00,1,3,A part.,/images/products/oil-filter-hf204.svg',
      '',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 1, errors: [] });
    const after = await getProduct(keep._id);
    expect(after.name).toBe('Old-file part renamed');
    expect(shipping(after)).toEqual(shipping(keep));
    expect(shipping(await bySku('CSV-OLD-NEW'))).toEqual({ weightGrams: 500, dimensionsMm: null, oversize: false, taxCategory: 'standard' });

    // Only some of the new columns: the others keep their values.
    const partial = stringify([{ ...rowsOf((await exportCsv()).body).find((r) => r.sku === 'CSV-OLD')! }], {
      header: true,
      columns: ['sku', 'name', 'brand', 'category', 'unitPrice', 'minOrder', 'stock', 'description', 'images', 'tax_category'],
    }).replace(',reduced\n', ',zero\n');
    const partialRes = await importCsv(partial);
    expect(partialRes.statusCode, partialRes.body).toBe(200);
    expect(shipping(await getProduct(keep._id))).toEqual({ ...shipping(keep), taxCategory: 'zero' });

    // Empty weight and tax category cells keep the stored values.
    const rows = rowsOf((await exportCsv()).body);
    const row = rows.find((r) => r.sku === 'CSV-OLD')!;
    const emptyCells = await importCsv(toCsv([{ ...row, weight_grams: '', tax_category: '' }]));
    expect(emptyCells.statusCode, emptyCells.body).toBe(200);
    expect(shipping(await getProduct(keep._id))).toEqual({ ...shipping(keep), taxCategory: 'zero' });
  });

  it('names a bad cell by its line, and refuses a header with only some dimension columns', async () => {
    const rows = rowsOf((await exportCsv()).body);
    const row = rows.find((r) => r.sku === 'CSV-DISC')!;
    const bad = [
      { ...row, weight_grams: '0' },
      { ...row, sku: 'CSV-BAD-2', weight_grams: '1.5kg' },
      { ...row, sku: 'CSV-BAD-3', length_mm: '100', width_mm: '', height_mm: '' },
      { ...row, sku: 'CSV-BAD-4', length_mm: '100', width_mm: '20000', height_mm: '5' },
      { ...row, sku: 'CSV-BAD-5', oversize: 'maybe' },
      { ...row, sku: 'CSV-BAD-6', tax_category: 'luxury' },
    ];
    const before = await catalogue();
    const res = await importCsv(toCsv(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { line: 2, message: 'weight_grams: Weight must be whole grams between 1 and 1,000,000' },
      { line: 3, message: 'weight_grams: Weight must be whole grams between 1 and 1,000,000' },
      { line: 4, message: 'width_mm: Give length, width and height, or none' },
      { line: 5, message: 'width_mm: Width must be whole millimetres between 1 and 10,000, or empty' },
      { line: 6, message: 'oversize: oversize must be true or false' },
      { line: 7, message: 'tax_category: Tax category must be one of: standard, reduced, zero' },
    ]);
    expect(await catalogue()).toEqual(before);

    const { width_mm: _w, height_mm: _h, ...withLengthOnly } = row;
    const header = await importCsv(toCsv([withLengthOnly]));
    expect(header.statusCode).toBe(400);
    expect(header.json().errors).toEqual([
      { line: 1, message: 'The header has length_mm but lacks width_mm, height_mm: give length_mm, width_mm and height_mm, or none of them.' },
    ]);
  });

  it('a visitor (401) and a customer (403) can neither export nor import them', async () => {
    const body = (await exportCsv()).body;
    expect((await exportCsv({})).statusCode).toBe(401);
    expect((await exportCsv(bearer(customer.token))).statusCode).toBe(403);
    const rows = rowsOf(body).map((r) => ({ ...r, weight_grams: '9999', tax_category: 'zero' }));
    const before = await catalogue();
    expect((await importCsv(toCsv(rows), false, {})).statusCode).toBe(401);
    expect((await importCsv(toCsv(rows), false, bearer(customer.token))).statusCode).toBe(403);
    expect(await catalogue()).toEqual(before);
  });
});
