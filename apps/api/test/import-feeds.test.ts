import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuKey, type ImportJob, type Product } from '@shop/shared';
import { and, gt } from 'drizzle-orm';
import { importJobRows, products } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { eventually } from './eventually';

/**
 * Issue #35 item 3 (decisions 200 and 201, amended): a PIES product feed as a background import. Upload → read
 * (staged items and the data-quality report) → ready → commit in one transaction; the report as CSV.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_INTERVAL_SECONDS: 0.5 });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  // The shop already sells two FeedCo parts: one the feed changes, one the feed leaves out.
  for (const p of [
    { sku: 'FC-OLD', name: 'FeedCo old pads', unitPrice: 5, minOrder: 1, stock: 7, category: 'brakes' },
    { sku: 'FC-GONE', name: 'FeedCo gone lever', unitPrice: 12, minOrder: 1, stock: 3, category: 'controls' },
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(admin.token),
      payload: { ...p, brand: 'FeedCo', description: 'From the shop.', image: '/images/products/oil-filter-hf204.svg' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures/feeds', name), 'utf8');

interface ItemSpec {
  pn: string;
  brand?: string;
  name?: string;
  price?: string;
  currency?: string;
  breaks?: [number, string][];
  minOrder?: number;
  interchange?: [string, string][];
  image?: string;
  package?: boolean;
  mt?: string;
  /** Decision 217: the life-cycle status code (EXPI LIF). */
  lif?: string;
  /** Decision 220: the kit's parts (part number, pieces per kit). */
  kit?: [string, number][];
}
const itemXml = (i: ItemSpec) => `
    <Item MaintenanceType="${i.mt ?? 'A'}">
      <PartNumber>${i.pn}</PartNumber>
      <BrandLabel>${i.brand ?? 'FeedCo'}</BrandLabel>
      ${i.lif ? `<ExtendedInformation><ExtendedProductInformation EXPICode="LIF" LanguageCode="EN">${i.lif}</ExtendedProductInformation></ExtendedInformation>` : ''}
      ${i.minOrder ? `<MinimumOrderQuantity UOM="EA">${i.minOrder}</MinimumOrderQuantity>` : ''}
      <Descriptions>
        <Description DescriptionCode="DES" LanguageCode="EN">${i.name ?? `FeedCo part ${i.pn}`}</Description>
        <Description DescriptionCode="EXT" LanguageCode="EN">Made by FeedCo.</Description>
      </Descriptions>
      <Prices>
        ${
          i.price === undefined
            ? ''
            : `<Pricing PriceType="LST"><CurrencyCode>${i.currency ?? 'USD'}</CurrencyCode><Price UOM="PE">${i.price}</Price></Pricing>`
        }
        ${(i.breaks ?? [])
          .map(
            ([qty, price]) =>
              `<Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${price}</Price><PriceBreak PriceBreakUOM="EA">${qty}</PriceBreak></Pricing>`,
          )
          .join('')}
      </Prices>
      ${
        i.package
          ? `<Packages><Package><QuantityofEaches>1</QuantityofEaches>
             <Dimensions UOM="CM"><ShippingHeight>3</ShippingHeight><ShippingWidth>8.5</ShippingWidth><ShippingLength>12</ShippingLength></Dimensions>
             <Weights UOM="KG"><Weight>0.35</Weight></Weights></Package></Packages>`
          : ''
      }
      ${
        i.interchange
          ? `<PartInterchangeInfo>${i.interchange.map(([brand, pn]) => `<PartInterchange BrandLabel="${brand}"><PartNumber>${pn}</PartNumber></PartInterchange>`).join('')}</PartInterchangeInfo>`
          : ''
      }
      ${
        i.image
          ? `<DigitalAssets><DigitalFileInformation><FileName>p.jpg</FileName><AssetType>P04</AssetType><FileType>JPG</FileType><URI>${i.image}</URI></DigitalFileInformation></DigitalAssets>`
          : ''
      }
      ${
        i.kit
          ? `<Kits>${i.kit.map(([pn, q]) => `<KitComponent><ComponentPartNumber>${pn}</ComponentPartNumber><QuantityInKit>${q}</QuantityInKit></KitComponent>`).join('')}</Kits>`
          : ''
      }
    </Item>`;
const feedXml = (items: ItemSpec[], submission = 'FULL') => `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header>
    <PIESVersion>7.2</PIESVersion>
    <SubmissionType>${submission}</SubmissionType>
    <BrandOwnerAAIAID>FDCO</BrandOwnerAAIAID>
  </Header>
  <Items>${items.map(itemXml).join('')}
  </Items>
  <Trailer><ItemCount>${items.length}</ItemCount></Trailer>
</PIES>
`;

const FULL_FEED = feedXml([
  {
    pn: 'FC-100',
    name: 'FeedCo sintered pads FC-100',
    minOrder: 2,
    price: '10.00',
    breaks: [
      [10, '9.00'],
      [50, '8.00'],
    ],
    package: true,
    interchange: [['Yamaha', '1WS-W0045-00']],
    image: 'https://images.example.com/feedco/fc-100.jpg',
  },
  { pn: 'FC-OLD', name: 'FeedCo old pads, renamed', price: '6.50' },
  { pn: 'FC-BAD', price: 'abc', image: 'https://images.example.com/feedco/fc-bad.jpg' },
  { pn: 'FC-NOPIC', price: '3.00' },
  { pn: 'fc 100', name: 'Sent twice', price: '1.00', image: 'https://images.example.com/feedco/x.jpg' },
]);

async function upload(body: string, kind = 'pies', headers: Record<string, string> = bearer(admin.token), name = 'feedco-pies.xml') {
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
const commit = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/imports/${id}/commit`, headers: bearer(admin.token) });
const reportCsv = (id: string, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}/report.csv`, headers });
async function part(sku: string): Promise<Product | null> {
  const [row] = await t.app.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.skuKey, skuKey(sku)));
  if (!row) return null;
  return (await t.app.inject({ method: 'GET', url: `/api/product/${row.id}` })).json() as Product;
}

let firstJob: ImportJob;

describe('POST /api/admin/imports (pies)', () => {
  it('reads the feed into staging with its report, and applies it only at the commit', async () => {
    const res = await upload(FULL_FEED);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'pies', status: 'queued', report: null });
    const ready = await until(res.json().id, 'ready');
    firstJob = ready;
    // Staged: FC-100 and FC-OLD. Left out: an invalid price, a new part without a picture, a repeated part number.
    expect(ready).toMatchObject({ rowsRead: 5, rowsWritten: 2, errorCount: 3 });
    expect(ready.errors.map((e) => e.message).join('\n')).toMatch(/Price “abc” is not a number/);
    expect(ready.errors.map((e) => e.message).join('\n')).toMatch(/FC-NOPIC names no image address/);
    expect(ready.errors.map((e) => e.message).join('\n')).toMatch(/same brand and part number as line/);
    // The two items at their lines, and FC-GONE (missing from this FULL feed) as a marker at a negative line (decision 217).
    expect(
      await t.app.db
        .select()
        .from(importJobRows)
        .where(and(eq(importJobRows.jobId, ready.id), gt(importJobRows.line, 0))),
    ).toHaveLength(2);
    expect((await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, ready.id))).filter((r) => r.line < 0).map((r) => r.data)).toEqual([
      { discontinue: 'missing', brand: 'FeedCo', partNumber: 'FC-GONE', line: null },
    ]);

    const report = ready.report!;
    expect(report).toMatchObject({ kind: 'pies', submissionType: 'FULL', version: '7.2', records: 5, adds: 5, deletes: 0, declaredCount: 5 });
    expect(report.sections.invalid.count).toBe(1);
    expect(report.sections.duplicates.count).toBe(1);
    expect(report.sections.missingFromFull).toMatchObject({ count: 1, examples: [{ brand: 'FeedCo', partNumber: 'FC-GONE' }] });
    expect(report.notes!.join('\n')).toMatch(/1 new part: filed under Accessories/);
    expect(report.notes!.join('\n')).toMatch(/does not fetch them/);
    expect(report.notes!.join('\n')).toMatch(
      /1 part will be discontinued at the commit \(1 missing from this FULL feed, 0 deleted by it, 0 with a life-cycle code that ends them\): none is deleted/,
    );
    // Nothing in the catalogue before the commit.
    expect(await part('FC-100')).toBeNull();

    expect((await commit(ready.id)).statusCode).toBe(202);
    const done = await until(ready.id, 'done');
    expect(done).toMatchObject({ created: 1, updated: 1, unchanged: 0, rowsWritten: 2 });
    expect(done.report?.records).toBe(5);

    // The price of one piece times the minimum order is the shop's lot price (decision 182); so are the tiers.
    const fc100 = (await part('FC-100'))!;
    expect(fc100).toMatchObject({
      sku: 'FC-100',
      brand: 'FeedCo',
      name: 'FeedCo sintered pads FC-100',
      description: 'Made by FeedCo.',
      category: 'accessories',
      unitPrice: 20,
      minOrder: 2,
      stock: 0,
      priceTiers: [
        { minQuantity: 10, unitPrice: 18 },
        { minQuantity: 50, unitPrice: 16 },
      ],
      weightGrams: 350,
      dimensionsMm: { length: 120, width: 85, height: 30 },
      partNumbers: [{ kind: 'equivalent', brand: 'Yamaha', number: '1WS-W0045-00' }],
      images: ['https://images.example.com/feedco/fc-100.jpg'],
    });
    // A known part takes the feed's name and price and keeps what the feed does not say (category, stock, picture).
    const old = (await part('FC-OLD'))!;
    expect(old).toMatchObject({ name: 'FeedCo old pads, renamed', unitPrice: 6.5, category: 'brakes', stock: 7, description: 'Made by FeedCo.' });
    expect(old.images).toEqual(['/images/products/oil-filter-hf204.svg']);
    // Missing from the FULL feed: discontinued, not deleted: it keeps its stock and price (decision 217).
    const gone = (await part('FC-GONE'))!;
    expect(gone).toMatchObject({ stock: 3, unitPrice: 12 });
    expect(Date.parse(gone.discontinuedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(old.discontinuedAt).toBeUndefined();
    expect(fc100.discontinuedAt).toBeUndefined();
    expect(await part('FC-NOPIC')).toBeNull();
    expect(await part('FC-BAD')).toBeNull();
  });

  it('importing the same feed again changes nothing', async () => {
    const res = await upload(FULL_FEED);
    const ready = await until(res.json().id, 'ready');
    expect(ready).toMatchObject({ rowsWritten: 2, errorCount: 3 });
    // Both parts are in the shop now: no new part to file under the default category.
    expect(ready.report!.notes!.join('\n')).not.toMatch(/new part/);
    const before = await part('FC-100');
    expect((await commit(ready.id)).statusCode).toBe(202);
    const done = await until(ready.id, 'done');
    expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await part('FC-100'))!.version).toBe(before!.version);
  });

  it('an UPDATE feed upserts its items; a part of another brand under the same number is left out', async () => {
    const res = await upload(
      feedXml(
        [
          { pn: 'FC-OLD', price: '7.00', minOrder: 4 },
          { pn: 'FC-100', brand: 'OtherCo', price: '1.00' },
          { pn: 'FC-GONE', mt: 'D' },
        ],
        'UPDATE',
      ),
    );
    const ready = await until(res.json().id, 'ready');
    expect(ready).toMatchObject({ rowsRead: 3, rowsWritten: 1, errorCount: 1 });
    expect(ready.errors[0].message).toMatch(/FC-100 is in the shop as a part of FeedCo, not OtherCo/);
    expect(ready.report).toMatchObject({ submissionType: 'UPDATE', deletes: 1 });
    expect(ready.report!.sections.missingFromFull.count).toBe(0);
    expect(ready.report!.notes!.join('\n')).toMatch(/1 part will be discontinued at the commit \(0 missing from this FULL feed, 1 deleted by it, 0 with/);
    const goneBefore = (await part('FC-GONE'))!;
    expect((await commit(ready.id)).statusCode).toBe(202);
    expect(await until(ready.id, 'done')).toMatchObject({ created: 0, updated: 1 });
    // Seven dollars a piece, a lot of four.
    // The catalogue cache hears the commit a moment after it (decision 143).
    await eventually(async () => expect(await part('FC-OLD')).toMatchObject({ unitPrice: 28, minOrder: 4 }));
    expect(await part('FC-100')).toMatchObject({ brand: 'FeedCo', unitPrice: 20 });
    // The D discontinues, never deletes; FC-GONE was discontinued by the FULL feed already and keeps that date.
    expect(await part('FC-GONE')).toMatchObject({ discontinuedAt: goneBefore.discontinuedAt, stock: 3 });
  });

  it('a life-cycle code that ends a part discontinues it; the part listed again without one is sold again (decision 217)', async () => {
    const ended = await upload(
      feedXml(
        [
          { pn: 'FC-OLD', price: '7.00', minOrder: 4, lif: '8' },
          { pn: 'FC-LAST', price: '2.00', image: 'https://images.example.com/feedco/fc-last.jpg', lif: 'a' },
          { pn: 'FC-ODD', price: '2.00', image: 'https://images.example.com/feedco/fc-odd.jpg', lif: 'X' },
          { pn: 'FC-100', price: '10.00', minOrder: 2, lif: '5' },
        ],
        'UPDATE',
      ),
    );
    const ready = await until(ended.json().id, 'ready');
    // A code PIES does not have is a problem of its item, which is left out.
    expect(ready).toMatchObject({ rowsWritten: 3, errorCount: 1 });
    expect(ready.errors[0].message).toMatch(/Life-cycle status “X” \(EXPI LIF\) is not a PIES code/);
    expect(ready.report!.notes!.join('\n')).toMatch(
      /2 parts will be discontinued at the commit \(0 missing from this FULL feed, 0 deleted by it, 2 with a life-cycle code/,
    );
    expect((await part('FC-OLD'))!.discontinuedAt).toBeUndefined();
    expect((await commit(ready.id)).statusCode).toBe(202);
    await until(ready.id, 'done');
    await eventually(async () => expect((await part('FC-OLD'))!.discontinuedAt).toBeDefined());
    // A new part that arrives "while supplies last" is in the shop, discontinued; 5 (temporarily unavailable) is not an end.
    expect((await part('FC-LAST'))!.discontinuedAt).toBeDefined();
    expect((await part('FC-100'))!.discontinuedAt).toBeUndefined();
    expect(await part('FC-ODD')).toBeNull();

    // Listed again with "available to order" (2), or with no code: sold again.
    const again = await upload(
      feedXml(
        [
          { pn: 'FC-OLD', price: '7.00', minOrder: 4, lif: '2' },
          { pn: 'FC-GONE', price: '12.00' },
        ],
        'UPDATE',
      ),
    );
    const readyAgain = await until(again.json().id, 'ready');
    expect((await commit(readyAgain.id)).statusCode).toBe(202);
    await until(readyAgain.id, 'done');
    await eventually(async () => expect((await part('FC-OLD'))!.discontinuedAt).toBeUndefined());
    expect((await part('FC-GONE'))!.discontinuedAt).toBeUndefined();
    expect((await part('FC-LAST'))!.discontinuedAt).toBeDefined();
  });

  it('a file that is not well-formed XML fails with the line and column, and stages nothing', async () => {
    const res = await upload(fixture('bad.xml'));
    const failed = await until(res.json().id, 'failed');
    expect(failed.failureMessage).toBe('The file is not well-formed XML: line 9, column 37: unexpected close tag');
    expect(failed.report).toBeNull();
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, failed.id))).toHaveLength(0);
  });

  it('a file of the wrong kind fails with a clear message', async () => {
    const aces = await upload(fixture('aces-small.xml'));
    expect((await until(aces.json().id, 'failed')).failureMessage).toBe('This file is an ACES fitment feed, not a PIES product feed');
    const csv = await upload('sku,name,brand\nFC-1,Pads,FeedCo\n');
    expect((await until(csv.json().id, 'failed')).failureMessage).toMatch(/This file is not XML/);
    // A kind the shop does not read is refused at the upload (ACES is read since item 4: aces-import.test.ts).
    const otherKind = await upload(fixture('aces-small.xml'), 'vcdb');
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().error.message).toMatch(/catalog-csv, pies, aces/);
  });
});

describe('GET /api/admin/imports/{id}/report.csv', () => {
  it('answers the report as CSV to an admin', async () => {
    const res = await reportCsv(firstJob.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="feedco-pies-report.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('section,total,line,brand,part_number,vehicle,position,message');
    expect(lines[1]).toMatch(/^Summary,5,/);
    expect(res.body).toMatch(/Duplicates,1,/);
    expect(res.body).toMatch(/"In the shop, missing from the full feed",1,,FeedCo,FC-GONE,/);
  });

  it('is for admins only, and a job without a report is 404', async () => {
    expect((await reportCsv(firstJob.id, {})).statusCode).toBe(401);
    expect((await reportCsv(firstJob.id, bearer(customer.token))).statusCode).toBe(403);
    expect((await reportCsv('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const csvJob = await upload(
      'sku,name,brand,category,unitPrice,minOrder,stock,description,images\nCSV-1,Pads,Acme,brakes,1.00,1,1,x,/i.png\n',
      'catalog-csv',
    );
    await until(csvJob.json().id, 'ready');
    const res = await reportCsv(csvJob.json().id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('IMPORT_NO_REPORT');
  });
});

describe('PIES Kits (decision 220)', () => {
  it('makes a kit of the parts the feed lists, wherever they come in the file, and refuses a kit of a part the shop lacks', async () => {
    const image = 'https://images.example.com/feedco/kit.jpg';
    const res = await upload(
      feedXml(
        [
          {
            pn: 'FK-KIT',
            name: 'FeedCo service kit',
            price: '25.00',
            image,
            kit: [
              ['FK-A', 2],
              ['FK-B', 1],
            ],
          },
          { pn: 'FK-A', name: 'FeedCo kit part A', price: '4.00', image },
          { pn: 'FK-B', name: 'FeedCo kit part B', price: '9.00', image },
          { pn: 'FK-BAD', name: 'FeedCo kit of nothing', price: '5.00', image, kit: [['FK-NOWHERE', 1]] },
        ],
        'UPDATE',
      ),
    );
    expect(res.statusCode, res.body).toBe(202);
    const ready = await until(res.json().id, 'ready');
    expect((await commit(ready.id)).statusCode).toBe(202);
    const done = await until(ready.id, 'done');
    const kit = await part('FK-KIT');
    expect(kit?.kitComponents?.map((c) => [c.sku, c.quantity])).toEqual([
      ['FK-A', 2],
      ['FK-B', 1],
    ]);
    expect(kit?.stock).toBe(0);
    expect((await part('FK-BAD'))?.kitComponents).toBeUndefined();
    expect(done.errors.map((e) => e.message).join('\n')).toMatch(/Kit FK-BAD was not made: its part FK-NOWHERE is not in the shop/);
  });
});
