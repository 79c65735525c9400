/**
 * Issue #35 item 6 (decision 214): a synthetic distributor imported through the shop's own import jobs, then searched.
 * Run with `BENCH_FEED=1 npm run bench` (or `BENCH_PARTS=feed`); sizes from BENCH_FEED_PARTS (default 1,000,000),
 * BENCH_FEED_APPS (default 5 × parts) and BENCH_FEED_VEHICLES (default 5,000, at most 5,000: one vehicle CSV).
 *
 * 1. Writes the feeds to disk as streams: a vehicle CSV with base vehicle ids, PIES items (part number, brand,
 *    descriptions, list price and a price break, minimum order, package, interchange on every fifth, a picture
 *    address) and ACES Apps (one per part and base vehicle, runs of consecutive model years, a position and a
 *    quantity). A file is at most BENCH_FEED_FILE_MB (default 180, under the upload's 200 MB): a larger feed is
 *    split, the first file FULL and the rest UPDATE, as a distributor's delta files are.
 * 2. Uploads them to the compiled shop on a throwaway PostgreSQL database (POST /admin/imports), waits for each read,
 *    commits it and waits for the commit: the real job on the real queue. Prints each step's time and the shop
 *    process's peak RSS (VmHWM).
 * 3. Searches: a part number and a bike-filtered word search (`vehicle=`), 40 requests each, the first apart, next to
 *    the same SQL from node-postgres (the shop's statements, nothing kept between requests).
 * 4. The part with the most applications (part 1 gets 2,000 more, one per base vehicle, quantities alternating so
 *    no two years merge): its API answer. The vehicle selector's four lists over the 5,000 vehicles. Both next to
 *    the same SQL from node-postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { SearchQuery } from '@shop/shared';
import type { VehicleFilter } from '../src/modules/search/search.service';

export interface FeedBenchTools {
  throwawayDatabase(): Promise<{ url: string; drop(): Promise<void> }>;
  startShop(env: Record<string, string>): Promise<{ base: string; child: { pid?: number }; stop(): Promise<void> }>;
  /** A signed-in user of the bench shop (its e-mail confirmed; with admin, made admin in the database). */
  signUp(base: string, dbUrl: string, opts?: { admin?: boolean }): Promise<{ token: string }>;
  /** The shop's search statements for one request over node-postgres, nothing kept (run.ts's, as benchSearch times them). */
  searchDirect(client: pg.PoolClient, query: SearchQuery, vehicle?: VehicleFilter): Promise<void>;
  record(part: string, figure: string, value: string, note?: string): void;
  fmt(n: number, digits?: number): string;
  p95(samples: number[]): number;
}

const PARTS = Number(process.env.BENCH_FEED_PARTS ?? 1_000_000);
const APPS = Number(process.env.BENCH_FEED_APPS ?? PARTS * 5);
const VEHICLES = Math.min(Number(process.env.BENCH_FEED_VEHICLES ?? 5_000), 5_000);
const FILE_BYTES = Number(process.env.BENCH_FEED_FILE_MB ?? 180) * 1024 * 1024;
const BRAND = 'BenchDist';
const MAKES = ['Honda', 'Yamaha', 'Suzuki', 'Kawasaki', 'KTM', 'BMW', 'Ducati', 'Triumph', 'Aprilia', 'Husqvarna'];
const YEARS = 20;
const FIRST_YEAR = 2006;
const KINDS = ['brake pads', 'oil filter', 'air filter', 'spark plug', 'chain', 'front sprocket', 'rear sprocket', 'clutch lever', 'brake lever', 'fork seal'];
const ADJECTIVES = ['Sintered', 'Organic', 'Heavy duty', 'Racing', 'Touring', 'Sport', 'Standard', 'Iridium'];

const partNumber = (i: number) => `BD-${String(i).padStart(7, '0')}`;
/** The vehicle list: models × years, each model year a base vehicle. */
const models = () => {
  const perMake = Math.ceil(VEHICLES / YEARS / MAKES.length);
  const out: { make: string; model: string }[] = [];
  for (const make of MAKES) for (let k = 0; k < perMake; k++) out.push({ make, model: `Trail ${100 + k * 25}` });
  return out.slice(0, Math.max(1, Math.floor(VEHICLES / YEARS)));
};
const baseVehicleId = (model: number, year: number) => `BV-${model}-${year}`;
/** Applications of the one part that has many (item 6: a part page with 2,000 applications). */
const MANY = 2_000;

/** Write lines to a file with back-pressure (never the file in memory); a new file when one would pass FILE_BYTES. */
class SplitWriter {
  files: string[] = [];
  private out: fs.WriteStream | null = null;
  private bytes = 0;
  constructor(
    private readonly dir: string,
    private readonly stem: string,
    private readonly head: (first: boolean) => string,
    private readonly tail: (records: number) => string,
  ) {}
  private records = 0;
  private async open() {
    const file = path.join(this.dir, `${this.stem}-${this.files.length + 1}.xml`);
    this.files.push(file);
    this.out = fs.createWriteStream(file);
    this.bytes = 0;
    this.records = 0;
    await this.write(this.head(this.files.length === 1));
  }
  private async write(text: string) {
    this.bytes += Buffer.byteLength(text);
    if (!this.out!.write(text)) await once(this.out!, 'drain');
  }
  async record(text: string) {
    if (!this.out || this.bytes + text.length > FILE_BYTES - 4096) {
      await this.close();
      await this.open();
    }
    this.records++;
    await this.write(text);
  }
  async close() {
    if (!this.out) return;
    await this.write(this.tail(this.records));
    const out = this.out;
    this.out = null;
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
}

async function writeFeeds(dir: string): Promise<{ vehiclesCsv: string; pies: string[]; aces: string[]; bytes: number }> {
  const list = models();
  const csv = ['make,model,year_from,year_to,base_vehicle_id'];
  list.forEach((m, k) => {
    for (let y = 0; y < YEARS; y++) csv.push(`${m.make},${m.model},${FIRST_YEAR + y},${FIRST_YEAR + y},${baseVehicleId(k, FIRST_YEAR + y)}`);
  });
  const vehiclesCsv = path.join(dir, 'vehicles.csv');
  fs.writeFileSync(vehiclesCsv, csv.join('\n'));

  const pies = new SplitWriter(
    dir,
    'pies',
    (first) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<PIES xmlns="http://www.autocare.org"><Header><PIESVersion>7.2</PIESVersion><SubmissionType>${first ? 'FULL' : 'UPDATE'}</SubmissionType><BrandOwnerAAIAID>BDST</BrandOwnerAAIAID></Header><Items>\n`,
    (n) => `</Items><Trailer><ItemCount>${n}</ItemCount></Trailer></PIES>\n`,
  );
  for (let i = 1; i <= PARTS; i++) {
    const kind = KINDS[i % KINDS.length];
    const name = `${ADJECTIVES[Math.floor(i / KINDS.length) % ADJECTIVES.length]} ${kind} ${partNumber(i)}`;
    const price = (5 + (i % 400) + 0.99).toFixed(2);
    await pies.record(
      `<Item MaintenanceType="A"><PartNumber>${partNumber(i)}</PartNumber><BrandLabel>${BRAND}</BrandLabel>` +
        `<MinimumOrderQuantity UOM="EA">${1 + (i % 3)}</MinimumOrderQuantity>` +
        `<Descriptions><Description DescriptionCode="DES" LanguageCode="EN">${name}</Description>` +
        `<Description DescriptionCode="EXT" LanguageCode="EN">Replacement ${kind} made to the original specification.</Description></Descriptions>` +
        `<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${price}</Price></Pricing>` +
        `<Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${(Number(price) * 0.9).toFixed(2)}</Price><PriceBreak PriceBreakUOM="EA">10</PriceBreak></Pricing></Prices>` +
        `<Packages><Package><QuantityofEaches>1</QuantityofEaches><Dimensions UOM="CM"><ShippingHeight>3</ShippingHeight><ShippingWidth>9</ShippingWidth><ShippingLength>12</ShippingLength></Dimensions><Weights UOM="KG"><Weight>0.${(i % 9) + 1}</Weight></Weights></Package></Packages>` +
        (i % 5 === 0
          ? `<PartInterchangeInfo><PartInterchange BrandLabel="OEM"><PartNumber>OEM-${i}-00</PartNumber></PartInterchange></PartInterchangeInfo>`
          : '') +
        `<DigitalAssets><DigitalFileInformation><FileName>${i}.jpg</FileName><AssetType>P04</AssetType><FileType>JPG</FileType><URI>https://images.bench.invalid/bd/${i}.jpg</URI></DigitalFileInformation></DigitalAssets></Item>\n`,
    );
  }
  await pies.close();

  const aces = new SplitWriter(
    dir,
    'aces',
    (first) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2"><Header><Company>${BRAND}</Company><BrandAAIAID>${BRAND}</BrandAAIAID><SubmissionType>${first ? 'FULL' : 'UPDATE'}</SubmissionType></Header>\n`,
    (n) => `<Footer><RecordCount>${n}</RecordCount></Footer></ACES>\n`,
  );
  let id = 0;
  // Part 1: one App per base vehicle, quantities alternating, so each stays a row of its own.
  const many = Math.min(MANY, list.length * YEARS);
  for (let k = 0; k < many; k++)
    await aces.record(
      `<App action="A" id="${++id}"><BaseVehicle id="${baseVehicleId(Math.floor(k / YEARS), FIRST_YEAR + (k % YEARS))}"/><Qty>${1 + (k % 2)}</Qty><PartType id="1684"/><Position>Left</Position><Part>${partNumber(1)}</Part></App>\n`,
    );
  for (let p = 1; p <= PARTS; p++) {
    // This part's share of the applications, spread evenly; runs of consecutive model years, model after model.
    let count = Math.floor((APPS * p) / PARTS) - Math.floor((APPS * (p - 1)) / PARTS);
    let model = (p * 7) % list.length;
    let year = p % YEARS;
    const position = p % 2 ? 'Front' : 'Rear';
    const qty = 1 + (p % 2);
    for (let tries = 0; count > 0 && tries < list.length; tries++) {
      for (; count > 0 && year < YEARS; year++, count--)
        await aces.record(
          `<App action="A" id="${++id}"><BaseVehicle id="${baseVehicleId(model, FIRST_YEAR + year)}"/><Qty>${qty}</Qty><PartType id="1684"/><Position>${position}</Position><Part>${partNumber(p)}</Part></App>\n`,
        );
      model = (model + 1) % list.length;
      year = 0;
    }
  }
  await aces.close();
  const bytes = [...pies.files, ...aces.files].reduce((n, f) => n + fs.statSync(f).size, 0);
  return { vehiclesCsv, pies: pies.files, aces: aces.files, bytes };
}

interface Job {
  id: string;
  status: string;
  rowsRead: number;
  rowsWritten: number;
  errorCount: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failureMessage: string | null;
  errors: { line: number; message: string }[];
}

const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

export async function benchFeed(tools: FeedBenchTools): Promise<void> {
  const { record, fmt, p95 } = tools;
  console.log(`\nA distributor's feeds (issue #35 item 6): ${fmt(PARTS)} parts, ${fmt(APPS)} applications, ${fmt(VEHICLES)} vehicles, through the import jobs`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-feed-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-feed-data-'));
  let t0 = performance.now();
  const feeds = await writeFeeds(dir);
  record(
    'feed',
    'feeds written',
    `${fmt((performance.now() - t0) / 1000, 1)} s`,
    `${feeds.pies.length} PIES and ${feeds.aces.length} ACES file(s), ${fmt(feeds.bytes / 1024 / 1024)} MB, streamed to disk`,
  );
  const db = await tools.throwawayDatabase();
  // FEED_IMAGES=keep: the pictures' addresses are not fetched (no network here; decision 214 times them apart).
  const shop = await tools.startShop({ DATABASE_URL: db.url, SEED_DEMO: 'false', DATA_DIR: dataDir, FEED_IMAGES: 'keep', JOBS_POLL_INTERVAL_SECONDS: '0.5' });
  const pid = shop.child.pid!;
  const startedRss = peakRssMb(pid);
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const { token } = await tools.signUp(shop.base, db.url, { admin: true });
    const auth = { authorization: `Bearer ${token}` };
    const vehicles = await fetch(`${shop.base}/api/vehicles/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', origin: shop.base },
      body: fs.readFileSync(feeds.vehiclesCsv, 'utf8'),
    });
    const listed = (await vehicles.json()) as { created: number; errors: unknown[] };
    if (!vehicles.ok || listed.errors.length) throw new Error(`vehicle import: ${vehicles.status} ${JSON.stringify(listed).slice(0, 300)}`);

    const job = async (id: string) => (await (await fetch(`${shop.base}/api/admin/imports/${id}`, { headers: auth })).json()) as Job;
    const until = async (id: string, statuses: string[]): Promise<Job> => {
      for (;;) {
        const j = await job(id);
        if (statuses.includes(j.status)) return j;
        if (j.status === 'failed' || j.status === 'cancelled') throw new Error(`import ${id} ${j.status}: ${j.failureMessage}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const importFile = async (kind: 'pies' | 'aces', file: string) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', await fs.openAsBlob(file, { type: 'application/xml' }), path.basename(file));
      let s = performance.now();
      const res = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', headers: { ...auth, origin: shop.base }, body: form });
      if (res.status !== 202) throw new Error(`upload of ${file}: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      const ready = await until(id, ['ready']);
      const readMs = performance.now() - s;
      s = performance.now();
      const commit = await fetch(`${shop.base}/api/admin/imports/${id}/commit`, { method: 'POST', headers: { ...auth, origin: shop.base } });
      if (commit.status !== 202) throw new Error(`commit of ${file}: ${commit.status} ${await commit.text()}`);
      const done = await until(id, ['done']);
      return { ready, done, readMs, commitMs: performance.now() - s };
    };

    t0 = performance.now();
    for (const [kind, files] of [
      ['pies', feeds.pies],
      ['aces', feeds.aces],
    ] as const) {
      let readMs = 0;
      let commitMs = 0;
      const totals = { rows: 0, staged: 0, errors: 0, created: 0 };
      let firstError = '';
      for (const file of files) {
        const r = await importFile(kind, file);
        readMs += r.readMs;
        commitMs += r.commitMs;
        totals.rows += r.ready.rowsRead;
        totals.staged += r.ready.rowsWritten;
        totals.errors += r.done.errorCount;
        totals.created += r.done.created;
        firstError ||= r.done.errors[0]?.message ?? '';
      }
      record(
        'feed',
        `${kind.toUpperCase()} import (upload + read, commit)`,
        `${fmt((readMs + commitMs) / 1000, 1)} s`,
        `read ${fmt(readMs / 1000, 1)} s, commit ${fmt(commitMs / 1000, 1)} s; peak RSS so far ${fmt(peakRssMb(pid))} MB; ${fmt(totals.rows)} records read, ${fmt(totals.staged)} staged, ${fmt(totals.created)} rows created, ${fmt(totals.errors)} errors${firstError ? ` (first: ${firstError})` : ''}`,
      );
    }
    const importMs = performance.now() - t0;
    const { rows } = await pool.query<{ parts: string; fitments: string }>(
      `SELECT (SELECT count(*) FROM products) AS parts, (SELECT count(*) FROM product_fitments) AS fitments`,
    );
    record(
      'feed',
      'import, both feeds',
      `${fmt(importMs / 1000, 1)} s`,
      `wanted ≤ 600 s at 1,000,000 parts and 5,000,000 applications; ${fmt(Number(rows[0].parts))} parts and ${fmt(Number(rows[0].fitments))} fitment rows (years merged into spans) in the shop`,
    );
    record(
      'feed',
      'shop process peak RSS (VmHWM)',
      `${fmt(peakRssMb(pid))} MB`,
      `wanted ≤ 1,024 MB; the whole process over its start (${fmt(startedRss)} MB when it answered) and the imports`,
    );

    // Search, as benchSearch measures it: the shop's answer and the same statements from node-postgres.
    await pool.query('ANALYZE');
    const { searchQuerySchema } = await import('@shop/shared');
    // The bike of a brake pads part's first application (a part whose number is a multiple of 10 is brake pads).
    const padsPart = Math.max(10, 10 * Math.floor(PARTS / 20));
    const [bike] = (
      await pool.query<{ id: string; make: string; model: string; year: number; variant: string | null }>(
        `SELECT id, make, model, year, variant FROM vehicles WHERE external_id = $1`,
        [baseVehicleId((padsPart * 7) % models().length, FIRST_YEAR + (padsPart % YEARS))],
      )
    ).rows;
    const some = Math.max(1, Math.floor(PARTS / 3));
    const queries: [string, string, boolean][] = [
      ['part number', `q=${partNumber(some).toLowerCase().replace('-', '')}`, false],
      [`word search for a bike (${bike.year} ${bike.make} ${bike.model})`, `q=brake+pads&vehicle=${bike.id}`, true],
    ];
    for (const [label, qs, filtered] of queries) {
      const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const viaShop: number[] = [];
      const direct: number[] = [];
      let total = 0;
      for (let k = 0; k < 40; k++) {
        let s = performance.now();
        const res = await fetch(`${shop.base}/api/search?${qs}`);
        const body = (await res.json()) as { total: number };
        if (!res.ok) throw new Error(`${qs}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        total = body.total;
        viaShop.push(performance.now() - s);
        s = performance.now();
        const client = await pool.connect();
        try {
          await tools.searchDirect(client, query, filtered ? { make: bike.make, model: bike.model, year: bike.year, variant: bike.variant } : undefined);
        } finally {
          client.release();
        }
        direct.push(performance.now() - s);
      }
      record(
        'feed',
        `search: ${label} p95`,
        `${fmt(p95(viaShop.slice(1)), 1)} ms`,
        `${qs}; ${fmt(total)} found; first request ${fmt(viaShop[0], 1)} ms; requests 2 to 40 above (wanted ≤ ${filtered ? 50 : 20} ms); node-postgres, the same statements with nothing kept, p95 ${fmt(p95(direct.slice(1)), 1)} ms, first ${fmt(direct[0], 1)} ms`,
      );
    }

    // The part with 2,000 applications, and the vehicle selector (item 6), each 40 requests with the first apart.
    const timed = async (label: string, url: string, direct: () => Promise<unknown>, wanted: string) => {
      const viaShop: number[] = [];
      const viaPg: number[] = [];
      let bytes = 0;
      for (let k = 0; k < 40; k++) {
        let s = performance.now();
        const res = await fetch(`${shop.base}${url}`);
        bytes = (await res.arrayBuffer()).byteLength;
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        viaShop.push(performance.now() - s);
        s = performance.now();
        await direct();
        viaPg.push(performance.now() - s);
      }
      record(
        'feed',
        `${label} p95`,
        `${fmt(p95(viaShop.slice(1)), 1)} ms`,
        `${url}; ${fmt(bytes)} bytes; first request ${fmt(viaShop[0], 1)} ms; wanted ${wanted}; node-postgres p95 ${fmt(p95(viaPg.slice(1)), 1)} ms, first ${fmt(viaPg[0], 1)} ms`,
      );
    };
    const [many] = (
      await pool.query<{ id: string; n: string }>(
        `SELECT p.id, count(f.id) AS n FROM products p JOIN product_fitments f ON f.product_id = p.id WHERE p.sku = $1 GROUP BY p.id`,
        [partNumber(1)],
      )
    ).rows;
    await timed(
      `part with ${fmt(Number(many.n))} applications, GET /product/{id} (all lines, not paginated)`,
      `/api/product/${many.id}`,
      async () => {
        await pool.query('SELECT * FROM products WHERE id = $1', [many.id]);
        await pool.query('SELECT * FROM product_fitments WHERE product_id = $1 ORDER BY make, model, year_from, year_to, variant, position, id', [many.id]);
      },
      '≤ 100 ms for the page',
    );
    const make = bike.make;
    await timed('vehicle selector: years', '/api/vehicles/years', () => pool.query('SELECT DISTINCT year FROM vehicles ORDER BY year DESC'), '≤ 20 ms');
    await timed(
      'vehicle selector: makes of a year',
      `/api/vehicles/makes?year=${bike.year}`,
      () => pool.query('SELECT DISTINCT make FROM vehicles WHERE year = $1 ORDER BY make', [bike.year]),
      '≤ 20 ms',
    );
    await timed(
      'vehicle selector: models of a make and year',
      `/api/vehicles/models?${new URLSearchParams({ make, year: String(bike.year) })}`,
      () => pool.query('SELECT DISTINCT model FROM vehicles WHERE make = $1 AND year = $2 ORDER BY model', [make, bike.year]),
      '≤ 20 ms',
    );
    await timed(
      'vehicle selector: the vehicles of a make, model and year',
      `/api/vehicles?${new URLSearchParams({ make, model: bike.model, year: String(bike.year) })}`,
      () => pool.query('SELECT * FROM vehicles WHERE make = $1 AND model = $2 AND year = $3 ORDER BY variant', [make, bike.model, bike.year]),
      '≤ 20 ms',
    );
  } finally {
    await pool.end();
    await shop.stop();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
