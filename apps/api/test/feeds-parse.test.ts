import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { acesAppSchema, feedPartKey, feedReportProblemCount, feedReportSchema, piesItemSchema, type AcesApp, type PiesItem } from '@shop/shared';
import { openAcesFeed } from '../src/modules/feeds/aces';
import { acesApplicationKey, acesReport, batchResolver, piesReport, reportToCsv } from '../src/modules/feeds/feed-report';
import { openPiesFeed } from '../src/modules/feeds/pies';
import { FeedError } from '../src/modules/feeds/xml-records';

/** Issue #35 items 3–5 (decision 201): the PIES and ACES readers and the data-quality report, pure and streamed. */

const fixture = (name: string) => createReadStream(join(__dirname, 'fixtures/feeds', name));
const fromText = (text: string) => Readable.from([Buffer.from(text)]);
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const piesItems = async (name: string) => collect((await openPiesFeed(fixture(name))).items);
const acesApps = async (name: string, positionNames?: Record<string, string>) => collect((await openAcesFeed(fixture(name), { positionNames })).apps);

/** The shop as the fixtures' resolvers see it: three bikes by BaseVehicle id, the 2019–2020 MT-07 by name, and parts. */
const VEHICLES: Record<string, string> = { '1001': 'v-2019-mt07', '1002': 'v-2020-mt07', '1003': 'v-2021-z900' };
const resolveVehicle = (app: AcesApp) =>
  app.baseVehicleId ? (VEHICLES[app.baseVehicleId] ?? null) : app.make === 'Yamaha' && app.model === 'MT-07' ? 'v-mt07-span' : null;
const SHOP_PARTS = new Set(['FA252HH', 'FA244HH', 'FA196HH', 'MD6380D', 'HF204'].map((pn) => feedPartKey('EBCX', pn)));
const resolvePart = async (brand: string, partNumber: string) => (SHOP_PARTS.has(feedPartKey(brand, partNumber)) ? `p-${partNumber}` : null);

describe('PIES 7.2 reader', () => {
  it('reads the header and maps each item: names, prices and breaks, minimum order, package in grams and millimetres', async () => {
    const feed = await openPiesFeed(fixture('pies-small.xml'));
    expect(feed.header).toEqual({ version: '7.2', submissionType: 'FULL', brandAaiaId: 'EBCX', line: 4 });
    const items = await collect(feed.items);
    expect(items.map((i) => i.partNumber)).toEqual(['FA252HH', 'FA244HH', 'KIT-MT07-SVC', 'MD6380D', 'FA196HH', 'fa 252hh']);
    expect(feed.summary).toEqual({ records: 6, declaredCount: 6 });
    for (const item of items) piesItemSchema.parse(item);

    const pads = items[0];
    expect(pads).toMatchObject({
      line: 19,
      maintenanceType: 'A',
      brand: 'EBC',
      brandAaiaId: 'EBCX',
      // DES in English beats SHO and the German DES; EXT is the description, its entity read.
      name: 'EBC HH sintered brake pads FA252HH',
      description: 'Sintered copper pads for road and track & wet weather.',
      listPriceCents: 4599,
      currency: 'EUR',
      priceUom: 'PE',
      // LST rows with a PriceBreak above one are tiers; the JBR price is not the list price.
      priceBreaks: [
        { minQty: 10, priceCents: 4150 },
        { minQty: 50, priceCents: 3800 },
      ],
      minOrder: 2,
      weightGrams: 350,
      dimensionsMm: { length: 120, width: 85, height: 30 },
      partTerminologyId: '1684',
      gtin: '05060012345678',
      problems: [],
    });
  });

  it('maps interchange numbers, kit components, images and a package in pounds and inches', async () => {
    const [, interchange, kit, disc] = await piesItems('pies-small.xml');
    // RET is the list price when no LST is given.
    expect(interchange.listPriceCents).toBe(3990);
    expect(interchange.interchange).toEqual([
      { brandAaiaId: 'YMHX', brandLabel: 'Yamaha', partNumber: '1WS-W0045-00' },
      { brandAaiaId: null, brandLabel: 'Brembo', partNumber: '07YA23SA' },
    ]);
    expect(kit.kitComponents).toEqual([
      { partNumber: 'FA252HH', brand: 'EBC', quantity: 2 },
      { partNumber: 'HF204', brand: 'Hiflofiltro', quantity: 1 },
    ]);
    // SHO is the name when there is no DES; MKT the description when there is no EXT.
    expect(disc).toMatchObject({ name: 'EBC MD6380D brake disc', description: 'Stainless steel rotor, laser cut.' });
    // 3.2 lb = 1451.5 g; 12.5 in = 317.5 mm, 1 in = 25.4 mm (rounded to whole units).
    expect(disc.weightGrams).toBe(1451);
    expect(disc.dimensionsMm).toEqual({ length: 318, width: 318, height: 25 });
    // The PDF (FileType PDF) is not a picture; the PNG without a FileType is, by its name.
    expect(disc.images).toEqual([
      { url: 'https://images.example.com/ebc/MD6380D-front.jpg', fileName: 'MD6380D-front.jpg', assetType: 'P04' },
      { url: 'https://images.example.com/ebc/MD6380D-side.png', fileName: 'MD6380D-side.png', assetType: 'P01' },
    ]);
  });

  it('lists the problems of an item: a negative price and an unknown unit, without dropping the item', async () => {
    const items = await piesItems('pies-small.xml');
    const bad = items.find((i) => i.partNumber === 'FA196HH')!;
    expect(bad.listPriceCents).toBeNull();
    expect(bad.weightGrams).toBeNull();
    expect(bad.problems).toEqual([
      { field: 'Price', message: 'Price -5.00 is negative' },
      { field: 'Weights@UOM', message: expect.stringContaining('Unknown weight unit “STONE”') },
    ]);
  });

  it('reports a missing part number, a bad minimum order, a bad price break and a kit component without quantity', async () => {
    const feed = await openPiesFeed(
      fromText(`<PIES><Header><SubmissionType>UPDATE</SubmissionType></Header><Items>
        <Item><BrandLabel>EBC</BrandLabel><MinimumOrderQuantity>0</MinimumOrderQuantity>
          <Prices><Pricing PriceType="LST"><Price>abc</Price></Pricing><Pricing PriceType="LST"><Price>3</Price><PriceBreak>-2</PriceBreak></Pricing></Prices>
          <Kits><KitComponent><ComponentPartNumber>X1</ComponentPartNumber><QuantityInComponent>0</QuantityInComponent></KitComponent></Kits>
        </Item></Items></PIES>`),
    );
    expect(feed.header).toMatchObject({ submissionType: 'UPDATE', version: null, brandAaiaId: null });
    const [item] = await collect(feed.items);
    expect(item.problems.map((p) => p.field)).toEqual(['PartNumber', 'Descriptions', 'MinimumOrderQuantity', 'Price', 'PriceBreak', 'KitComponent']);
    expect(item).toMatchObject({ partNumber: '', minOrder: null, listPriceCents: null, kitComponents: [] });
  });
});

describe('ACES 4.2 reader', () => {
  it('reads the header and each App: vehicle, qty, position, notes, part and brand', async () => {
    const feed = await openAcesFeed(fixture('aces-small.xml'));
    expect(feed.header).toEqual({ version: '4.2', submissionType: 'FULL', company: 'EBC Brakes Test Feed', brandAaiaId: 'EBCX', line: 4 });
    const apps = await collect(feed.apps);
    expect(apps).toHaveLength(11);
    expect(feed.summary).toEqual({ records: 11, declaredCount: 11 });
    for (const app of apps) acesAppSchema.parse(app);
    expect(apps[0]).toEqual({
      line: 17,
      action: 'A',
      id: '1',
      baseVehicleId: '1001',
      yearFrom: null,
      yearTo: null,
      make: null,
      makeId: null,
      model: null,
      modelId: null,
      subModel: null,
      subModelId: null,
      qty: 2,
      position: 'front',
      positionText: 'Front',
      positionId: null,
      notes: ['One set per caliper'],
      partNumber: 'FA252HH',
      brand: 'EBCX',
      mfrLabel: 'HH sintered',
      partTypeId: '1684',
      problems: [],
    });
    // A position as text and id: the words of the text, the id kept.
    expect(apps[2]).toMatchObject({ position: 'front left', positionText: 'Front Left', positionId: '22' });
    // Years, Make, Model and SubModel as text; the brand from the header when the Part names none.
    expect(apps[8]).toMatchObject({ yearFrom: 2019, yearTo: 2020, make: 'Yamaha', model: 'MT-07', subModel: 'ABS', brand: 'EBCX', position: null, qty: 1 });
  });

  it('keeps a position given only as an id, in words when the shop was given the PCdb names', async () => {
    const plain = await acesApps('aces-small.xml');
    expect(plain[10]).toMatchObject({ position: null, positionText: null, positionId: '30' });
    const named = await acesApps('aces-small.xml', { '30': 'Rear' });
    expect(named[10]).toMatchObject({ position: 'rear', positionId: '30' });
  });

  it('lists invalid values: years the wrong way round, qty 0, an unknown action, position or vehicle', async () => {
    const apps = await acesApps('aces-small.xml');
    expect(apps[9].problems).toEqual([{ field: 'Years', message: 'Years run from 2024 to 2022: the first is after the last' }]);
    expect(apps[10].problems).toEqual([{ field: 'Qty', message: 'Qty “0” must be a whole number from 1 to 99' }]);
    const feed = await openAcesFeed(
      fromText(`<ACES version="4.2"><Header><SubmissionType>UPDATE</SubmissionType></Header>
        <App action="X" id="1"><Qty>2</Qty><Position>Middle</Position><Part>P1</Part></App>
        <App action="A" id="2"><Years from="1700" to="2019"/><Make id="74"/><Model id="1401"/><Part BrandAAIAID="EBCX">P2</Part></App>
      </ACES>`),
    );
    const [a, b] = await collect(feed.apps);
    expect(a.problems.map((p) => p.field)).toEqual(['App@action', 'BaseVehicle', 'Position', 'Part@BrandAAIAID']);
    expect(b.problems).toEqual([{ field: 'Years', message: 'Year “1700” must be a year from 1885 to 2100' }]);
    expect(b).toMatchObject({ makeId: '74', modelId: '1401', make: null });
  });

  it('reads a delta: one delete and one add', async () => {
    const feed = await openAcesFeed(fixture('aces-delta.xml'));
    expect(feed.header.submissionType).toBe('UPDATE');
    const apps = await collect(feed.apps);
    expect(apps.map((a) => [a.action, a.id, a.baseVehicleId, a.partNumber, a.position])).toEqual([
      ['D', '4', '1001', 'FA244HH', 'rear'],
      ['A', '12', '1003', 'FA252HH', 'front'],
    ]);
    // The delete names the same application as the FULL feed's line: the importer deletes exactly that row.
    const full = await acesApps('aces-small.xml');
    expect(acesApplicationKey(apps[0])).toBe(acesApplicationKey(full.find((a) => a.id === '4')!));
  });
});

describe('feeds that cannot be read', () => {
  it('bad XML: a FeedError naming the line and column, before any item is yielded, and no report to commit by', async () => {
    const items: PiesItem[] = [];
    const err = await (async () => {
      const feed = await openPiesFeed(fixture('bad.xml'));
      for await (const item of feed.items) items.push(item);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedError);
    expect(err).toMatchObject({ code: 'FEED_MALFORMED', statusCode: 400, line: 9, column: 37 });
    expect((err as Error).message).toBe('The file is not well-formed XML: line 9, column 37: unexpected close tag');
    expect(items).toEqual([]);
    // The report pass reads the whole file before anything is committed: it fails, so nothing is imported.
    await expect(openPiesFeed(fixture('bad.xml')).then((f) => piesReport(f))).rejects.toThrow(/line 9, column 37/);
  });

  it('bad XML after good records: the records before it come, then the error; the report fails as a whole', async () => {
    // Two chunks, as a file arrives: the error is in the second.
    const chunks = [
      `<ACES version="4.2">\n<Header><SubmissionType>FULL</SubmissionType></Header>\n<App action="A" id="1"><BaseVehicle id="1001"/><Part>P1</Part></App>\n`,
      `<App action="A" id="2"><BaseVehicle id="1001"><Part>P2</Part></App>\n</ACES>`,
    ];
    const source = () => Readable.from(chunks.map((c) => Buffer.from(c)));
    const seen: string[] = [];
    const feed = await openAcesFeed(source());
    await expect(
      (async () => {
        for await (const app of feed.apps) seen.push(app.partNumber);
      })(),
    ).rejects.toThrow('line 4, column 67: unexpected close tag');
    expect(seen).toEqual(['P1']);
    await expect(openAcesFeed(source()).then((f) => acesReport(f, { resolveVehicle, resolvePart }))).rejects.toBeInstanceOf(FeedError);
  });

  it('a PIES file given as ACES, and an ACES file given as PIES: a clear error before anything is read', async () => {
    await expect(openAcesFeed(fixture('pies-small.xml'))).rejects.toMatchObject({
      code: 'FEED_WRONG_KIND',
      message: 'This file is a PIES product feed, not an ACES fitment feed',
    });
    await expect(openPiesFeed(fixture('aces-small.xml'))).rejects.toMatchObject({
      code: 'FEED_WRONG_KIND',
      message: 'This file is an ACES fitment feed, not a PIES product feed',
    });
    await expect(openPiesFeed(fromText('<?xml version="1.0"?>\n<catalog><item/></catalog>'))).rejects.toThrow(
      'This file is not a PIES product feed: its first element is <catalog>, not <PIES>',
    );
  });

  it('an empty file, text that is not XML, no header, or no SubmissionType: a FeedError each', async () => {
    await expect(openPiesFeed(fromText(''))).rejects.toMatchObject({ code: 'FEED_MALFORMED' });
    await expect(openAcesFeed(fromText('\nPartNumber,Brand\nFA252HH,EBC\n'))).rejects.toMatchObject({
      code: 'FEED_MALFORMED',
      line: 2,
      message: 'This file is not XML (it starts with “PartNumber,Brand”): an ACES fitment feed starts with <ACES>',
    });
    await expect(openAcesFeed(fromText('<ACES><App action="A"/></ACES>'))).rejects.toMatchObject({ code: 'FEED_NO_HEADER' });
    await expect(openAcesFeed(fromText('<ACES><Header><Company>X</Company></Header></ACES>'))).rejects.toMatchObject({
      code: 'FEED_BAD_HEADER',
      message: 'The ACES header has no SubmissionType: it must say FULL or UPDATE',
    });
    await expect(openPiesFeed(fromText('<PIES><Header><SubmissionType>NET</SubmissionType></Header></PIES>'))).rejects.toThrow('it must be FULL or UPDATE');
  });
});

describe('feeds at the edges', () => {
  it('reads a feed in the encoding its XML declaration names', async () => {
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?>\n<ACES><Header><SubmissionType>UPDATE</SubmissionType></Header><App action="A"><BaseVehicle id="1001"/><Note>Modèle à ABS</Note><Part>P1</Part></App></ACES>`;
    const feed = await openAcesFeed(Readable.from([Buffer.from(text, 'latin1')]));
    const [app] = await collect(feed.apps);
    expect(app.notes).toEqual(['Modèle à ABS']);
  });

  it('a record too large to be one stops the file with a FeedError, instead of being held', async () => {
    const note = 'x'.repeat(1_100_000);
    const feed = await openAcesFeed(
      Readable.from([`<ACES><Header><SubmissionType>FULL</SubmissionType></Header>\n<App action="A"><Note>`, note, `</Note></App></ACES>`]),
    );
    await expect(collect(feed.apps)).rejects.toMatchObject({ code: 'FEED_RECORD_TOO_LARGE', line: 2 });
  });
});

describe('data-quality report', () => {
  it('ACES: duplicates, overlaps, unknown vehicles and parts with lines, invalid values', async () => {
    const report = await acesReport(await openAcesFeed(fixture('aces-small.xml')), { resolveVehicle, resolvePart });
    feedReportSchema.parse(report);
    expect(report).toMatchObject({ kind: 'aces', submissionType: 'FULL', version: '4.2', brand: 'EBCX', records: 11, adds: 11, deletes: 0, declaredCount: 11 });
    const { sections } = report;
    // Line 48 repeats line 17 in another spelling of the part number, position and note.
    expect(sections.duplicates).toEqual({
      count: 1,
      examples: [
        {
          line: 48,
          brand: 'EBCX',
          partNumber: 'FA-252-HH',
          vehicle: 'BaseVehicle 1001',
          position: 'front',
          message: 'Same part, vehicle, position and notes as line 17',
        },
      ],
    });
    expect(sections.overlaps.count).toBe(1);
    expect(sections.overlaps.examples[0]).toMatchObject({ line: 56, partNumber: 'FA196HH', message: expect.stringContaining('FA252HH (line 26)') });
    expect(sections.unknownVehicles).toMatchObject({ count: 1, examples: [{ line: 64, vehicle: 'BaseVehicle 9999' }] });
    expect(sections.unknownParts).toMatchObject({ count: 1, examples: [{ line: 70, partNumber: 'FA999ZZ' }] });
    expect(sections.invalid.examples.map((e) => e.line)).toEqual([84, 90]);
    expect(sections.missingFromFull.count).toBe(0);
    expect(feedReportProblemCount(report)).toBe(6);
  });

  it('ACES delta: counts the delete and the add; a delete in a FULL feed is invalid', async () => {
    const delta = await acesReport(await openAcesFeed(fixture('aces-delta.xml')), { resolveVehicle, resolvePart });
    expect(delta).toMatchObject({ submissionType: 'UPDATE', records: 2, adds: 1, deletes: 1 });
    expect(feedReportProblemCount(delta)).toBe(0);
    const full = await acesReport(
      await openAcesFeed(
        fromText(
          '<ACES><Header><SubmissionType>FULL</SubmissionType></Header><App action="D"><BaseVehicle id="1001"/><Part BrandAAIAID="EBCX">HF204</Part></App></ACES>',
        ),
      ),
      { resolveVehicle, resolvePart },
    );
    expect(full.sections.invalid.examples.map((e) => e.message)).toEqual([expect.stringContaining('a delete (D) belongs in an UPDATE feed')]);
  });

  it('ACES: a footer count that does not match says the file may be cut short; examples stop at 10, the count does not', async () => {
    const apps = Array.from(
      { length: 25 },
      (_, i) => `<App action="A" id="${i}"><BaseVehicle id="${5000 + i}"/><Part BrandAAIAID="EBCX">HF204</Part></App>`,
    ).join('');
    const report = await acesReport(
      await openAcesFeed(fromText(`<ACES><Header><SubmissionType>FULL</SubmissionType></Header>${apps}<Footer><RecordCount>30</RecordCount></Footer></ACES>`)),
      { resolveVehicle, resolvePart },
    );
    expect(report.sections.unknownVehicles.count).toBe(25);
    expect(report.sections.unknownVehicles.examples).toHaveLength(10);
    expect(report.sections.invalid.examples[0].message).toBe('The file says RecordCount 30, but holds 25 applications: is it cut short?');
  });

  it('PIES: a duplicate by brand and part number in any spelling, invalid values, parts a FULL feed leaves out, unknown kit parts', async () => {
    const report = await piesReport(await openPiesFeed(fixture('pies-small.xml')), {
      shopParts: [
        { brand: 'EBC', partNumber: 'fa-252-hh' },
        { brand: 'EBC', partNumber: 'FA100' },
      ],
      resolvePart: async () => null,
    });
    feedReportSchema.parse(report);
    expect(report).toMatchObject({ kind: 'pies', submissionType: 'FULL', version: '7.2', brand: 'EBCX', records: 6, adds: 6, deletes: 0 });
    expect(report.sections.duplicates).toMatchObject({
      count: 1,
      examples: [{ line: 183, partNumber: 'fa 252hh', message: 'The same brand and part number as line 19' }],
    });
    expect(report.sections.invalid.examples.map((e) => [e.line, e.message])).toEqual([
      [163, 'Price -5.00 is negative'],
      [163, expect.stringContaining('STONE')],
    ]);
    expect(report.sections.missingFromFull).toMatchObject({ count: 1, examples: [{ partNumber: 'FA100', line: null }] });
    // FA252HH is in the feed itself; HF204 is in neither the feed nor the shop.
    expect(report.sections.unknownParts).toMatchObject({ count: 1, examples: [{ line: 91, brand: 'Hiflofiltro', partNumber: 'HF204' }] });
  });

  it('the CSV: a summary row, one row per example with its section total, and cells made safe for spreadsheets', async () => {
    const report = await acesReport(
      await openAcesFeed(
        fromText(`<ACES version="4.2"><Header><SubmissionType>UPDATE</SubmissionType><BrandAAIAID>EBCX</BrandAAIAID></Header>
          <App action="A" id="1"><BaseVehicle id="1001"/><Note>=cmd|' /C calc'!A0</Note><Part>=HYPERLINK("http://x")</Part></App></ACES>`),
      ),
      { resolveVehicle, resolvePart },
    );
    const rows = parse(reportToCsv(report), { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ section: 'Summary', total: '1', message: 'ACES UPDATE feed 4.2, brand EBCX: 1 records, 1 to add or change, 0 to delete' });
    expect(rows[1]).toMatchObject({
      section: 'Unknown parts',
      total: '1',
      line: '2',
      brand: 'EBCX',
      part_number: `'=HYPERLINK("http://x")`,
      vehicle: 'BaseVehicle 1001',
    });
  });

  it('asks the resolvers once per distinct vehicle and part, in batches a batched resolver answers with one query each', async () => {
    const loads: number[] = [];
    const byId = batchResolver<string, string | null>(async (ids) => {
      loads.push(ids.length);
      return ids.map((id) => VEHICLES[id] ?? null);
    });
    const partCalls: string[] = [];
    const apps = Array.from(
      { length: 120 },
      (_, i) => `<App action="A" id="${i}"><BaseVehicle id="${1001 + (i % 3)}"/><Position>Front</Position><Part>P${i % 40}</Part></App>`,
    ).join('');
    const report = await acesReport(
      await openAcesFeed(fromText(`<ACES><Header><SubmissionType>FULL</SubmissionType><BrandAAIAID>EBCX</BrandAAIAID></Header>${apps}</ACES>`)),
      {
        resolveVehicle: (app) => byId(app.baseVehicleId!),
        resolvePart: (brand, pn) => {
          partCalls.push(pn);
          return null;
        },
        batchSize: 50,
      },
    );
    expect(loads).toEqual([3]);
    expect(partCalls).toHaveLength(40);
    // i % 3 and i % 40 repeat together only every 120: no duplicate; each bike's front takes 40 parts, 39 of them overlaps.
    expect(report.sections.duplicates.count).toBe(0);
    expect(report.sections.overlaps.count).toBe(120 - 3);
    expect(report.sections.unknownParts.count).toBe(120);
  });

  it('reading the same file twice gives the same keys: a re-import finds every application already there', async () => {
    const first = (await acesApps('aces-small.xml')).map(acesApplicationKey);
    const second = (await acesApps('aces-small.xml')).map(acesApplicationKey);
    expect(second).toEqual(first);
    // The duplicate (line 48) has the key of line 17: one row, not two.
    expect(new Set(first).size).toBe(first.length - 1);
  });
});

describe('a big feed is read as a stream', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const APPS = 50_000;

  async function writeBigFeed(path: string) {
    async function* text() {
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n<Header><SubmissionType>FULL</SubmissionType><BrandAAIAID>EBCX</BrandAAIAID></Header>\n`;
      for (let i = 0; i < APPS; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) {
          // Every 5,000th app repeats the one before it: a duplicate.
          const k = j % 5000 === 4999 ? j - 1 : j;
          chunk += `<App action="A" id="${j}"><BaseVehicle id="${1001 + (k % 3)}"/><Note>Batch ${Math.floor(k / 3)}</Note><Qty>1</Qty><PartType id="1684"/><Position>Front</Position><Part>FA${k}HH</Part></App>\n`;
        }
        yield chunk;
      }
      yield `<Footer><RecordCount>${APPS}</RecordCount></Footer>\n</ACES>\n`;
    }
    await pipeline(Readable.from(text()), createWriteStream(path));
  }

  it(`reads ${APPS.toLocaleString('en')} applications without reading ahead, and reports on them within seconds`, async () => {
    const path = join(dir, 'big-aces.xml');
    await writeBigFeed(path);
    const started = Date.now();

    // The first app comes after the first chunk or two of a file of many megabytes.
    const source = createReadStream(path, { highWaterMark: 64 * 1024 });
    const feed = await openAcesFeed(source);
    const first = await feed.apps.next();
    expect(first.value).toMatchObject({ partNumber: 'FA0HH', line: 4 });
    expect(source.bytesRead).toBeLessThanOrEqual(2 * 64 * 1024);
    await feed.apps.return(undefined);

    const heapBefore = process.memoryUsage().heapUsed;
    const report = await acesReport(await openAcesFeed(createReadStream(path)), { resolveVehicle, resolvePart: () => 'p' });
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(report).toMatchObject({ records: APPS, adds: APPS, declaredCount: APPS });
    expect(report.sections.duplicates.count).toBe(APPS / 5000);
    expect(report.sections.invalid.count).toBe(0);
    // Loose: the keys of 50,000 distinct applications, far below the file held as text and trees.
    expect(heapGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
