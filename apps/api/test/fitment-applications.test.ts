import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitDetails, fitsVehicle, formatFitmentCell, parseFitmentCell, productPageSchema, type Fitment, type Product, type Vehicle } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * Issue #35 item 1 (decision 192): a fitment line is an application as ACES models it: a vehicle span, optionally one
 * variant, a position, a quantity per vehicle, notes and the feed it came from; stored, validated, filtered and
 * carried through the catalogue CSV.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(admin.token), payload });
const base = { unitPrice: 10, stock: 5, minOrder: 1, description: 'Probe part.', image: '/images/products/x.svg' };
async function vehicleOf(make: string, model: string, year: number, variant: string | null = null): Promise<Vehicle> {
  const list = (await get(`/api/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`)).json() as Vehicle[];
  const v = list.find((x) => x.variant === variant);
  if (!v) throw new Error(`no ${year} ${make} ${model} ${variant ?? ''}`);
  return v;
}
async function fittingNames(vehicleId: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const body = productPageSchema.parse((await get(`/api/products?vehicle=${vehicleId}&page=${page}&limit=50`)).json());
    names.push(...body.items.map((p) => p.name));
    if (page >= body.pages) return names;
  }
}

describe('applications on the demo parts', () => {
  it('the brake pads go on the front of a 2019 MT-07, two sets per bike, and the part page data says so', async () => {
    const pads = ((await get('/api/products')).json() as Product[]).find((p) => p.sku === 'FA244HH')!;
    const mt07 = await vehicleOf('Yamaha', 'MT-07', 2019);
    expect(pads.fitment.find((f) => f.model === 'MT-07')).toEqual({
      make: 'Yamaha',
      model: 'MT-07',
      yearFrom: 2014,
      yearTo: 2024,
      position: 'front',
      perVehicle: 2,
      notes: 'One set per caliper',
    });
    expect(fitDetails(pads.fitment, mt07)).toEqual(['front · 2 per bike · One set per caliper']);
    // A plain line says nothing more than the vehicle, and keeps its old shape (no empty fields).
    const slipOn = ((await get('/api/products')).json() as Product[]).find((p) => p.sku === 'S-Y9SO7-HRC')!;
    expect(slipOn.fitment).toEqual([{ make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020 }]);
  });
});

describe('POST /api/product with applications', () => {
  it('stores position (normalized), quantity per vehicle, notes, variant and source, and reads them back', async () => {
    const res = await post({
      ...base,
      name: 'Application probe',
      fitment: [
        {
          make: 'BMW',
          model: 'R 1250 GS',
          yearFrom: 2019,
          yearTo: 2023,
          variant: 'Adventure',
          position: 'Left-Front',
          perVehicle: '2',
          notes: ' Crash bar kit ',
        },
        {
          make: 'BMW',
          model: 'R 1250 GS',
          yearFrom: 2019,
          yearTo: 2023,
          variant: 'Adventure',
          position: 'front right',
          source: 'ACES demo',
          sourceRef: 'A-17',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json() as Product;
    const expected: Fitment[] = [
      { make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2023, variant: 'Adventure', position: 'front left', perVehicle: 2, notes: 'Crash bar kit' },
      { make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2023, variant: 'Adventure', position: 'front right', source: 'ACES demo', sourceRef: 'A-17' },
    ];
    // Two positions on one vehicle are two applications, both kept.
    expect(product.fitment).toEqual(expected);
    expect(((await get(`/api/product/${product._id}`)).json() as Product).fitment).toEqual(expected);
  });

  it('answers 400 with the reason for a bad position, quantity per vehicle or notes, and stores nothing', async () => {
    const line = { make: 'Honda', model: 'CB500F', yearFrom: 2019, yearTo: 2020 };
    const cases: [object, RegExp][] = [
      [{ position: 'middle' }, /Position must be made of front, rear, left, right, upper, lower/],
      [{ position: 'front rear' }, /one of each pair/],
      [{ perVehicle: 0 }, /Quantity per vehicle must be at least 1/],
      [{ perVehicle: 100 }, /Quantity per vehicle must be 99 or fewer/],
      [{ perVehicle: 1.5 }, /whole number/],
      [{ notes: 'x'.repeat(201) }, /Notes must be 200 characters or fewer/],
      [{ variant: 'v'.repeat(81) }, /Variant must be 80 characters or fewer/],
    ];
    for (const [extra, message] of cases) {
      const res = await post({ ...base, name: 'Bad application', fitment: [{ ...line, ...extra }] });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect(((await get('/api/products')).json() as Product[]).map((p) => p.name)).not.toContain('Bad application');
  });
});

describe('a line for one variant', () => {
  it('fits that variant only, in the vehicle filter, the search and the shared rule alike', async () => {
    const created = (
      await post({
        ...base,
        name: 'Adventure-only tank bag ring',
        fitment: [{ make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2023, variant: 'Adventure' }],
      })
    ).json() as Product;
    const baseModel = await vehicleOf('BMW', 'R 1250 GS', 2021);
    const adventure = await vehicleOf('BMW', 'R 1250 GS', 2021, 'Adventure');
    expect(fitsVehicle(created, adventure)).toBe(true);
    expect(fitsVehicle(created, baseModel)).toBe(false);
    expect(await fittingNames(adventure._id)).toContain(created.name);
    expect(await fittingNames(baseModel._id)).not.toContain(created.name);
    const search = async (vehicleId: string) =>
      ((await get(`/api/search?${new URLSearchParams({ q: 'tank bag ring', vehicle: vehicleId })}`)).json() as { items: Product[] }).items.map((p) => p.name);
    expect(await search(adventure._id)).toContain(created.name);
    expect(await search(baseModel._id)).not.toContain(created.name);
  });
});

describe('applications in the catalogue CSV', () => {
  it('the cell format writes the details in brackets and reads them back', () => {
    const lines: Fitment[] = [
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, position: 'front', perVehicle: 2, notes: 'One set per caliper, sintered' },
      { make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2023, variant: 'Adventure', position: 'rear left', source: 'WPS', sourceRef: '991' },
      { make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2016 },
    ];
    const cell = formatFitmentCell(lines);
    expect(cell).toBe(
      'Yamaha MT-07 2014-2024 (front, 2 per bike, note: One set per caliper, sintered); BMW R 1250 GS 2019-2023 (rear left, variant: Adventure, source: WPS, ref: 991); Honda CB500F 2016',
    );
    expect(parseFitmentCell(cell)).toEqual({ ok: true, lines });
    expect(parseFitmentCell('Honda CB500F 2016 (Front-Right, 4 per vehicle)')).toEqual({
      ok: true,
      lines: [{ make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2016, position: 'front right', perVehicle: 4 }],
    });
    const bad = parseFitmentCell('Honda CB500F 2016 (sideways)');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/"Honda CB500F 2016 \(sideways\)": Position must be made of/);
  });

  it('export carries the details; an edited file changes them; the unedited export changes nothing', async () => {
    const headers = bearer(admin.token);
    const exportRows = async () =>
      parse((await t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers })).body, { columns: true }) as Record<string, string>[];
    const importCsv = (csv: string) =>
      t.app.inject({ method: 'POST', url: '/api/products/import?dryRun=false', headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
    const rows = await exportRows();
    const pads = rows.find((r) => r.sku === 'FA244HH')!;
    expect(pads.fitment).toContain('Yamaha MT-07 2014-2024 (front, 2 per bike, note: One set per caliper)');
    const csv = stringify(rows, { header: true, columns: Object.keys(rows[0]) });
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 0, errors: [] });

    pads.fitment = 'Yamaha MT-07 2014-2024 (front, 2 per bike); Yamaha MT-07 2014-2024 (rear, 1 per bike, note: Rear caliper)';
    const res = await importCsv(stringify(rows, { header: true, columns: Object.keys(rows[0]) }));
    expect(res.json(), res.body).toMatchObject({ updated: 1, errors: [] });
    const after = ((await get('/api/products')).json() as Product[]).find((p) => p.sku === 'FA244HH')!;
    expect(after.fitment).toEqual([
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, position: 'front', perVehicle: 2 },
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, position: 'rear', perVehicle: 1, notes: 'Rear caliper' },
    ]);
    expect(fitDetails(after.fitment, await vehicleOf('Yamaha', 'MT-07', 2019))).toEqual(['front · 2 per bike', 'rear · 1 per bike · Rear caliper']);
  });
});
