import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJob, type Product, type Vehicle } from '@shop/shared';
import { importJobRows, importJobs, productFitments, products } from '../src/db/schema';
import { QUEUES } from '../src/modules/jobs/job-queue';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { eventually } from './eventually';

/**
 * Issue #35 item 4 (decision 210): an ACES fitment feed as a background import. The vehicles carry the feed's base
 * vehicle ids (vehicle CSV `base_vehicle_id`); the read stages the applications and the report in one pass; the
 * commit applies FULL (the brand's ACES rows become the feed's) or UPDATE (exactly its A and D) in one transaction.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const ids: Record<string, string> = {};

async function addPart(sku: string, brand: string, fitment: object[] = []) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: bearer(admin.token),
    payload: {
      sku,
      name: `${brand} part ${sku}`,
      brand,
      unitPrice: 20,
      minOrder: 1,
      stock: 5,
      category: 'brakes',
      description: 'From the shop.',
      image: '/images/products/oil-filter-hf204.svg',
      fitment,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[sku] = (res.json() as Product)._id;
}

const importVehicles = (csv: string, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: '/api/vehicles/import', headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_INTERVAL_SECONDS: 0.5 });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  // A hand-made application on the pads: no feed may take it away.
  await addPart('AC-PADS', 'AcesCo', [{ make: 'Acesmoto', model: 'Trail 700', yearFrom: 2019, yearTo: 2023, notes: 'Entered by hand' }]);
  await addPart('AC-DISC', 'AcesCo');
  await addPart('AC-CHAIN', 'AcesCo');
  await addPart('OC-PADS', 'OtherCo');
});
afterAll(async () => t.close());

interface AppSpec {
  id: string;
  action?: string;
  bv?: string;
  years?: [number, number];
  make?: string;
  model?: string;
  sub?: string;
  note?: string;
  qty?: number;
  pos?: string;
  part: string;
  brand?: string;
}
const appXml = (a: AppSpec) => `
  <App action="${a.action ?? 'A'}" id="${a.id}">
    ${a.bv ? `<BaseVehicle id="${a.bv}"/>` : ''}
    ${a.years ? `<Years from="${a.years[0]}" to="${a.years[1]}"/><Make>${a.make ?? 'Acesmoto'}</Make><Model>${a.model ?? 'Trail 700'}</Model>` : ''}
    ${a.sub ? `<SubModel>${a.sub}</SubModel>` : ''}
    ${a.note ? `<Note>${a.note}</Note>` : ''}
    ${a.qty ? `<Qty>${a.qty}</Qty>` : ''}
    <PartType id="1684"/>
    ${a.pos ? `<Position>${a.pos}</Position>` : ''}
    <Part BrandAAIAID="${a.brand ?? 'AcesCo'}">${a.part}</Part>
  </App>`;
const acesXml = (apps: AppSpec[], submission = 'FULL', brand = 'AcesCo') => `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
  <Header>
    <Company>${brand} test feed</Company>
    <TransferDate>2026-12-01</TransferDate>
    <BrandAAIAID>${brand}</BrandAAIAID>
    <DocumentTitle>${brand} applications</DocumentTitle>
    <EffectiveDate>2026-12-01</EffectiveDate>
    <SubmissionType>${submission}</SubmissionType>
  </Header>${apps.map(appXml).join('')}
  <Footer><RecordCount>${apps.length}</RecordCount></Footer>
</ACES>
`;

const PADS_2019: AppSpec = { id: '1', bv: 'AM-2019', note: 'One set per caliper', qty: 2, pos: 'Front', part: 'AC-PADS' };
const PADS_2020: AppSpec = { id: '2', bv: 'AM-2020', note: 'One set per caliper', qty: 2, pos: 'Front', part: 'AC-PADS' };
const DISC_SPAN: AppSpec = { id: '3', years: [2021, 2023], qty: 1, pos: 'Rear', part: 'AC-DISC' };
const CHAIN_RALLY: AppSpec = { id: '4', years: [2021, 2021], sub: 'Rally', part: 'AC-CHAIN' };
const FULL_FEED = acesXml([
  PADS_2019,
  PADS_2020,
  DISC_SPAN,
  CHAIN_RALLY,
  { id: '5', bv: 'AM-9999', qty: 2, pos: 'Front', part: 'AC-PADS' },
  { id: '6', bv: 'AM-2019', pos: 'Front', part: 'AC-NOPE' },
  { id: '7', years: [2021, 2022], make: 'Nomake', model: 'X', part: 'AC-DISC' },
]);

async function upload(body: string, kind = 'aces', headers: Record<string, string> = bearer(admin.token), name = 'acesco-aces.xml') {
  const data = new FormData();
  data.append('kind', kind);
  data.append('file', new Blob([body], { type: 'application/xml' }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: data });
  const payload = Buffer.from(await req.arrayBuffer());
  return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...headers, 'content-type': req.headers.get('content-type')! }, payload });
}
const getJob = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: bearer(admin.token) })).json() as ImportJob;
async function until(id: string, status: ImportJob['status']): Promise<ImportJob> {
  let job: ImportJob | undefined;
  await eventually(async () => {
    job = await getJob(id);
    expect(job.status).toBe(status);
  }, 15_000);
  return job!;
}
const post = (url: string, headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'POST', url, headers });
async function importFeed(xml: string): Promise<ImportJob> {
  const res = await upload(xml);
  expect(res.statusCode, res.body).toBe(202);
  const ready = await until(res.json().id, 'ready');
  expect((await post(`/api/admin/imports/${ready.id}/commit`)).statusCode).toBe(202);
  return until(ready.id, 'done');
}

/** The ACES rows of a brand's parts, as the shop keeps them. */
async function acesRows(brand = 'AcesCo') {
  const rows = await t.app.db
    .select({
      sku: products.sku,
      make: productFitments.make,
      model: productFitments.model,
      yearFrom: productFitments.yearFrom,
      yearTo: productFitments.yearTo,
      variant: productFitments.variant,
      position: productFitments.position,
      perVehicle: productFitments.perVehicle,
      notes: productFitments.notes,
      sourceRef: productFitments.sourceRef,
    })
    .from(productFitments)
    .innerJoin(products, eq(products.id, productFitments.productId))
    .where(and(eq(productFitments.source, 'aces'), eq(products.brand, brand)))
    .orderBy(asc(products.sku), asc(productFitments.yearFrom));
  return rows;
}
const handMade = () =>
  t.app.db
    .select({ notes: productFitments.notes, source: productFitments.source })
    .from(productFitments)
    .where(and(eq(productFitments.productId, ids['AC-PADS']), eq(productFitments.source, '')));

describe('vehicles carry the feed’s base vehicle ids', () => {
  it('the vehicle CSV sets base_vehicle_id on new vehicles and on vehicles already listed, and refuses an id given twice', async () => {
    const first = await importVehicles(
      [
        'make,model,year_from,year_to,variant,base_vehicle_id',
        'Acesmoto,Trail 700,2019,2019,,AM-2019',
        'Acesmoto,Trail 700,2020,2023,,',
        'Acesmoto,Trail 700,2021,2021,Rally,',
      ].join('\n'),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 3, created: 6, existing: 0, linked: 0, errors: [] });

    const second = await importVehicles(
      [
        'make,model,year_from,year_to,base_vehicle_id',
        'Acesmoto,Trail 700,2020,2020,AM-2020',
        'Acesmoto,Trail 700,2021,2021,AM-2019',
        'Acesmoto,Trail 700,2022,2023,AM-2022',
        'Acesmoto,Trail 700,2023,2023,bad id!',
      ].join('\n'),
    );
    expect(second.statusCode).toBe(200);
    const result = second.json();
    expect(result).toMatchObject({ rows: 4, created: 0, existing: 1, linked: 1 });
    expect(result.errors).toEqual([
      { line: 4, message: 'base_vehicle_id: A base_vehicle_id names one model year: year_from and year_to must be the same' },
      { line: 5, message: 'base_vehicle_id: The base vehicle id may hold letters, digits, dots, dashes and underscores only' },
      { line: 3, message: 'base_vehicle_id AM-2019 is already the 2019 Acesmoto Trail 700: row left out' },
    ]);

    const list = (await t.app.inject({ method: 'GET', url: '/api/vehicles?make=Acesmoto&model=Trail%20700&year=2020' })).json() as Vehicle[];
    expect(list).toEqual([{ _id: expect.any(String), make: 'Acesmoto', model: 'Trail 700', year: 2020, variant: null, externalId: 'AM-2020' }]);
  });

  it('POST /vehicles takes a base vehicle id, and answers 409 for one already given', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { make: 'Acesmoto', model: 'Trail 700', year: 2024, externalId: 'AM-2024' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ year: 2024, externalId: 'AM-2024' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { make: 'Acesmoto', model: 'Trail 700', year: 2025, externalId: 'AM-2024' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Base vehicle id AM-2024 is already the 2024 Acesmoto Trail 700.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { make: 'Acesmoto', model: 'Trail 700', year: 2025, externalId: 'x'.repeat(41) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/40 characters or fewer/);
  });
});

describe('PATCH /vehicles/{id}: the admin sets or clears a base vehicle id (decision 214)', () => {
  const patch = (id: string, payload: object, headers: Record<string, string> = bearer(admin.token)) =>
    t.app.inject({ method: 'PATCH', url: `/api/vehicles/${id}`, headers, payload });
  const listed = async (year: number) =>
    ((await t.app.inject({ method: 'GET', url: `/api/vehicles?make=Patchmoto&model=Street%20300&year=${year}` })).json() as Vehicle[])[0];

  it('sets, refuses an id another vehicle has (409), clears, and answers 404 and 400', async () => {
    expect(
      (await importVehicles('make,model,year_from,year_to,base_vehicle_id\nPatchmoto,Street 300,2020,2020,PM-2020\nPatchmoto,Street 300,2021,2021,'))
        .statusCode,
    ).toBe(200);
    const v2021 = await listed(2021);
    expect(v2021.externalId).toBeUndefined();
    const set = await patch(v2021._id, { externalId: 'PM-2021' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ year: 2021, externalId: 'PM-2021' });
    expect((await listed(2021)).externalId).toBe('PM-2021');

    const taken = await patch(v2021._id, { externalId: 'PM-2020' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Base vehicle id PM-2020 is already the 2020 Patchmoto Street 300.');
    expect((await listed(2021)).externalId).toBe('PM-2021');

    const cleared = await patch(v2021._id, { externalId: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().externalId).toBeUndefined();
    expect((await listed(2021)).externalId).toBeUndefined();
    // The id freed by the 2020 bike can go to the 2021 one.
    expect((await patch((await listed(2020))._id, { externalId: null })).statusCode).toBe(200);
    expect((await patch(v2021._id, { externalId: 'PM-2020' })).json().externalId).toBe('PM-2020');

    expect((await patch('00000000-0000-4000-8000-000000000000', { externalId: 'PM-1' })).statusCode).toBe(404);
    expect((await patch(v2021._id, { externalId: 'bad id!' })).statusCode).toBe(400);
    expect((await patch(v2021._id, {}, {})).statusCode).toBe(401);
    expect((await patch(v2021._id, { externalId: 'PM-X' }, bearer(customer.token))).statusCode).toBe(403);
    // The caller is checked before the body is read: a customer's malformed request is 403, not 400.
    expect((await patch(v2021._id, { externalId: 'bad id!' }, bearer(customer.token))).statusCode).toBe(403);
    expect((await patch('not-an-id', { externalId: 'bad id!' }, {})).statusCode).toBe(401);
    expect((await listed(2021)).externalId).toBe('PM-2020');
  });
});

describe('POST /api/admin/imports with kind aces', () => {
  it('reads a FULL feed into a report with unknown vehicles and parts counted, and commits its applications', async () => {
    const res = await upload(FULL_FEED);
    expect(res.statusCode, res.body).toBe(202);
    const ready = await until(res.json().id, 'ready');
    expect(ready).toMatchObject({ kind: 'aces', rowsRead: 7, rowsWritten: 4, errorCount: 3 });
    expect(ready.errors).toEqual([
      {
        line: expect.any(Number),
        message: "The shop has no vehicle with base vehicle id AM-9999 (give the vehicles their ids with the vehicle CSV's base_vehicle_id): left out",
      },
      { line: expect.any(Number), message: 'The shop has no part AC-NOPE of brand AcesCo: left out' },
      { line: expect.any(Number), message: 'The shop has no vehicle 2021–2022 Nomake X: left out' },
    ]);
    const report = ready.report!;
    expect(report).toMatchObject({ kind: 'aces', submissionType: 'FULL', version: '4.2', records: 7, adds: 7, deletes: 0, declaredCount: 7 });
    expect(report.sections.unknownVehicles.count).toBe(2);
    expect(report.sections.unknownVehicles.examples.map((e) => e.vehicle)).toEqual(['BaseVehicle AM-9999', '2021–2022 Nomake X']);
    expect(report.sections.unknownParts.count).toBe(1);
    expect(report.sections.unknownParts.examples[0]).toMatchObject({ partNumber: 'AC-NOPE', brand: 'AcesCo' });
    expect(report.sections.invalid.count).toBe(0);
    expect(report.notes?.[0]).toMatch(/makes the ACES applications of acesco exactly this file's/);
    // Nothing reaches the shop before the commit.
    expect(await acesRows()).toEqual([]);

    expect((await post(`/api/admin/imports/${ready.id}/commit`)).statusCode).toBe(202);
    const done = await until(ready.id, 'done');
    // The pads' two base vehicles (2019 and 2020, the same quantity, position and notes) are one span (decision 214).
    expect(done).toMatchObject({ created: 3, updated: 0, unchanged: 0, deleted: 0, rowsWritten: 4 });
    expect(await acesRows()).toEqual([
      {
        sku: 'AC-CHAIN',
        make: 'Acesmoto',
        model: 'Trail 700',
        yearFrom: 2021,
        yearTo: 2021,
        variant: 'Rally',
        position: null,
        perVehicle: null,
        notes: '',
        sourceRef: '4',
      },
      {
        sku: 'AC-DISC',
        make: 'Acesmoto',
        model: 'Trail 700',
        yearFrom: 2021,
        yearTo: 2023,
        variant: null,
        position: 'rear',
        perVehicle: 1,
        notes: '',
        sourceRef: '3',
      },
      {
        sku: 'AC-PADS',
        make: 'Acesmoto',
        model: 'Trail 700',
        yearFrom: 2019,
        yearTo: 2020,
        variant: null,
        position: 'front',
        perVehicle: 2,
        notes: 'One set per caliper',
        sourceRef: '1',
      },
    ]);
    // The part page shows the applications with the hand-made one.
    const pads = (await t.app.inject({ method: 'GET', url: `/api/product/${ids['AC-PADS']}` })).json() as Product;
    expect(pads.fitment).toContainEqual({
      make: 'Acesmoto',
      model: 'Trail 700',
      yearFrom: 2019,
      yearTo: 2020,
      position: 'front',
      perVehicle: 2,
      notes: 'One set per caliper',
      source: 'aces',
      sourceRef: '1',
    });
    expect(await handMade()).toEqual([{ notes: 'Entered by hand', source: '' }]);
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, ready.id))).toHaveLength(0);
  });

  it('the same file again changes 0 rows', async () => {
    const before = await acesRows();
    const done = await importFeed(FULL_FEED);
    expect(done).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 3 });
    expect(await acesRows()).toEqual(before);
  });

  it('an UPDATE adds its A and deletes its D, and nothing else; the vehicle’s part list (cached) follows', async () => {
    const [v2020] = (await t.app.inject({ method: 'GET', url: '/api/vehicles?make=Acesmoto&model=Trail%20700&year=2020' })).json() as Vehicle[];
    const fitting = async () => ((await t.app.inject({ method: 'GET', url: `/api/products?vehicle=${v2020._id}` })).json() as { total: number }).total;
    const fittingBefore = await fitting();
    const done = await importFeed(
      acesXml(
        [
          { id: '8', bv: 'AM-2020', qty: 1, pos: 'Rear', part: 'AC-DISC' },
          { ...PADS_2020, action: 'D' },
          // A delete of an application the shop does not have changes nothing.
          { id: '9', action: 'D', bv: 'AM-2019', part: 'AC-CHAIN' },
        ],
        'UPDATE',
      ),
    );
    // The disc's 2020 joins its 2021–2023 span (its first year's App id now names it); the pads' span loses 2020; the
    // chain's D names no application the shop has and changes nothing.
    expect(done).toMatchObject({ created: 0, updated: 2, deleted: 0, unchanged: 0, errorCount: 0 });
    expect((await acesRows()).map((r) => [r.sku, r.yearFrom, r.yearTo, r.position, r.sourceRef])).toEqual([
      ['AC-CHAIN', 2021, 2021, null, '4'],
      ['AC-DISC', 2020, 2023, 'rear', '8'],
      ['AC-PADS', 2019, 2019, 'front', '1'],
    ]);
    expect(await handMade()).toHaveLength(1);
    // The disc now fits the 2020 bike; the pads still do (by the hand-made row).
    await eventually(async () => expect(await fitting()).toBe(fittingBefore + 1));
  });

  it('a FULL feed replaces only its brand’s ACES applications: other brands and hand-made fitment stay', async () => {
    const other = await importFeed(acesXml([{ id: '1', bv: 'AM-2019', pos: 'Front', part: 'OC-PADS', brand: 'OtherCo' }], 'FULL', 'OtherCo'));
    expect(other).toMatchObject({ created: 1, deleted: 0 });
    // The pads now go one set per bike (an update of the quantity), the disc stays, the rest is gone.
    const done = await importFeed(acesXml([{ ...PADS_2019, qty: 1 }, DISC_SPAN]));
    expect(done).toMatchObject({ created: 0, updated: 2, unchanged: 0, deleted: 1 });
    expect((await acesRows()).map((r) => [r.sku, r.yearFrom, r.perVehicle])).toEqual([
      ['AC-DISC', 2021, 1],
      ['AC-PADS', 2019, 1],
    ]);
    expect(await acesRows('OtherCo')).toHaveLength(1);
    expect(await handMade()).toEqual([{ notes: 'Entered by hand', source: '' }]);
  });

  it('a delete in a FULL feed is left out and reported', async () => {
    const res = await upload(acesXml([PADS_2019, { ...DISC_SPAN, action: 'D' }]));
    const ready = await until(res.json().id, 'ready');
    expect(ready).toMatchObject({ rowsRead: 2, rowsWritten: 1, errorCount: 1 });
    expect(ready.errors[0].message).toMatch(/a delete \(D\) belongs in an UPDATE feed/);
    expect(ready.report!.sections.invalid.count).toBe(1);
    // Discarded: the staging rows go, the shop is unchanged.
    const before = await acesRows();
    expect((await post(`/api/admin/imports/${ready.id}/discard`)).statusCode).toBe(200);
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, ready.id))).toHaveLength(0);
    expect(await acesRows()).toEqual(before);
  });

  it('a file that is not well-formed XML fails with the line and column, and writes nothing', async () => {
    const before = await acesRows();
    const broken = acesXml([PADS_2019]).replace('<Part BrandAAIAID="AcesCo">AC-PADS</Part>', '<Part BrandAAIAID="AcesCo">AC-PADS</Prt>');
    const failed = await until((await upload(broken)).json().id, 'failed');
    expect(failed.failureMessage).toMatch(/^The file is not well-formed XML: line \d+, column \d+: /);
    expect(failed.report).toBeNull();
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, failed.id))).toHaveLength(0);
    expect(await acesRows()).toEqual(before);
  });

  it('a PIES file uploaded as ACES fails with a clear message', async () => {
    const pies = fs.readFileSync(path.join(__dirname, 'fixtures/feeds/pies-small.xml'), 'utf8');
    const failed = await until((await upload(pies)).json().id, 'failed');
    expect(failed.failureMessage).toBe('This file is a PIES product feed, not an ACES fitment feed');
  });
});

describe('model years merged into spans (decision 214)', () => {
  const front = (year: number, qty = 2): AppSpec => ({
    id: `f${year}`,
    bv: `SC-${year}`,
    qty,
    pos: 'Front',
    note: 'Sintered',
    part: 'SP-PADS',
    brand: 'SpanCo',
  });
  const rear = (id: string, spec: Partial<AppSpec>): AppSpec => ({
    id,
    qty: 1,
    pos: 'Rear',
    part: 'SP-PADS',
    brand: 'SpanCo',
    make: 'Spanmoto',
    model: 'Enduro 450',
    ...spec,
  });
  const FEED = [
    front(2018),
    front(2019),
    front(2020),
    front(2021),
    front(2022),
    // Another quantity: a span of its own.
    front(2023, 1),
    // A year span and a base vehicle next to it: one span.
    rear('r1', { years: [2019, 2021] }),
    rear('r2', { bv: 'SC-2022' }),
  ];
  const spans = async () =>
    (await acesRows('SpanCo'))
      .map((r) => [r.position, r.yearFrom, r.yearTo, r.perVehicle, r.sourceRef])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1]));

  beforeAll(async () => {
    await addPart('SP-PADS', 'SpanCo');
    const csv = ['make,model,year_from,year_to,base_vehicle_id', ...[2018, 2019, 2020, 2021, 2022, 2023].map((y) => `Spanmoto,Enduro 450,${y},${y},SC-${y}`)];
    expect((await importVehicles(csv.join('\n'))).json()).toMatchObject({ created: 6, errors: [] });
  });

  it('a FULL feed of one App per base vehicle is stored as spans of consecutive years with one quantity; again, in any order, it changes nothing', async () => {
    const ready = (await until((await upload(acesXml(FEED, 'FULL', 'SpanCo'))).json().id, 'ready')) as ImportJob;
    expect(ready.report!.notes).toContain('Consecutive model years of one part, vehicle, position, quantity and notes are kept as one year span.');
    expect((await post(`/api/admin/imports/${ready.id}/commit`)).statusCode).toBe(202);
    expect(await until(ready.id, 'done')).toMatchObject({ created: 3, updated: 0, deleted: 0, rowsWritten: 8 });
    const stored = [
      ['front', 2018, 2022, 2, 'f2018'],
      ['front', 2023, 2023, 1, 'f2023'],
      ['rear', 2019, 2022, 1, 'r1'],
    ];
    expect(await spans()).toEqual(stored);
    expect(await importFeed(acesXml(FEED, 'FULL', 'SpanCo'))).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 3 });
    expect(await importFeed(acesXml([...FEED].reverse(), 'FULL', 'SpanCo'))).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 3 });
    expect(await spans()).toEqual(stored);
  });

  it('an UPDATE’s D of one year splits a span, and its A of that year joins it again', async () => {
    const split = await importFeed(acesXml([{ ...front(2020), action: 'D' }], 'UPDATE', 'SpanCo'));
    expect(split).toMatchObject({ created: 1, updated: 1, deleted: 0 });
    expect(await spans()).toEqual([
      ['front', 2018, 2019, 2, 'f2018'],
      // A span keeps the App id of its first year; the years that came from the shop's row keep that row's.
      ['front', 2021, 2022, 2, 'f2018'],
      ['front', 2023, 2023, 1, 'f2023'],
      ['rear', 2019, 2022, 1, 'r1'],
    ]);
    // The pads now go two sets on the 2023 bike too: the year joins the span before it.
    const joined = await importFeed(acesXml([front(2020), front(2023)], 'UPDATE', 'SpanCo'));
    expect(joined).toMatchObject({ created: 0, deleted: 2, updated: 1 });
    expect(await spans()).toEqual([
      ['front', 2018, 2023, 2, 'f2018'],
      ['rear', 2019, 2022, 1, 'r1'],
    ]);
  });

  it('the product form’s round trip (PATCH with the fitment as GET answers it) keeps ACES rows ACES rows', async () => {
    const before = await acesRows('SpanCo');
    const part = (await t.app.inject({ method: 'GET', url: `/api/product/${ids['SP-PADS']}` })).json() as Product;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${ids['SP-PADS']}`,
      headers: bearer(admin.token),
      payload: { version: part.version, fitment: [...part.fitment, { make: 'Spanmoto', model: 'Enduro 450', yearFrom: 2024, yearTo: 2024 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await acesRows('SpanCo')).toEqual(before);
  });

  it('a FULL feed whose applications are all unknown deletes nothing, and its report says so', async () => {
    const before = await acesRows('SpanCo');
    const unknown = acesXml(
      [
        { id: 'u1', bv: 'SC-9999', pos: 'Front', part: 'SP-PADS', brand: 'SpanCo' },
        { id: 'u2', bv: 'SC-2019', pos: 'Front', part: 'SP-NOPE', brand: 'SpanCo' },
      ],
      'FULL',
      'SpanCo',
    );
    const ready = await until((await upload(unknown)).json().id, 'ready');
    expect(ready).toMatchObject({ rowsRead: 2, rowsWritten: 0, errorCount: 2 });
    expect(ready.report!.notes?.[0]).toBe(
      'A FULL feed with no application the shop can take: the commit changes nothing and deletes none of the shop’s applications.',
    );
    expect((await post(`/api/admin/imports/${ready.id}/commit`)).statusCode).toBe(202);
    expect(await until(ready.id, 'done')).toMatchObject({ created: 0, updated: 0, unchanged: 0, deleted: 0 });
    expect(await acesRows('SpanCo')).toEqual(before);
  });
});

describe('cancel and restart, as for the other kinds', () => {
  it('cancels a running ACES read at its next batch: nothing staged, nothing written', async () => {
    const before = await acesRows();
    const many = acesXml(Array.from({ length: 20_000 }, (_, i) => ({ ...PADS_2019, id: String(1000 + i) })));
    const id = (await upload(many)).json().id as string;
    await eventually(async () => expect((await getJob(id)).status).toBe('running'), 15_000);
    expect((await post(`/api/admin/imports/${id}/cancel`)).statusCode).toBe(200);
    const ended = await until(id, 'cancelled');
    expect(ended.rowsRead).toBeLessThan(20_000);
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, id))).toHaveLength(0);
    expect(await acesRows()).toEqual(before);
  }, 40_000);

  it('starts a read again from the first App after a crash: stale staging gone, attempts counted', async () => {
    fs.mkdirSync(path.join(t.dataDir, 'imports'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'imports', 'aces-crashed.upload'), acesXml([PADS_2019, DISC_SPAN]));
    const [job] = await t.app.db
      .insert(importJobs)
      .values({
        kind: 'aces',
        fileName: 'crashed.xml',
        filePath: 'imports/aces-crashed.upload',
        status: 'running',
        attempts: 1,
        rowsRead: 1,
        createdBy: admin.id,
      })
      .returning();
    await t.app.db.insert(importJobRows).values({ jobId: job.id, line: 1, skuKey: 'stale', data: {} });
    await t.app.jobs.send(QUEUES.importRead, { importId: job.id });
    const ready = await until(job.id, 'ready');
    expect(ready).toMatchObject({ attempts: 2, rowsRead: 2, rowsWritten: 2, errorCount: 0 });
    const staged = await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, job.id));
    expect(staged).toHaveLength(2);
    expect(staged.some((r) => r.skuKey === 'stale')).toBe(false);
    expect((await post(`/api/admin/imports/${job.id}/discard`)).statusCode).toBe(200);
  });
});

describe('authorization', () => {
  it('visitors get 401 and customers 403 on the ACES upload and the vehicle writes with base vehicle ids', async () => {
    const feed = acesXml([PADS_2019]);
    expect((await upload(feed, 'aces', {})).statusCode).toBe(401);
    expect((await upload(feed, 'aces', bearer(customer.token))).statusCode).toBe(403);
    const csv = 'make,model,year_from,year_to,base_vehicle_id\nAcesmoto,Trail 700,2026,2026,AM-2026';
    expect((await importVehicles(csv, {})).statusCode).toBe(401);
    expect((await importVehicles(csv, bearer(customer.token))).statusCode).toBe(403);
    const vehicle = { make: 'Acesmoto', model: 'Trail 700', year: 2026, externalId: 'AM-2026' };
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', payload: vehicle })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bearer(customer.token), payload: vehicle })).statusCode).toBe(403);
    const job = (await upload(feed)).json() as ImportJob;
    for (const url of [`/api/admin/imports/${job.id}/commit`, `/api/admin/imports/${job.id}/discard`, `/api/admin/imports/${job.id}/cancel`]) {
      expect((await post(url, {})).statusCode).toBe(401);
      expect((await post(url, bearer(customer.token))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${job.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${job.id}`, headers: bearer(customer.token) })).statusCode).toBe(403);
    await until(job.id, 'ready');
    expect((await post(`/api/admin/imports/${job.id}/discard`)).statusCode).toBe(200);
  });
});
