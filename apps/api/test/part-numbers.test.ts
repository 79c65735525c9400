import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, SearchResult } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/**
 * Issue #26 item 4 (decision 166): a part's OEM and other makers' numbers. Searching one, in any formatting, finds
 * the part first and says why; they are edited on the product and carried in the catalogue CSV.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let pads: Product;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  pads = await addProduct(t.app, admin, { name: 'Sintered pads for the test', sku: 'XPN-PADS-1', brand: 'EBC', category: 'brakes' });
  // A part whose own number starts like the OEM number: the part that answers to it exactly still comes first.
  await addProduct(t.app, admin, { name: 'Lookalike lever', sku: '1WS-W0045-00X', brand: 'ASV', category: 'controls' });
});
afterAll(async () => t.close());

const patch = (id: string, body: Record<string, unknown>, token = admin.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers: bearer(token), payload: body });
const search = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult;

describe('other part numbers', () => {
  it('are saved on the product, validated, and only by an admin', async () => {
    const partNumbers = [
      { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' },
      { kind: 'equivalent', brand: 'SBS', number: '806HS' },
    ];
    expect((await patch(pads._id, { version: pads.version, partNumbers }, customer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/product/${pads._id}`, payload: { version: pads.version, partNumbers } })).statusCode).toBe(401);
    const twice = await patch(pads._id, {
      version: pads.version,
      partNumbers: [...partNumbers, { kind: 'supersedes', brand: 'Yamaha', number: '1ws w0045.00' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('1ws w0045.00 is listed twice');
    const badKind = await patch(pads._id, { version: pads.version, partNumbers: [{ kind: 'fits', brand: 'Yamaha', number: '1' }] });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.message).toContain('Kind must be one of: replaces, equivalent, supersedes');

    const saved = await patch(pads._id, { version: pads.version, partNumbers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().partNumbers).toEqual(partNumbers);
    pads = saved.json();
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${pads._id}` })).json().partNumbers).toEqual(partNumbers);
  });

  it.each(['1WS-W0045-00', '1ws w0045 00', '1WSW004500', '1ws.w0045.00'])('searching %s finds the part first and says why', async (q) => {
    const result = await search(q);
    expect(result.items[0]).toMatchObject({ _id: pads._id, matchedPartNumber: { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' } });
    // The part whose own number only starts like it comes after, and says nothing.
    expect(result.items.slice(1).map((p) => p.name)).toContain('Lookalike lever');
    expect(result.items[1].matchedPartNumber).toBeUndefined();
  });

  // Issue #38: a brand in front of the number, and a maker's full form with a trailing revision, find it as well.
  it.each(['Yamaha 1WS-W0045-00', '1WS-W0045-00-00', 'yamaha 1ws w0045 00 00', 'EBC XPN-PADS-1', 'XPN-PADS-1 ebc', 'XPN-PADS-1-02'])(
    'searching %s finds the part first',
    async (q) => {
      const result = await search(q);
      expect(result.items[0]?._id, q).toBe(pads._id);
      if (/1ws/i.test(q)) expect(result.items[0].matchedPartNumber).toMatchObject({ brand: 'Yamaha', number: '1WS-W0045-00' });
    },
  );

  it('a dropped word or revision matches whole numbers only, never the start of one', async () => {
    // "XPN-PADS" with a brand is no whole number: nothing is found by the number, and no revision makes one up.
    expect((await search('EBC XPN-PADS')).items.map((p) => p._id)).not.toContain(pads._id);
    expect((await search('1WS-W0045-0')).items.map((p) => p.name)).toEqual(expect.arrayContaining(['Lookalike lever']));
    expect((await search('ASV 1WS-W0045')).items.map((p) => p._id)).not.toContain(pads._id);
  });

  it('an equivalent number finds it too, and a number that is only part of one does not', async () => {
    expect((await search('806 HS')).items[0]).toMatchObject({ _id: pads._id, matchedPartNumber: { brand: 'SBS', number: '806HS' } });
    expect((await search('1WS-W0045')).items.map((p) => p._id)).not.toContain(pads._id);
  });

  it('travel in the catalogue CSV: exported, changed, imported, and kept by a file without the column', async () => {
    const exportCsv = async () =>
      parse((await t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin.token) })).body, { columns: true }) as Record<
        string,
        string
      >[];
    const importCsv = (rows: Record<string, string>[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/import?dryRun=false',
        headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
        payload: stringify(rows, { header: true, columns: Object.keys(rows[0]) }),
      });
    const rows = await exportCsv();
    const row = rows.find((r) => r.sku === 'XPN-PADS-1')!;
    expect(row.part_numbers).toBe('replaces:Yamaha:1WS-W0045-00; equivalent:SBS:806HS');

    row.part_numbers = 'replaces:Yamaha:1WS-W0045-00; supersedes:EBC:FA244';
    const imported = await importCsv([row]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await search('fa-244')).items[0]).toMatchObject({ _id: pads._id, matchedPartNumber: { kind: 'supersedes', number: 'FA244' } });

    // Without the column the numbers stay; a bad cell is refused with its line and what to write.
    const { part_numbers: _dropped, ...withoutColumn } = row;
    expect((await importCsv([{ ...withoutColumn, name: 'Sintered pads, renamed' }])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${pads._id}` })).json().partNumbers).toHaveLength(2);
    const bad = await importCsv([{ ...row, part_numbers: 'Yamaha 1WS-W0045-00' }]);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('must be kind:maker:number');
  });
});
