import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, fitsVehicle, modelAliasListSchema, modelAliasSchema, searchResultSchema, type SearchResult, type Vehicle } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { vehicleAliases } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { eventually } from './eventually';

/**
 * Issue #38 item 2 (decision 198): the names riders give models ("t7", "wee strom", "busa"). A nickname in the
 * search box names the bike like its model name does (decision 167): the parts that fit it, found by the other words.
 * Admins edit the nicknames; the next search reads them.
 */
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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function search(q: string): Promise<SearchResult> {
  const res = await api(null, 'GET', `/api/search?q=${encodeURIComponent(q)}&limit=48`);
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
}

async function vehicleOf(make: string, model: string, year: number): Promise<Vehicle> {
  const list = (await api(null, 'GET', `/api/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`)).json() as Vehicle[];
  const v = list.find((x) => x.variant === null);
  if (!v) throw new Error(`no ${year} ${make} ${model}`);
  return v;
}

const list = async () => modelAliasListSchema.parse((await api(admin, 'GET', '/api/search/model-aliases')).json()).items;

describe('nicknames of the demo models', () => {
  it('are seeded for models of the vehicle list, each naming one model', async () => {
    const aliases = await list();
    for (const [alias, make, model] of [
      ['t7', 'Yamaha', 'Ténéré 700'],
      ['wee strom', 'Suzuki', 'V-Strom 650'],
      ['fz07', 'Yamaha', 'MT-07'],
      ['r6', 'Yamaha', 'YZF-R6'],
    ])
      expect(aliases, alias).toContainEqual(expect.objectContaining({ alias, make, model }));
    // "gs" names two BMWs: seeded for both (decision 213), it names neither without a year.
    expect(aliases.filter((a) => a.alias === 'gs').map((a) => a.model)).toEqual(expect.arrayContaining(['R 1250 GS', 'R 1300 GS']));
    for (const q of ['gs brake pads', 'bmw gs oil filter', 'gs']) expect((await search(q)).namedVehicle, q).toBeUndefined();
  });

  it('a nickname two models share, without a year, asks which bike: each with its years and its query; the other words find every part', async () => {
    const r = await search('gs brake pads');
    expect(r.namedVehicle).toBeUndefined();
    expect(r.whichBike).toEqual({
      bikes: [
        { make: 'BMW', model: 'R 1250 GS', fromYear: 2019, toYear: 2023, q: 'BMW R 1250 GS brake pads' },
        { make: 'BMW', model: 'R 1300 GS', fromYear: 2024, toYear: 2027, q: 'BMW R 1300 GS brake pads' },
      ],
      rest: 'brake pads',
    });
    // The other words, unfiltered: what "brake pads" finds.
    const pads = await search('brake pads');
    expect(r.total).toBeGreaterThan(0);
    expect(r.items.map((p) => p.sku)).toEqual(pads.items.map((p) => p.sku));
    // Each bike's query names that bike.
    for (const b of r.whichBike!.bikes) expect((await search(b.q)).namedVehicle).toEqual({ make: b.make, model: b.model, year: null, rest: 'brake pads' });
    // The make typed too, and "strom" (a nickname and a part of both V-Stroms' names); a year both were sold in stays.
    expect((await search('bmw gs oil filter')).whichBike?.rest).toBe('oil filter');
    const strom = await search('2024 strom chain');
    expect(strom.whichBike?.bikes.map((b) => [b.model, b.q])).toEqual([
      ['V-Strom 650', '2024 Suzuki V-Strom 650 chain'],
      ['V-Strom 800DE', '2024 Suzuki V-Strom 800DE chain'],
    ]);
    // The nickname alone still asks, and searches it as typed; a year one model was sold in names it (decision 213).
    expect((await search('gs')).whichBike?.bikes.map((b) => b.q)).toEqual(['BMW R 1250 GS', 'BMW R 1300 GS']);
    expect((await search('2021 gs brake pads')).whichBike).toBeUndefined();
    // Not asked with matchBike=false, nor of words that name no bike.
    expect((await api(null, 'GET', '/api/search?q=gs+brake+pads&matchBike=false')).json().whichBike).toBeUndefined();
    expect((await search('brake pads')).whichBike).toBeUndefined();
  });

  it.each([
    ['t7 brake pads', 'Yamaha', 'Ténéré 700', 'brake pads', 'FA244HH', 2021],
    ['t7 oil filter', 'Yamaha', 'Ténéré 700', 'oil filter', 'HF204', 2021],
    ['T-7 spark plug', 'Yamaha', 'Ténéré 700', 'spark plug', 'CR9EIX', 2021],
    ['wee strom clutch', 'Suzuki', 'V-Strom 650', 'clutch', 'CK3440', 2016],
    ['r6 brake pads', 'Yamaha', 'YZF-R6', 'brake pads', 'FA244HH', 2016],
  ] as const)('%s: the parts that fit the %s %s, found by the other words', async (q, make, model, rest, sku, year) => {
    const r = await search(q);
    expect(r.namedVehicle).toEqual({ make, model, year: null, rest });
    expect(r.items[0]?.sku).toBe(sku);
    const bike = await vehicleOf(make, model, year);
    for (const p of r.items) expect(fitsVehicle(p, bike), `${p.name} for ${q}`).toBe(true);
  });

  it('a nickname answers as the model named in full: the same parts, the same bike', async () => {
    for (const [nickname, full] of [
      ['t7 air filter', 'tenere 700 air filter'],
      ['t7 brake pads', 'yamaha tenere 700 brake pads'],
      ['2021 t700 chain', '2021 tenere 700 chain'],
    ]) {
      const a = await search(nickname);
      const b = await search(full);
      expect(a.namedVehicle, nickname).toEqual(b.namedVehicle);
      expect(a.items.map((p) => p.sku)).toEqual(b.items.map((p) => p.sku));
      expect(a.total).toBe(b.total);
      expect(a.forOtherBikes?.items.map((p) => p.sku)).toEqual(b.forOtherBikes?.items.map((p) => p.sku));
    }
    // No air filter fits a Ténéré: nothing is claimed to fit, and the air filter comes apart, for other bikes.
    const r = await search('t7 air filter');
    expect(r.total).toBe(0);
    expect(r.forOtherBikes?.items.map((p) => p.name)).toContain('Washable High-Flow Air Filter');
  });

  it('the names the models already answer to still work; an unknown word names no bike', async () => {
    expect((await search('tenere chain')).namedVehicle).toMatchObject({ make: 'Yamaha', model: 'Ténéré 700' });
    expect((await search('africa twin oil filter')).namedVehicle).toMatchObject({ make: 'Honda', model: 'CRF1100L Africa Twin' });
    for (const q of ['gixxer brake pads', 'brake pads', 'fazer oil filter']) {
      const r = await search(q);
      expect(r.namedVehicle, q).toBeUndefined();
    }
    // Without the nickname, "brake pads" finds the pads of every bike.
    expect((await search('brake pads')).items[0]?.sku).toBe('FA244HH');
  });

  it('matchBike=false searches a nickname as a word', async () => {
    const res = await api(null, 'GET', '/api/search?q=t7+brake+pads&matchBike=false');
    expect(res.json().namedVehicle).toBeUndefined();
  });

  it('the search box suggests the bike a nickname begins', async () => {
    expect((await search('t7')).bikes).toContainEqual({ make: 'Yamaha', model: 'Ténéré 700' });
  });
});

describe('nicknames an admin adds', () => {
  it('a nickname added for a listed model names it in the very next search, and a deleted one no longer does', async () => {
    // Two bikes the demo list lacks, and the oil filter's fitment for the Hayabusa, added as an admin would.
    for (const [model, year] of [
      ['Hayabusa', 2022],
      ['GSX-R1000', 2020],
    ] as const) {
      const res = await api(admin, 'POST', '/api/vehicles', { make: 'Suzuki', model, year });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [filter] = (await search('HF204')).items;
    const patched = await api(admin, 'PATCH', `/api/product/${filter._id}`, {
      version: filter.version,
      fitment: [
        ...filter.fitment.map(({ make, model, yearFrom, yearTo }) => ({ make, model, yearFrom, yearTo })),
        { make: 'Suzuki', model: 'Hayabusa', yearFrom: 2022, yearTo: 2022 },
        { make: 'Suzuki', model: 'GSX-R1000', yearFrom: 2020, yearTo: 2020 },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);

    // The known models are read (and kept) before the nickname exists.
    expect((await search('busa oil filter')).namedVehicle).toBeUndefined();
    expect((await search('gixxer oil filter')).namedVehicle).toBeUndefined();

    const busa = await api(admin, 'POST', '/api/search/model-aliases', { alias: ' BUSA ', make: 'suzuki', model: 'hayabusa' });
    expect(busa.statusCode, busa.body).toBe(201);
    const created = modelAliasSchema.parse(busa.json());
    // Stored normalised, with the make and model as the vehicle list spells them.
    expect(created).toMatchObject({ alias: 'busa', make: 'Suzuki', model: 'Hayabusa' });
    const gixxer = await api(admin, 'POST', '/api/search/model-aliases', { alias: 'Gixxer', make: 'Suzuki', model: 'GSX-R1000' });
    expect(gixxer.statusCode, gixxer.body).toBe(201);

    const r = await search('busa oil filter');
    expect(r.namedVehicle).toEqual({ make: 'Suzuki', model: 'Hayabusa', year: null, rest: 'oil filter' });
    expect(r.items.map((p) => p.sku)).toEqual(['HF204']);
    const hayabusa = await vehicleOf('Suzuki', 'Hayabusa', 2022);
    expect(fitsVehicle(r.items[0], hayabusa)).toBe(true);
    // Parts that do not fit it are left out: no brake pads fit a Hayabusa.
    const pads = await search('busa brake pads');
    expect(pads.namedVehicle).toMatchObject({ model: 'Hayabusa' });
    expect(pads.total).toBe(0);
    expect((await search('gixxer oil filter')).namedVehicle).toEqual({ make: 'Suzuki', model: 'GSX-R1000', year: null, rest: 'oil filter' });
    expect((await search('2020 gixxer oil filter')).items.map((p) => p.sku)).toEqual(['HF204']);

    expect((await list()).map((a) => a._id)).toContain(created._id);
    const audit = auditPageSchema.parse((await api(admin, 'GET', '/api/audit?action=model_alias.create&entityType=model_alias')).json()).items;
    expect(audit.find((e) => e.entityId === created._id)).toMatchObject({
      actor: { email: admin.email },
      after: { alias: 'busa', make: 'Suzuki', model: 'Hayabusa' },
    });

    const deleted = await api(admin, 'DELETE', `/api/search/model-aliases/${created._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await search('busa oil filter')).namedVehicle).toBeUndefined();
    expect((await list()).map((a) => a._id)).not.toContain(created._id);
    const deletions = auditPageSchema.parse((await api(admin, 'GET', '/api/audit?action=model_alias.delete&entityType=model_alias')).json()).items;
    expect(deletions.find((e) => e.entityId === created._id)).toMatchObject({ before: { alias: 'busa' } });
  });

  it('a nickname written straight into the database reaches the search through the table’s notification', async () => {
    expect((await search('trumpet oil filter')).namedVehicle).toBeUndefined();
    await t.app.db.insert(vehicleAliases).values({ alias: 'trumpet', make: 'Triumph', model: 'Street Triple 765' });
    await eventually(async () => expect((await search('trumpet oil filter')).namedVehicle).toMatchObject({ model: 'Street Triple 765' }));
  });

  it('a nickname two models share names neither of them, unless a year typed was of one of them only', async () => {
    for (const model of ['790 Duke', '890 Duke']) {
      const res = await api(admin, 'POST', '/api/search/model-aliases', { alias: 'dukey', make: 'KTM', model });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const q of ['dukey brake pads', 'ktm dukey oil filter', 'dukey']) expect((await search(q)).namedVehicle, q).toBeUndefined();
    // The suggestions offer both, so the shopper picks one.
    const { bikes } = await search('dukey');
    expect(bikes).toContainEqual({ make: 'KTM', model: '790 Duke' });
    expect(bikes).toContainEqual({ make: 'KTM', model: '890 Duke' });
    // Decision 213: only the 790 Duke was sold in 2019, only the 890 in 2022 (the 790's gap); both in 2024.
    expect((await search('2019 dukey tyres')).namedVehicle).toMatchObject({ model: '790 Duke', year: 2019, rest: 'tyres' });
    expect((await search('2022 dukey')).namedVehicle).toMatchObject({ model: '890 Duke', year: 2022 });
    expect((await search('2024 dukey')).namedVehicle).toBeUndefined();
  });
});

describe('editing nicknames', () => {
  it('is an admin’s: visitors get 401, customers 403', async () => {
    const [first] = await list();
    const body = { alias: 'tenny', make: 'Yamaha', model: 'Ténéré 700' };
    expect((await api(null, 'GET', '/api/search/model-aliases')).statusCode).toBe(401);
    expect((await api(null, 'POST', '/api/search/model-aliases', body)).statusCode).toBe(401);
    expect((await api(null, 'DELETE', `/api/search/model-aliases/${first._id}`)).statusCode).toBe(401);
    expect((await api(customer, 'GET', '/api/search/model-aliases')).statusCode).toBe(403);
    expect((await api(customer, 'POST', '/api/search/model-aliases', body)).statusCode).toBe(403);
    expect((await api(customer, 'DELETE', `/api/search/model-aliases/${first._id}`)).statusCode).toBe(403);
    // The caller is checked before the body is read (docs/authorization.md).
    expect((await api(null, 'POST', '/api/search/model-aliases', { alias: 7 })).statusCode).toBe(401);
    expect((await api(customer, 'POST', '/api/search/model-aliases', { alias: 7 })).statusCode).toBe(403);
    expect((await list()).map((a) => a._id)).toContain(first._id);
    expect((await list()).map((a) => a.alias)).not.toContain('tenny');
  });

  it.each([
    [{ alias: '--', make: 'Yamaha', model: 'MT-07' }, /needs a letter or a digit/],
    [{ alias: '650', make: 'Suzuki', model: 'V-Strom 650' }, /needs a letter/],
    [{ alias: 'a very long nickname', make: 'Yamaha', model: 'MT-07' }, /3 words or fewer/],
    [{ alias: 'x'.repeat(31), make: 'Yamaha', model: 'MT-07' }, /30 characters or fewer/],
    [{ alias: 7, make: 'Yamaha', model: 'MT-07' }, /alias must be text/],
    [{ alias: 'tenny', model: 'Ténéré 700' }, /Choose the make/],
    [{ alias: 'tenny', make: 'Yamaha', model: ' ' }, /Choose the model/],
    [{ alias: 'blade', make: 'Honda', model: 'CBR1000RR' }, /vehicle list has no Honda CBR1000RR: a nickname must name a listed make and model/],
    [{ alias: 'fazer', make: 'Yamha', model: 'MT-07' }, /vehicle list has no Yamha MT-07/],
    [{ alias: 'MT-07', make: 'Yamaha', model: 'MT-07' }, /“mt 07” is already the name of the Yamaha MT-07/],
    [{ alias: 'r7', make: 'Yamaha', model: 'MT-07' }, /already the name of the Yamaha R7/],
    [{ alias: 'yamaha', make: 'Yamaha', model: 'MT-07' }, /is the make Yamaha/],
  ])('refuses %j with a message', async (body, message) => {
    const res = await api(admin, 'POST', '/api/search/model-aliases', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses a nickname the model has already, and answers 404 for an unknown one', async () => {
    const dup = await api(admin, 'POST', '/api/search/model-aliases', { alias: 'T7', make: 'Yamaha', model: 'Ténéré 700' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'MODEL_ALIAS_EXISTS', message: '“t7” is already a nickname of the Yamaha Ténéré 700.' });
    const spaced = await api(admin, 'POST', '/api/search/model-aliases', { alias: 'FZ-07', make: 'Yamaha', model: 'MT-07' });
    expect(spaced.statusCode).toBe(409);
    expect(spaced.json().error.message).toBe('“fz07” is already a nickname of the Yamaha MT-07.');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api(admin, 'DELETE', `/api/search/model-aliases/${unknown}`)).statusCode).toBe(404);
    expect((await api(admin, 'DELETE', '/api/search/model-aliases/nope')).statusCode).toBe(404);
  });
});
