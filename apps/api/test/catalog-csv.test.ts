import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { stockMovements } from '../src/db/schema';
import { ledgerMismatches } from '../src/modules/stock/stock.service';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/** GET /api/products/export.csv and POST /api/products/import (admin): a round trip, dry runs, all or nothing. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  await addProduct(t.app, admin, { name: 'Brake pads', sku: 'EBC-FA196HH', brand: 'EBC', category: 'brakes', stock: 40, unitPrice: 24.5 });
  await addProduct(t.app, admin, {
    name: 'Oil filter',
    sku: 'HF-204',
    brand: 'Hiflofiltro',
    category: 'filters',
    stock: 200,
    description: '-10% for workshops',
  });
});
afterAll(async () => t.close());

const exportCsv = (headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers });
const importCsv = (csv: string, dryRun: boolean | string, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: `/api/products/import?dryRun=${dryRun}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
const bySku = async (sku: string) => (await catalogue()).find((p) => p.sku === sku);
const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
const toCsv = (rows: Record<string, string>[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]) });

describe('GET /api/products/export.csv', () => {
  it('exports every product with a header row that includes sku', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\n')[0]).toBe(
      'sku,name,brand,category,unitPrice,minOrder,stock,description,images,universal,fitment,price_tiers,weight_grams,length_mm,width_mm,height_mm,oversize,tax_category,part_numbers',
    );
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength((await catalogue()).length);
    expect(rows.find((r) => r.sku === 'EBC-FA196HH')).toMatchObject({ name: 'Brake pads', brand: 'EBC', category: 'brakes', unitPrice: '24.50', stock: '40' });
    // A cell a spreadsheet would run as a formula is quoted.
    expect(rows.find((r) => r.sku === 'HF-204')!.description).toBe("'-10% for workshops");
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await exportCsv({})).statusCode).toBe(401);
    expect((await exportCsv(bearer(customer.token))).statusCode).toBe(403);
  });
});

describe('POST /api/products/import', () => {
  it('round trip: export, edit, dry run changes nothing, the real run applies, stock through the ledger', async () => {
    const rows = rowsOf((await exportCsv()).body);
    const pads = rows.find((r) => r.sku === 'EBC-FA196HH')!;
    pads.unitPrice = '26.90';
    pads.stock = '55';
    rows.push({
      sku: 'NGK CR9EIX',
      name: 'Iridium spark plug',
      brand: 'NGK',
      category: 'Ignition',
      unitPrice: '11.20',
      minOrder: '4',
      stock: '120',
      description: 'Iridium IX plug.',
      images: 'https://cdn.example.com/plug.png|/images/products/plug-side.svg',
    });
    const csv = toCsv(rows);
    const before = await catalogue();

    const dry = await importCsv(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ dryRun: true, created: 1, updated: 1, unchanged: rows.length - 2, errors: [] });
    expect(await catalogue()).toEqual(before);

    const real = await importCsv(csv, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dryRun: false, created: 1, updated: 1, errors: [] });
    const updated = await bySku('EBC-FA196HH');
    expect(updated).toMatchObject({ unitPrice: 26.9, stock: 55 });
    expect(updated!.version).toBeGreaterThan(before.find((p) => p.sku === 'EBC-FA196HH')!.version);
    const created = await bySku('NGK CR9EIX');
    expect(created).toMatchObject({ name: 'Iridium spark plug', category: 'ignition', stock: 120, img: 'https://cdn.example.com/plug.png' });
    expect(created!.images).toEqual(['https://cdn.example.com/plug.png', '/images/products/plug-side.svg']);
    // The description that was quoted on export came back as it was.
    expect((await bySku('HF-204'))!.description).toBe('-10% for workshops');

    const moves = await t.app.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, updated!._id), eq(stockMovements.kind, 'import')));
    expect(moves.map((m) => ({ delta: m.delta, actor: m.actorEmail }))).toEqual([{ delta: 15, actor: admin.email }]);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);

    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?action=products.import', headers: bearer(admin.token) });
    expect(audit.json().items).toHaveLength(1);
    expect(audit.json().items[0]).toMatchObject({ actor: { email: admin.email }, action: 'products.import', after: { created: 1, updated: 1 } });

    // The same file again changes nothing.
    expect((await importCsv(csv, false)).json()).toMatchObject({ created: 0, updated: 0, unchanged: rows.length });
  });

  it('refuses a file with a bad row as a whole (400, with the line), and the dry run lists the problems', async () => {
    const rows = rowsOf((await exportCsv()).body);
    rows[0].unitPrice = 'cheap';
    rows.push({ ...rows[1], name: 'Copy', sku: (rows[1].sku ?? '').toLowerCase().replace('-', ' ') });
    rows.push({ ...rows[1], sku: 'NEW-1', category: 'rockets' });
    rows.push({ ...rows[1], sku: 'NEW-2', name: 'Fine new part' });
    const csv = toCsv(rows);
    const before = await catalogue();

    const real = await importCsv(csv, false);
    expect(real.statusCode).toBe(400);
    expect(real.json().error).toEqual({ code: 'IMPORT_INVALID', message: 'Nothing was imported: 3 rows have problems. Fix them and import again.' });
    expect(real.json().errors).toEqual([
      { line: 2, message: 'unitPrice: Unit price must be a number' },
      { line: rows.length - 1, message: `sku: Part number ${rows[rows.length - 3].sku} is already on line 3 of this file.` },
      { line: rows.length, message: expect.stringMatching(/^category: Category must be one of: brakes/) },
    ]);
    expect(await catalogue()).toEqual(before);
    expect(await bySku('NEW-2')).toBeUndefined();

    const dry = await importCsv(csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, created: 1, errors: real.json().errors });
  });

  it('applies stock and fitment changes of many known parts at once: a ledger row each, stock = sum(ledger), one version step', async () => {
    const header = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images,universal,fitment';
    const line = (n: number, stock: number, fitment: string) =>
      `BULK-${n},Bulk part ${n},Acme,filters,9.50,1,${stock},Bulk.,/images/products/x.svg,no,${fitment}`;
    const opening = [10, 20, 30, 40, 50, 60];
    let res = await importCsv([header, ...opening.map((s, i) => line(i, s, i % 2 ? 'KTM 390 Duke 2017-2023' : ''))].join('\n'), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 6 });
    const before = new Map((await catalogue()).filter((p) => p.sku.startsWith('BULK-')).map((p) => [p.sku, p]));

    // Restock, correct down, sell out; one part keeps everything, one changes only its fitment, one also its price.
    const next = [15, 5, 0, 40, 50, 61];
    const fitment = ['Honda CB500F 2019', 'KTM 390 Duke 2017-2023', '', 'KTM 390 Duke 2017-2023; Yamaha MT-07 2018-2024', '', ''];
    const rows = next.map((s, i) => line(i, s, fitment[i]));
    rows[5] = rows[5].replace(',9.50,', ',10.50,');
    res = await importCsv([header, ...rows].join('\n'), false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 5, unchanged: 1 });

    const after = new Map((await catalogue()).filter((p) => p.sku.startsWith('BULK-')).map((p) => [p.sku, p]));
    for (let i = 0; i < 6; i++) {
      const sku = `BULK-${i}`;
      const changed = next[i] !== opening[i] || i === 0 || i === 3 || i === 5;
      expect(after.get(sku), sku).toMatchObject({ stock: next[i], version: before.get(sku)!.version + (changed ? 1 : 0) });
      const moves = await t.app.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, after.get(sku)!._id), eq(stockMovements.kind, 'import')));
      const deltas = moves.map((m) => ({ delta: m.delta, stockAfter: m.stockAfter, reason: m.reason, actor: m.actorEmail }));
      const expected = [{ delta: opening[i], stockAfter: opening[i], reason: 'catalogue import', actor: admin.email }];
      if (next[i] !== opening[i]) expected.push({ delta: next[i] - opening[i], stockAfter: next[i], reason: 'catalogue import', actor: admin.email });
      expect(
        deltas.sort((a, b) => b.stockAfter - a.stockAfter),
        sku,
      ).toEqual(expected.sort((a, b) => b.stockAfter - a.stockAfter));
    }
    expect(after.get('BULK-5')!.unitPrice).toBe(10.5);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);

    const exported = rowsOf((await exportCsv()).body);
    const fitmentOf = (sku: string) => exported.find((r) => r.sku === sku)!.fitment;
    expect(fitmentOf('BULK-0')).toBe('Honda CB500F 2019');
    expect(fitmentOf('BULK-1')).toBe('KTM 390 Duke 2017-2023');
    expect(fitmentOf('BULK-3')).toBe('KTM 390 Duke 2017-2023; Yamaha MT-07 2018-2024');
    expect(fitmentOf('BULK-5')).toBe('');

    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?action=products.import', headers: bearer(admin.token) });
    expect(audit.json().items[0]).toMatchObject({ action: 'products.import', after: { created: 0, updated: 5, unchanged: 1, rows: 6 } });
  });

  it('explains a file that is not the export format', async () => {
    const missing = await importCsv('sku,name\nA-1,Thing\n', false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { line: 1, message: 'The header lacks the column(s): brand, category, unitPrice, minOrder, stock, description, images. Start from an export.' },
    ]);
    const broken = await importCsv('sku,name,brand,category,unitPrice,minOrder,stock,description,images\n"A-1,unclosed\n', true);
    expect(broken.json().errors[0].message).toMatch(/^The file is not valid CSV/);
    const empty = await importCsv('sku,name,brand,category,unitPrice,minOrder,stock,description,images\n', true);
    expect(empty.json().errors).toEqual([{ line: 1, message: 'The file has no product rows under its header.' }]);
    const flag = await importCsv('x', 'maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().error.message).toContain('dryRun must be true or false');
    const json = await t.app.inject({ method: 'POST', url: '/api/products/import?dryRun=true', headers: bearer(admin.token), payload: { sku: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a visitor (401) and a customer (403), and changes nothing', async () => {
    const csv = (await exportCsv()).body.replace('Brake pads', 'Hacked pads');
    expect((await importCsv(csv, false, {})).statusCode).toBe(401);
    expect((await importCsv(csv, false, bearer(customer.token))).statusCode).toBe(403);
    expect((await catalogue()).some((p) => p.name === 'Hacked pads')).toBe(false);
  });
});
