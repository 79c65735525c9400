import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsVehicle, formatFitmentCell, parseFitmentCell, productPageSchema, type Product, type ProductPage, type Vehicle } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #11: fitment per part, the vehicle filter of GET /api/products, and fitment in the catalogue CSV. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const catalogue = async () => (await get('/api/products')).json() as Product[];
async function vehicleOf(make: string, model: string, year: number, variant: string | null = null): Promise<Vehicle> {
  const list = (await get(`/api/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`)).json() as Vehicle[];
  const v = list.find((x) => x.variant === variant);
  if (!v) throw new Error(`no ${year} ${make} ${model}`);
  return v;
}
/** Every page of the filtered catalogue. */
async function fitting(vehicleId: string, limit = 7): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/products?vehicle=${vehicleId}&page=${page}&limit=${limit}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = productPageSchema.parse(res.json());
    items.push(...body.items);
    if (page >= body.pages) return items;
  }
}
const names = (list: Product[]) => list.map((p) => p.name);

describe('demo fitment', () => {
  it('every demo part is universal or has fitment, and some are universal (grips, chain lube, gear)', async () => {
    const all = await catalogue();
    for (const p of all) expect(p.universal || p.fitment.length > 0, p.name).toBe(true);
    const universal = all.filter((p) => p.universal).map((p) => p.sku);
    expect(universal).toEqual(expect.arrayContaining(['G154', 'CL-ROAD-400', 'RF1400-M-BK', 'GL-3340-L']));
    expect(universal.length).toBeLessThan(all.length / 2);
  });
});

describe('GET /api/products?vehicle=', () => {
  it('answers only parts that fit the vehicle or are universal, and narrows the catalogue', async () => {
    const all = await catalogue();
    for (const [make, model, year] of [
      ['Yamaha', 'MT-09', 2016],
      ['Honda', 'CB500F', 2020],
      ['BMW', 'R 1250 GS', 2021],
    ] as const) {
      const vehicle = await vehicleOf(make, model, year);
      const list = await fitting(vehicle._id);
      for (const p of list) expect(fitsVehicle(p, vehicle), `${p.name} for ${year} ${make} ${model}`).toBe(true);
      // Exactly the catalogue's fitting parts, in catalogue order, none missing.
      expect(names(list)).toEqual(names(all.filter((p) => fitsVehicle(p, vehicle))));
      expect(list.length).toBeLessThan(all.length);
      expect(list.some((p) => p.universal)).toBe(true);
    }
    // The MT-09 gets its own parts, not only the universal ones.
    const mt09 = await fitting((await vehicleOf('Yamaha', 'MT-09', 2016))._id);
    expect(mt09.some((p) => !p.universal)).toBe(true);
  });

  it('includes year_from and year_to, and excludes one year outside either end', async () => {
    // The Akrapovič slip-on fits the MT-09 2014-2020; the washable air filter the CB500F 2013-2018.
    const at = async (make: string, model: string, year: number) => names(await fitting((await vehicleOf(make, model, year))._id));
    const slipOn = 'Stainless Slip-On Exhaust Silencer';
    expect(await at('Yamaha', 'MT-09', 2014)).toContain(slipOn);
    expect(await at('Yamaha', 'MT-09', 2020)).toContain(slipOn);
    expect(await at('Yamaha', 'MT-09', 2021)).not.toContain(slipOn);
    const airFilter = 'Washable High-Flow Air Filter';
    expect(await at('Honda', 'CB500F', 2013)).toContain(airFilter);
    expect(await at('Honda', 'CB500F', 2018)).toContain(airFilter);
    expect(await at('Honda', 'CB500F', 2019)).not.toContain(airFilter);
  });

  it('one year outside a fitment made for the test is excluded at both ends', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/vehicles/import',
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: 'make,model,year_from,year_to\nTestmake,Edge,2009,2016\n',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(admin.token),
      payload: {
        name: 'Edge part',
        unitPrice: 10,
        stock: 10,
        minOrder: 1,
        description: 'Fits 2010-2015 only.',
        image: '/images/products/x.svg',
        fitment: [{ make: 'Testmake', model: 'Edge', yearFrom: 2010, yearTo: 2015 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected: Record<number, boolean> = { 2009: false, 2010: true, 2012: true, 2015: true, 2016: false };
    for (const [year, fits] of Object.entries(expected)) {
      const list = await fitting((await vehicleOf('Testmake', 'Edge', Number(year)))._id);
      expect(names(list).includes('Edge part'), year).toBe(fits);
      // Only universal parts besides it: no demo part fits this make.
      for (const p of list) if (p.name !== 'Edge part') expect(p.universal).toBe(true);
    }
  });

  it('pages the filtered list, names the vehicle, and keeps the spec’s un-paged list unchanged', async () => {
    const vehicle = await vehicleOf('Yamaha', 'MT-07', 2019);
    const first = (await get(`/api/products?vehicle=${vehicle._id}&page=1&limit=2`)).json() as ProductPage;
    expect(first.items).toHaveLength(2);
    expect(first.limit).toBe(2);
    expect(first.pages).toBe(Math.ceil(first.total / 2));
    expect(first.vehicle).toMatchObject({ _id: vehicle._id, make: 'Yamaha', model: 'MT-07', year: 2019 });
    const second = (await get(`/api/products?vehicle=${vehicle._id}&page=2&limit=2`)).json() as ProductPage;
    expect(names(second.items)).not.toEqual(expect.arrayContaining(names(first.items)));
    // Without page and limit, the vehicle still answers a page (9 per page).
    expect(((await get(`/api/products?vehicle=${vehicle._id}`)).json() as ProductPage).limit).toBe(9);
    const plain = await get('/api/products');
    expect(Array.isArray(plain.json())).toBe(true);
  });

  it('answers 404 for an unknown vehicle and 400 for a malformed id', async () => {
    const unknown = await get('/api/products?vehicle=00000000-0000-4000-8000-000000000000&page=1&limit=9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('VEHICLE_NOT_FOUND');
    expect((await get('/api/products?vehicle=mt-09')).statusCode).toBe(400);
  });
});

describe('fitment on POST and PATCH /api/product', () => {
  const base = { name: 'Fitment probe', unitPrice: 10, stock: 5, minOrder: 1, description: 'Probe part.', image: '/images/products/x.svg' };
  const post = (payload: object, token = admin.token) => t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(token), payload });

  it('answers 400 for bad fitment', async () => {
    const bad = [
      [{ make: 'Honda', model: 'CB500F', yearFrom: 2020, yearTo: 2019 }],
      [{ make: '', model: 'CB500F', yearFrom: 2019, yearTo: 2020 }],
      [{ make: 'Honda', model: '  ', yearFrom: 2019, yearTo: 2020 }],
      [{ make: 'Honda', model: 'CB500F', yearFrom: 1700, yearTo: 2020 }],
      [{ make: 'Honda', model: 'CB500F', yearFrom: 2019, yearTo: 3000 }],
      [{ make: 'Honda', model: 'CB500F', yearFrom: 2019.5, yearTo: 2020 }],
      [{ make: 'Honda', model: 'CB500F' }],
      'Honda CB500F',
    ];
    for (const fitment of bad) {
      const res = await post({ ...base, fitment });
      expect(res.statusCode, JSON.stringify(fitment)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await post({ ...base, universal: 'sometimes' })).statusCode).toBe(400);
    expect(names(await catalogue())).not.toContain('Fitment probe');
  });

  it('stores fitment and universal, PATCH replaces them, and the cached catalogue follows at once', async () => {
    const vehicle = await vehicleOf('Kawasaki', 'Versys 650', 2018);
    const created = await post({ ...base, fitment: [{ make: 'Kawasaki', model: 'Versys 650', yearFrom: 2015, yearTo: 2024 }] });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    expect(product).toMatchObject({ universal: false, fitment: [{ make: 'Kawasaki', model: 'Versys 650', yearFrom: 2015, yearTo: 2024 }] });
    // Read through the cache first, so the PATCH has something to invalidate.
    expect(names(await fitting(vehicle._id))).toContain('Fitment probe');
    expect(((await get(`/api/product/${product._id}`)).json() as Product).fitment).toHaveLength(1);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product._id}`,
      headers: bearer(admin.token),
      payload: { version: product.version, fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2016 }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().version).toBe(product.version + 1);
    expect(names(await fitting(vehicle._id))).not.toContain('Fitment probe');
    expect(((await get(`/api/product/${product._id}`)).json() as Product).fitment).toEqual([{ make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2016 }]);
    expect((await catalogue()).find((p) => p._id === product._id)!.fitment[0].model).toBe('CB500F');

    const universal = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product._id}`,
      headers: bearer(admin.token),
      payload: { version: product.version + 1, universal: true },
    });
    expect(universal.statusCode).toBe(200);
    expect(names(await fitting(vehicle._id))).toContain('Fitment probe');

    // PATCH with the same fitment changes nothing (the version stays).
    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product._id}`,
      headers: bearer(admin.token),
      payload: { version: product.version + 2, fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2016 }] },
    });
    expect(same.json().version).toBe(product.version + 2);

    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product._id}`,
      headers: bearer(admin.token),
      payload: { version: product.version + 2, fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2013 }] },
    });
    expect(badPatch.statusCode).toBe(400);
  });

  it('refuses fitment writes from a visitor (401) and a customer (403)', async () => {
    const fitment = [{ make: 'Honda', model: 'CB500F', yearFrom: 2013, yearTo: 2016 }];
    expect((await t.app.inject({ method: 'POST', url: '/api/product', payload: { ...base, fitment } })).statusCode).toBe(401);
    expect((await post({ ...base, fitment }, customer.token)).statusCode).toBe(403);
    const target = (await catalogue())[0];
    expect((await t.app.inject({ method: 'PATCH', url: `/api/product/${target._id}`, payload: { version: target.version, universal: true } })).statusCode).toBe(
      401,
    );
    const asCustomer = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${target._id}`,
      headers: bearer(customer.token),
      payload: { version: target.version, universal: true },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('deleting a product deletes its fitment lines', async () => {
    const created = (
      await post({ ...base, name: 'Short-lived', fitment: [{ make: 'Suzuki', model: 'SV650', yearFrom: 2016, yearTo: 2024 }] })
    ).json() as Product;
    const { productFitments } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    expect(await t.app.db.select().from(productFitments).where(eq(productFitments.productId, created._id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${created._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect(await t.app.db.select().from(productFitments).where(eq(productFitments.productId, created._id))).toHaveLength(0);
  });
});

describe('fitment in the catalogue CSV', () => {
  const exportCsv = async () => (await t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin.token) })).body;
  const importCsv = (csv: string, dryRun: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import?dryRun=${dryRun}`,
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: csv,
    });
  type Row = Record<string, string>;

  it('the cell format reads back what it writes', () => {
    const lines = [
      { make: 'BMW', model: 'R 1250 GS', yearFrom: 2019, yearTo: 2023 },
      { make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2016 },
      { make: 'Royal Enfield', model: 'Himalayan', yearFrom: 2018, yearTo: 2023 },
    ];
    expect(formatFitmentCell(lines)).toBe('BMW R 1250 GS 2019-2023; Honda CB500F 2016; Royal_Enfield Himalayan 2018-2023');
    expect(parseFitmentCell(formatFitmentCell(lines))).toEqual({ ok: true, lines });
    expect(parseFitmentCell('Honda CB500F 2016-2018; Yamaha MT-07 2014-2020')).toMatchObject({
      ok: true,
      lines: [{ model: 'CB500F' }, { model: 'MT-07', yearTo: 2020 }],
    });
    expect(parseFitmentCell('Honda CB500F').ok).toBe(false);
    expect(parseFitmentCell('Honda CB500F 2018-2016').ok).toBe(false);
  });

  it('round trip: export carries universal and fitment, an edited file changes them, an unedited one changes nothing', async () => {
    const csv = await exportCsv();
    const rows = parse(csv, { columns: true }) as Row[];
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['universal', 'fitment']));
    const slipOn = rows.find((r) => r.sku === 'S-Y9SO7-HRC')!;
    expect(slipOn).toMatchObject({ universal: 'false', fitment: 'Yamaha MT-09 2014-2020' });
    expect(rows.find((r) => r.sku === 'G154')).toMatchObject({ universal: 'true', fitment: '' });

    // The unedited export imports as unchanged.
    const same = await importCsv(csv, true);
    expect(same.json()).toMatchObject({ created: 0, updated: 0, errors: [] });

    slipOn.fitment = 'Yamaha MT-09 2014-2020; Yamaha XSR900 2016-2021';
    rows.find((r) => r.sku === 'G154')!.universal = 'false';
    rows.find((r) => r.sku === 'G154')!.fitment = 'Honda CB500F 2013-2024';
    const edited = stringify(rows, { header: true, columns: Object.keys(rows[0]) });
    const dry = await importCsv(edited, true);
    expect(dry.json()).toMatchObject({ created: 0, updated: 2, errors: [] });
    const real = await importCsv(edited, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ updated: 2 });
    const all = await catalogue();
    expect(all.find((p) => p.sku === 'S-Y9SO7-HRC')!.fitment).toEqual([
      { make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020 },
      { make: 'Yamaha', model: 'XSR900', yearFrom: 2016, yearTo: 2021 },
    ]);
    expect(all.find((p) => p.sku === 'G154')).toMatchObject({ universal: false, fitment: [{ make: 'Honda', model: 'CB500F' }] });
    // And it exports back exactly as imported.
    const again = parse(await exportCsv(), { columns: true }) as Row[];
    expect(again.find((r) => r.sku === 'S-Y9SO7-HRC')!.fitment).toBe('Yamaha MT-09 2014-2020; Yamaha XSR900 2016-2021');
  });

  it('a new product from CSV gets its fitment; a file without the fitment columns leaves fitment alone; a bad cell names its line', async () => {
    const header = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images';
    const withFitment = `${header},universal,fitment\nNEW-FIT-1,CSV fitted part,Acme,brakes,10.00,1,5,From a CSV,/images/products/x.svg,no,KTM 390 Duke 2017-2023\n`;
    expect((await importCsv(withFitment, false)).json()).toMatchObject({ created: 1 });
    let part = (await catalogue()).find((p) => p.sku === 'NEW-FIT-1')!;
    expect(part).toMatchObject({ universal: false, fitment: [{ make: 'KTM', model: '390 Duke', yearFrom: 2017, yearTo: 2023 }] });

    const without = `${header}\nNEW-FIT-1,CSV fitted part renamed,Acme,brakes,10.00,1,5,From a CSV,/images/products/x.svg\n`;
    expect((await importCsv(without, false)).json()).toMatchObject({ updated: 1 });
    part = (await catalogue()).find((p) => p.sku === 'NEW-FIT-1')!;
    expect(part.name).toBe('CSV fitted part renamed');
    expect(part.fitment).toHaveLength(1);

    const bad = `${header},universal,fitment\nNEW-FIT-2,Bad,Acme,brakes,10.00,1,5,Bad,/images/products/x.svg,false,KTM 390 Duke 2023-2017\nNEW-FIT-3,Bad,Acme,brakes,10.00,1,5,Bad,/images/products/x.svg,maybe,\n`;
    const res = await importCsv(bad, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject([
      { line: 2, message: expect.stringMatching(/fitment/) },
      { line: 3, message: expect.stringMatching(/universal/) },
    ]);
  });
});
