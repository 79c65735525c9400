import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  FEED_REPORT_EXAMPLES_MAX,
  FEED_REPORT_SECTION_LABELS,
  FEED_REPORT_SECTIONS,
  feedPartKey,
  type AcesApp,
  type FeedReport,
  type FeedReportExample,
  type FeedReportSection,
  type FeedReportSectionName,
} from '@shop/shared';
import { spreadsheetSafe } from '../../lib/csv';
import type { AcesFeed } from './aces';
import type { PiesFeed } from './pies';

/**
 * Issue #35 item 5 (decision 201): the data-quality report of a feed, computed while it is read, before anything is
 * committed. Memory is one small entry per distinct key (a part, an application's vehicle, position and notes), never
 * the feed: keys are hashed, examples are capped at FEED_REPORT_EXAMPLES_MAX per section, and the resolvers are
 * asked once per distinct vehicle and part, a batch of records at a time.
 */

type MaybePromise<T> = T | Promise<T>;

export interface AcesReportOptions {
  /** The shop's vehicle for the app's vehicle (BaseVehicle id, or years, make, model and submodel), or null. */
  resolveVehicle: (app: AcesApp) => MaybePromise<string | null>;
  /** The shop's product of this brand and part number, or null. */
  resolvePart: (brand: string, partNumber: string) => MaybePromise<string | null>;
  /** Records read before the resolvers are asked together (default 500): a `batchResolver` answers them at once. */
  batchSize?: number;
}

export interface PiesReportOptions {
  /** The shop's parts of the feed's brand: those a FULL feed leaves out are listed (they would be discontinued). */
  shopParts?: Iterable<{ brand: string; partNumber: string }>;
  /** The shop's product of a kit component that the feed does not carry itself, or null. */
  resolvePart?: (brand: string, partNumber: string) => MaybePromise<string | null>;
}

/** A section that counts everything and keeps the first examples. */
class Section {
  count = 0;
  readonly examples: FeedReportExample[] = [];
  add(example: Partial<FeedReportExample> & { message: string }) {
    this.count++;
    if (this.examples.length < FEED_REPORT_EXAMPLES_MAX) {
      this.examples.push({ line: null, brand: null, partNumber: null, vehicle: null, position: null, ...example });
    }
  }
  toJSON(): FeedReportSection {
    return { count: this.count, examples: this.examples };
  }
}

const newSections = () => Object.fromEntries(FEED_REPORT_SECTIONS.map((s) => [s, new Section()])) as Record<FeedReportSectionName, Section>;
const sectionsJson = (s: Record<FeedReportSectionName, Section>) =>
  Object.fromEntries(FEED_REPORT_SECTIONS.map((name) => [name, s[name].toJSON()])) as FeedReport['sections'];

/** A fixed-size key: the text of a long key is not kept. */
const hashKey = (...parts: string[]) => createHash('sha1').update(parts.join('\u0001')).digest('base64');

/** The vehicle as the feed names it: the key its applications are compared by, and the label of its examples. */
export function acesVehicleLabel(app: AcesApp): string {
  if (app.baseVehicleId) return `BaseVehicle ${app.baseVehicleId}${app.subModel || app.subModelId ? ` ${app.subModel ?? `SubModel ${app.subModelId}`}` : ''}`;
  const years = app.yearFrom === null ? '?' : app.yearFrom === app.yearTo ? `${app.yearFrom}` : `${app.yearFrom}–${app.yearTo}`;
  const part = (text: string | null, id: string | null, label: string) => text ?? (id ? `${label} ${id}` : '');
  return [years, part(app.make, app.makeId, 'Make'), part(app.model, app.modelId, 'Model'), part(app.subModel, app.subModelId, 'SubModel')]
    .filter(Boolean)
    .join(' ');
}
const vehicleKey = (app: AcesApp) => acesVehicleLabel(app).toLowerCase();
/** The position in the shop's words, else the feed's id or text. */
const positionKey = (app: AcesApp) => app.position ?? (app.positionId ? `#${app.positionId}` : (app.positionText?.toLowerCase() ?? ''));
const positionLabel = (app: AcesApp) => app.position ?? app.positionText ?? (app.positionId ? `Position ${app.positionId}` : null);
const notesKey = (app: AcesApp) =>
  app.notes
    .map((n) => n.toLowerCase())
    .sort()
    .join('\u0002');

/**
 * What makes an application itself for the importer (decision 201): its part (brand and number as skuKey reads it),
 * vehicle, position and notes. A delta's D deletes the row of this key; a FULL feed that is imported again finds
 * every key already there and changes nothing.
 */
export const acesApplicationKey = (app: AcesApp) => hashKey(feedPartKey(app.brand, app.partNumber), vehicleKey(app), positionKey(app), notesKey(app));

/**
 * The report of an ACES feed. Duplicates: the same part, vehicle, position and notes again. Overlaps: the same
 * vehicle, position, part type and notes with another part number of the same brand. Unknown vehicles and parts:
 * what the resolvers do not find. Invalid: each problem of a value, a delete in a FULL feed, a footer count that
 * does not match.
 */
export async function acesReport(feed: AcesFeed, options: AcesReportOptions): Promise<FeedReport> {
  const { header } = feed;
  const sections = newSections();
  const vehicles = new Map<string, string | null>();
  const parts = new Map<string, string | null>();
  const firstLineOf = new Map<string, number>();
  const partAt = new Map<string, { key: string; partNumber: string; line: number }>();
  let adds = 0;
  let deletes = 0;
  const batchSize = Math.max(1, options.batchSize ?? 500);

  const example = (app: AcesApp, message: string) => ({
    line: app.line,
    brand: app.brand || null,
    partNumber: app.partNumber || null,
    vehicle: acesVehicleLabel(app),
    position: positionLabel(app),
    message,
  });
  const hasVehicle = (app: AcesApp) => Boolean(app.baseVehicleId || (app.yearFrom !== null && (app.make || app.makeId) && (app.model || app.modelId)));

  async function resolve(batch: AcesApp[]) {
    const vehicleAsks = new Map<string, AcesApp>();
    const partAsks = new Map<string, AcesApp>();
    for (const app of batch) {
      const vk = vehicleKey(app);
      if (hasVehicle(app) && !vehicles.has(vk) && !vehicleAsks.has(vk)) vehicleAsks.set(vk, app);
      const pk = feedPartKey(app.brand, app.partNumber);
      if (app.partNumber && app.brand && !parts.has(pk) && !partAsks.has(pk)) partAsks.set(pk, app);
    }
    const [vehicleIds, partIds] = await Promise.all([
      Promise.all([...vehicleAsks.values()].map((app) => options.resolveVehicle(app))),
      Promise.all([...partAsks.values()].map((app) => options.resolvePart(app.brand, app.partNumber))),
    ]);
    [...vehicleAsks.keys()].forEach((k, i) => vehicles.set(k, vehicleIds[i] ?? null));
    [...partAsks.keys()].forEach((k, i) => parts.set(k, partIds[i] ?? null));
  }

  function check(app: AcesApp) {
    if (app.action === 'D') deletes++;
    else adds++;
    for (const p of app.problems) sections.invalid.add(example(app, p.message));
    if (app.action === 'D' && header.submissionType === 'FULL') {
      sections.invalid.add(example(app, 'A FULL feed replaces the brand’s applications: a delete (D) belongs in an UPDATE feed'));
    }
    const vk = vehicleKey(app);
    const pk = feedPartKey(app.brand, app.partNumber);
    const knownVehicle = hasVehicle(app) && vehicles.get(vk) != null;
    const knownPart = Boolean(app.partNumber && app.brand) && parts.get(pk) != null;
    if (hasVehicle(app) && !knownVehicle) sections.unknownVehicles.add(example(app, `The shop has no vehicle ${acesVehicleLabel(app)}`));
    if (app.partNumber && app.brand && !knownPart) sections.unknownParts.add(example(app, `The shop has no part ${app.partNumber} of brand ${app.brand}`));
    if (app.action !== 'A' || !hasVehicle(app) || !app.partNumber) return;

    const dup = acesApplicationKey(app);
    const first = firstLineOf.get(dup);
    if (first !== undefined) sections.duplicates.add(example(app, `Same part, vehicle, position and notes as line ${first}`));
    else firstLineOf.set(dup, app.line);

    const slot = hashKey(app.brand.toLowerCase(), vk, positionKey(app), app.partTypeId ?? '', notesKey(app));
    const there = partAt.get(slot);
    if (!there) partAt.set(slot, { key: pk, partNumber: app.partNumber, line: app.line });
    else if (there.key !== pk) {
      sections.overlaps.add(example(app, `Another part of the brand, ${there.partNumber} (line ${there.line}), has the same vehicle and position`));
    }
  }

  let batch: AcesApp[] = [];
  const flush = async () => {
    await resolve(batch);
    for (const app of batch) check(app);
    batch = [];
  };
  for await (const app of feed.apps) {
    batch.push(app);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  countCheck(feed.summary, sections, 'RecordCount', 'applications');

  return {
    kind: 'aces',
    submissionType: header.submissionType,
    version: header.version,
    brand: header.brandAaiaId,
    records: feed.summary.records,
    adds,
    deletes,
    declaredCount: feed.summary.declaredCount,
    sections: sectionsJson(sections),
  };
}

function countCheck(summary: { records: number; declaredCount: number | null }, sections: Record<FeedReportSectionName, Section>, name: string, what: string) {
  if (summary.declaredCount !== null && summary.declaredCount !== summary.records) {
    sections.invalid.add({ message: `The file says ${name} ${summary.declaredCount}, but holds ${summary.records} ${what}: is it cut short?` });
  }
}

/**
 * The report of a PIES feed. Duplicates: the same brand and part number again. Invalid: each problem of a value, a
 * delete in a FULL feed. Missing from a FULL feed: the shop's parts it leaves out (the importer discontinues them).
 * Unknown parts: kit components neither in the feed nor in the shop.
 */
export async function piesReport(feed: PiesFeed, options: PiesReportOptions = {}): Promise<FeedReport> {
  const { header } = feed;
  const sections = newSections();
  const firstLineOf = new Map<string, number>();
  const kitParts = new Map<string, { brand: string; partNumber: string; line: number; kit: string }>();
  let adds = 0;
  let deletes = 0;

  for await (const item of feed.items) {
    const isDelete = item.maintenanceType === 'D';
    if (isDelete) deletes++;
    else adds++;
    const base = { line: item.line, brand: item.brand || null, partNumber: item.partNumber || null };
    for (const p of item.problems) sections.invalid.add({ ...base, message: p.message });
    if (isDelete && header.submissionType === 'FULL') {
      sections.invalid.add({ ...base, message: 'A FULL feed lists what the brand sells: a delete (D) belongs in an UPDATE feed' });
    }
    if (!item.partNumber || !item.brand) continue;
    const key = feedPartKey(item.brand, item.partNumber);
    const first = firstLineOf.get(key);
    if (first !== undefined) sections.duplicates.add({ ...base, message: `The same brand and part number as line ${first}` });
    else if (!isDelete) firstLineOf.set(key, item.line);
    for (const c of item.kitComponents) {
      const brand = c.brand ?? item.brand;
      const ck = feedPartKey(brand, c.partNumber);
      if (!kitParts.has(ck)) kitParts.set(ck, { brand, partNumber: c.partNumber, line: item.line, kit: item.partNumber });
    }
  }
  countCheck(feed.summary, sections, 'ItemCount', 'items');

  if (header.submissionType === 'FULL' && options.shopParts) {
    for (const p of options.shopParts) {
      if (!firstLineOf.has(feedPartKey(p.brand, p.partNumber))) {
        sections.missingFromFull.add({ brand: p.brand, partNumber: p.partNumber, message: 'In the shop but not in this FULL feed: it would be discontinued' });
      }
    }
  }
  if (options.resolvePart) {
    const asks = [...kitParts].filter(([k]) => !firstLineOf.has(k));
    const found = await Promise.all(asks.map(([, c]) => options.resolvePart!(c.brand, c.partNumber)));
    asks.forEach(([, c], i) => {
      if (found[i] == null)
        sections.unknownParts.add({
          line: c.line,
          brand: c.brand,
          partNumber: c.partNumber,
          message: `Kit ${c.kit} holds ${c.partNumber}, which neither the feed nor the shop carries`,
        });
    });
  }

  return {
    kind: 'pies',
    submissionType: header.submissionType,
    version: header.version,
    brand: header.brandAaiaId,
    records: feed.summary.records,
    adds,
    deletes,
    declaredCount: feed.summary.declaredCount,
    sections: sectionsJson(sections),
  };
}

/**
 * Turns a function that answers many keys with one query into one that is called per key: the calls made in the same
 * tick (as the report makes them, a batch at a time) are answered together, at most `maxBatch` keys a query.
 */
export function batchResolver<K, V>(load: (keys: readonly K[]) => Promise<readonly V[]>, maxBatch = 500): (key: K) => Promise<V> {
  let pending: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const flush = async () => {
    const all = pending;
    pending = [];
    for (let i = 0; i < all.length; i += maxBatch) {
      const chunk = all.slice(i, i + maxBatch);
      try {
        const values = await load(chunk.map((p) => p.key));
        chunk.forEach((p, j) => p.resolve(values[j]));
      } catch (err) {
        chunk.forEach((p) => p.reject(err));
      }
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!pending.length) queueMicrotask(() => void flush());
      pending.push({ key, resolve, reject });
    });
}

export const FEED_REPORT_CSV_COLUMNS = ['section', 'total', 'line', 'brand', 'part_number', 'vehicle', 'position', 'message'] as const;

/**
 * The report as CSV for the admin's download: a first row that sums the feed up, then one row per example with its
 * section's label and total (the total says how many more there are). Cells pass spreadsheetSafe, since the feed's
 * text comes from outside.
 */
export function reportToCsv(report: FeedReport): string {
  const summary = `${report.kind.toUpperCase()} ${report.submissionType} feed${report.version ? ` ${report.version}` : ''}${report.brand ? `, brand ${report.brand}` : ''}: ${report.records} records, ${report.adds} to add or change, ${report.deletes} to delete`;
  const rows: Record<(typeof FEED_REPORT_CSV_COLUMNS)[number], string | number>[] = [
    { section: 'Summary', total: report.records, line: '', brand: report.brand ?? '', part_number: '', vehicle: '', position: '', message: summary },
  ];
  for (const name of FEED_REPORT_SECTIONS) {
    const section = report.sections[name];
    for (const e of section.examples) {
      rows.push({
        section: FEED_REPORT_SECTION_LABELS[name],
        total: section.count,
        line: e.line ?? '',
        brand: e.brand ?? '',
        part_number: e.partNumber ?? '',
        vehicle: e.vehicle ?? '',
        position: e.position ?? '',
        message: e.message,
      });
    }
  }
  return stringify(rows.map(spreadsheetSafe), { header: true, columns: [...FEED_REPORT_CSV_COLUMNS] });
}
