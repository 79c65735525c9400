import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleListSchema, type Vehicle } from '@shop/shared';
import { seedVehiclesAndFitment } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #11: the year/make/model lists (anyone) and the admin's vehicle writes. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedVehiclesAndFitment(t.app.db);
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('seeded vehicles', () => {
  it('has at least 6 real makes and 15 models with their real model years', async () => {
    const makes = (await get('/api/vehicles/makes')).json() as string[];
    expect(makes.length).toBeGreaterThanOrEqual(6);
    expect(makes).toEqual(expect.arrayContaining(['BMW', 'Ducati', 'Honda', 'Kawasaki', 'KTM', 'Suzuki', 'Triumph', 'Yamaha']));
    let models = 0;
    for (const make of makes) models += ((await get(`/api/vehicles/models?${q({ make })}`)).json() as string[]).length;
    expect(models).toBeGreaterThanOrEqual(15);
    // Real model years: the CB500F from 2013 to 2024, the R 1250 GS from 2019 to 2023, the CBR600RR not 2017-2020.
    expect((await get(`/api/vehicles/years?${q({ make: 'Honda', model: 'CB500F' })}`)).json()).toEqual(Array.from({ length: 12 }, (_, i) => 2024 - i));
    expect((await get(`/api/vehicles/years?${q({ make: 'BMW', model: 'R 1250 GS' })}`)).json()).toEqual([2023, 2022, 2021, 2020, 2019]);
    const cbr = (await get(`/api/vehicles/years?${q({ make: 'Honda', model: 'CBR600RR' })}`)).json() as number[];
    expect(cbr).toContain(2003);
    expect(cbr).not.toContain(2018);
  });

  it('seeding again adds nothing', async () => {
    const before = ((await get('/api/vehicles/makes')).json() as string[]).length;
    expect((await seedVehiclesAndFitment(t.app.db)).vehicles).toBe(0);
    expect(((await get('/api/vehicles/makes')).json() as string[]).length).toBe(before);
  });
});

describe('cascading selectors', () => {
  it('makes are sorted A to Z, models of a make sorted, years newest first', async () => {
    const makes = (await get('/api/vehicles/makes')).json() as string[];
    expect(makes).toEqual([...makes].sort((a, b) => (a < b ? -1 : 1)));
    const models = (await get(`/api/vehicles/models?${q({ make: 'Yamaha' })}`)).json() as string[];
    expect(models).toEqual(['MT-07', 'MT-09', 'R7', 'Ténéré 700', 'YZF-R6']);
    const years = (await get(`/api/vehicles/years?${q({ make: 'Yamaha', model: 'Ténéré 700' })}`)).json() as number[];
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2019);
  });

  it('answers the vehicles of a year, base model first, with ids', async () => {
    const res = await get(`/api/vehicles?${q({ make: 'Yamaha', model: 'MT-09', year: 2019 })}`);
    expect(res.statusCode).toBe(200);
    const list = vehicleListSchema.parse(res.json());
    expect(list.map((v) => v.variant)).toEqual([null, 'SP']);
    expect(list[0]).toMatchObject({ make: 'Yamaha', model: 'MT-09', year: 2019 });
    expect(list[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    // Before the SP existed, only the base model.
    expect(((await get(`/api/vehicles?${q({ make: 'Yamaha', model: 'MT-09', year: 2015 })}`)).json() as Vehicle[]).length).toBe(1);
  });

  it('answers empty lists for an unknown make, model or year', async () => {
    expect((await get(`/api/vehicles/models?${q({ make: 'Zündapp' })}`)).json()).toEqual([]);
    expect((await get(`/api/vehicles/years?${q({ make: 'Honda', model: 'Gold Wing Nope' })}`)).json()).toEqual([]);
    expect((await get(`/api/vehicles?${q({ make: 'Honda', model: 'CB500F', year: 2001 })}`)).json()).toEqual([]);
  });

  it('answers 400 with a message for missing or bad input', async () => {
    for (const url of [
      '/api/vehicles/models',
      `/api/vehicles/models?${q({ make: '  ' })}`,
      `/api/vehicles/years?${q({ make: 'Honda' })}`,
      `/api/vehicles?${q({ make: 'Honda', model: 'CB500F' })}`,
      `/api/vehicles?${q({ make: 'Honda', model: 'CB500F', year: 'last' })}`,
      `/api/vehicles?${q({ make: 'Honda', model: 'CB500F', year: 1700 })}`,
      `/api/vehicles?${q({ make: 'Honda', model: 'CB500F', year: 2019.5 })}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBeTruthy();
    }
  });
});

describe('year first: year → make → model', () => {
  it('lists every model year newest first without make and model; make and model still narrow it', async () => {
    const res = await get('/api/vehicles/years');
    expect(res.statusCode).toBe(200);
    // The seed runs from the 2003 CBR600RR to 2027 (the models still on sale, issue #26) without a gap year.
    expect(res.json()).toEqual(Array.from({ length: 25 }, (_, i) => 2027 - i));
    // Empty parameters count as absent.
    expect((await get(`/api/vehicles/years?${q({ make: '', model: '' })}`)).json()).toEqual(res.json());
    expect((await get(`/api/vehicles/years?${q({ make: 'KTM', model: '790 Duke' })}`)).json()).toEqual([2027, 2026, 2025, 2024, 2023, 2020, 2019, 2018]);
  });

  it('lists the makes with a vehicle in a year, A to Z', async () => {
    expect((await get(`/api/vehicles/makes?${q({ year: 2003 })}`)).json()).toEqual(['Honda']);
    expect((await get(`/api/vehicles/makes?${q({ year: 2014 })}`)).json()).toEqual(['Honda', 'KTM', 'Suzuki', 'Yamaha']);
    const in2021 = (await get(`/api/vehicles/makes?${q({ year: 2021 })}`)).json() as string[];
    expect(in2021).toEqual(
      ['Aprilia', 'BMW', 'Ducati', 'Harley-Davidson', 'Honda', 'Indian', 'Kawasaki', 'KTM', 'Royal Enfield', 'Suzuki', 'Triumph', 'Yamaha'].sort((a, b) =>
        a < b ? -1 : 1,
      ),
    );
    // Without a year (or with an empty one) every make, as before.
    const all = (await get('/api/vehicles/makes')).json() as string[];
    expect((await get('/api/vehicles/makes?year=')).json()).toEqual(all);
    expect((await get(`/api/vehicles/makes?${q({ year: 1990 })}`)).json()).toEqual([]);
  });

  it('lists a make’s models in a year, A to Z, leaving out the gap years', async () => {
    // The CBR600RR skipped 2017–2020, the CB650R and Africa Twin came later.
    expect((await get(`/api/vehicles/models?${q({ make: 'Honda', year: 2018 })}`)).json()).toEqual(['CB500F']);
    expect((await get(`/api/vehicles/models?${q({ make: 'Honda', year: 2022 })}`)).json()).toEqual([
      'CB500F',
      'CB650R',
      'CBR600RR',
      'CBR650R',
      'CRF1100L Africa Twin',
    ]);
    expect((await get(`/api/vehicles/models?${q({ make: 'KTM', year: 2021 })}`)).json()).toEqual(['1290 Super Duke R', '390 Duke', '890 Duke']);
    // A model listed only with variants (no base model) is listed.
    expect((await get(`/api/vehicles/models?${q({ make: 'Triumph', year: 2023 })}`)).json()).toEqual([
      'Bonneville T120',
      'Street Triple 765',
      'Tiger 900',
      'Trident 660',
    ]);
    expect((await get(`/api/vehicles/models?${q({ make: 'Ducati', year: 2014 })}`)).json()).toEqual([]);
    expect((await get(`/api/vehicles/models?${q({ make: 'Honda', year: '' })}`)).json()).toEqual([
      'CB500F',
      'CB650R',
      'CBR600RR',
      'CBR650R',
      'CRF1100L Africa Twin',
    ]);
  });

  it('ends in the vehicles of that year, as the selector asks them', async () => {
    expect((await get(`/api/vehicles/makes?${q({ year: 2019 })}`)).json()).toContain('Yamaha');
    expect((await get(`/api/vehicles/models?${q({ make: 'Yamaha', year: 2019 })}`)).json()).toEqual(['MT-07', 'MT-09', 'Ténéré 700', 'YZF-R6']);
    const list = (await get(`/api/vehicles?${q({ make: 'Yamaha', model: 'MT-09', year: 2019 })}`)).json() as Vehicle[];
    expect(list.map((v) => v.variant)).toEqual([null, 'SP']);
  });

  it('answers 400 with a clear message for a malformed year, or a make without its model', async () => {
    for (const [url, message] of [
      [`/api/vehicles/makes?${q({ year: 'last' })}`, /Year must be a year/],
      [`/api/vehicles/makes?${q({ year: 1700 })}`, /Year must be 1885 or later/],
      [`/api/vehicles/makes?${q({ year: 2019.5 })}`, /Year must be a whole year/],
      [`/api/vehicles/models?${q({ make: 'Honda', year: 'abc' })}`, /Year must be a year/],
      [`/api/vehicles/models?${q({ make: 'Honda', year: 2200 })}`, /Year must be 2100 or earlier/],
      [`/api/vehicles/models?${q({ year: 2020 })}`, /Make is Required/],
      [`/api/vehicles/years?${q({ make: 'Honda' })}`, /Model is Required/],
      [`/api/vehicles/years?${q({ model: 'CB500F' })}`, /Make is Required/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(message);
    }
  });
});

describe('POST /api/vehicles (admin)', () => {
  const vehicle = { make: 'Moto Guzzi', model: 'V85 TT', year: 2021 };
  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', payload: vehicle })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(customer.token), payload: vehicle })).statusCode).toBe(403);
    expect((await get('/api/vehicles/makes')).json()).not.toContain('Moto Guzzi');
  });

  it('adds a vehicle that the selectors then list; the same one again is 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(admin.token), payload: vehicle });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...vehicle, variant: null });
    expect((await get('/api/vehicles/makes')).json()).toContain('Moto Guzzi');
    expect((await get(`/api/vehicles/years?${q({ make: 'Moto Guzzi', model: 'V85 TT' })}`)).json()).toEqual([2021]);
    const again = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(admin.token), payload: { ...vehicle, variant: '' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('VEHICLE_EXISTS');
    const variant = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(admin.token), payload: { ...vehicle, variant: 'Scram 411' } });
    expect(variant.statusCode).toBe(201);
  });

  it('answers 400 for bad input', async () => {
    for (const payload of [{ ...vehicle, make: '' }, { ...vehicle, model: ' ' }, { ...vehicle, year: 1800 }, { ...vehicle, year: 2200 }, { make: 'Honda' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(admin.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST /api/vehicles/import (admin)', () => {
  const importCsv = (csv: string, headers: Record<string, string> = bearer(admin.token)) =>
    t.app.inject({ method: 'POST', url: '/api/vehicles/import', headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });

  it('refuses a visitor (401) and a customer (403)', async () => {
    const csv = 'make,model,year_from,year_to\nHusqvarna,Svartpilen 401,2018,2023\n';
    expect((await importCsv(csv, {})).statusCode).toBe(401);
    expect((await importCsv(csv, bearer(customer.token))).statusCode).toBe(403);
    expect((await get('/api/vehicles/makes')).json()).not.toContain('Husqvarna');
  });

  it('adds one vehicle per model year, counts existing ones and reports bad rows by line', async () => {
    const csv = [
      'make,model,year_from,year_to,variant',
      'Husqvarna,Svartpilen 401,2018,2023,',
      'Husqvarna,Vitpilen 401,2018,2020,',
      'Honda,CB500F,2023,2024,', // already seeded
      'Aprilia,Tuono 660,2021,2019,', // years the wrong way round
      ',RS 660,2021,2024,', // no make
      'Aprilia,RS 660,2021,2024,Extrema',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 6, created: 6 + 3 + 4, existing: 2 });
    expect(body.errors.map((e: { line: number }) => e.line)).toEqual([5, 6]);
    expect(body.errors[0].message).toMatch(/year_from/);
    expect(body.errors[1].message).toMatch(/Make/);
    expect((await get(`/api/vehicles/years?${q({ make: 'Husqvarna', model: 'Svartpilen 401' })}`)).json()).toEqual([2023, 2022, 2021, 2020, 2019, 2018]);
    expect((await get(`/api/vehicles?${q({ make: 'Aprilia', model: 'RS 660', year: 2022 })}`)).json()).toMatchObject([
      { variant: null },
      { variant: 'Extrema' },
    ]);
    // The same file again creates nothing.
    expect((await importCsv(csv)).json()).toMatchObject({ created: 0, existing: 15 });
  });

  it('answers the header problem without importing anything', async () => {
    const res = await importCsv('make,model,year\nHonda,NC750X,2021\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, errors: [{ line: 1 }] });
    expect(res.json().errors[0].message).toMatch(/year_from, year_to/);
  });
});
