import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #38 (decision 213): a judged set of shopper queries on the demo catalogue, of every shape the issue lists,
 * each answered as an experienced parts-counter person would answer it. A judgement says what the page must show
 * first (the part, the groups of a list, the bike), and what it must not (another part as if it were the answer).
 * The queries are this set's own: the other search tests hold the earlier examples.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(async () => t.close());

const answer = async (q: string) => (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult;
const names = (r: SearchResult) => r.items.map((p) => p.name);

const PADS = 'Sintered Front Brake Pads – Pair';
const DISC = '320 mm Floating Wave Brake Disc';
const CHAIN = '520 X-Ring Drive Chain 120L';
const FRONT_SPROCKET = '520 Front Sprocket 15T';
const REAR_SPROCKET = '7075 Aluminium Rear Sprocket 45T';
const OIL_FILTER = 'Spin-On Oil Filter HF204';
const AIR_FILTER = 'Washable High-Flow Air Filter';
const PLUG = 'Iridium Spark Plug CR9EIX';
const FRONT_TYRE = 'Sport Radial Front Tyre 120/70 ZR17';
const REAR_TYRE = 'Sport Radial Rear Tyre 180/55 ZR17';
const MIRRORS = 'Sport Mirrors with LED Indicators – Pair';
const BRAKE_LEVER = 'CNC Adjustable Brake Lever';
const CLUTCH_LEVER = 'CNC Adjustable Clutch Lever';
const SILENCER = 'Stainless Slip-On Exhaust Silencer';
const HELMET = 'Full-Face Sport Helmet – ECE 22.06';
const BATTERY = '12 V Lithium Motorcycle Battery LFP-14';
const HEADLIGHT = '7-inch Round LED Headlight';
const INDICATORS = 'Smoked LED Indicators – Pair';
const GRIPS = 'Dual-Compound Handlebar Grips – Pair';
const BRAKE_FLUID = 'DOT 4 Brake Fluid 500 ml';
const CHAIN_LUBE = 'Chain Lube Spray 400 ml';
const FORK_SEALS = 'Fork Seal Kit 43 mm';
const CLUTCH_KIT = 'Clutch Friction Plate Kit';
const SHOCK = 'Adjustable Rear Shock with Piggyback';

/** A judgement: throws (through expect) when the answer is not what the counter would give. */
type Judge = (r: SearchResult) => void;

/** The part asked for comes first, as the answer. */
const first =
  (name: string): Judge =>
  (r) => {
    expect(names(r)[0]).toBe(name);
    expect(r.mentionsOnly).toBeUndefined();
    expect(r.missingHead).toBeUndefined();
  };
/** Exactly these parts, in this order. */
const only =
  (...expected: string[]): Judge =>
  (r) => {
    expect(names(r)).toEqual(expected);
    expect(r.missingHead).toBeUndefined();
  };
/** A list answered part by part: each group's first part, in the order typed. */
const groups =
  (...firsts: (string | undefined)[]): Judge =>
  (r) => {
    expect(r.groups?.map((g) => g.items[0]?.name)).toEqual(firsts);
  };
/** A part that is itself a kit, first, if the catalogue lists one; else the parts of the job, each a group (decision 219). */
const kitOr =
  (...firsts: (string | undefined)[]): Judge =>
  (r) => {
    if (r.total > 0) {
      expect(names(r)[0]).toMatch(/\bkit\b/i);
      expect(r.groups).toBeUndefined();
    } else groups(...firsts)(r);
  };
/** The bike named (make, model, and the year or null), and the first part. */
const bike =
  (make: string, model: string, year: number | null, firstPart?: string): Judge =>
  (r) => {
    expect(r.namedVehicle).toMatchObject({ make, model, year });
    if (firstPart) expect(names(r)[0] ?? r.forOtherBikes?.items[0]?.name).toBe(firstPart);
  };
/** Nothing is shown as the answer; what the other words find, if anything, only apart. */
const honestMiss: Judge = (r) => {
  if (r.total > 0) expect(r.mentionsOnly || r.missingHead, 'parts shown must be said to be related only').toBeTruthy();
};
/** Not the size asked for: nothing as the answer, and this part under "other sizes". */
const otherSize =
  (size: string, name: string): Judge =>
  (r) => {
    expect(r.total).toBe(0);
    expect(r.otherSizes?.size).toBe(size);
    expect(r.otherSizes?.items.map((p) => p.name)).toContain(name);
  };
/** Not this side, or no such kit: nothing as the answer, said first, and the part the other words name as related. */
const relatedOnly =
  (name: string): Judge =>
  (r) => {
    expect(r.total).toBe(0);
    expect(r.missingHead).toBeTruthy();
    expect(r.related?.items[0]?.name).toBe(name);
  };

const JUDGED: [shape: string, q: string, judge: Judge][] = [
  // Several parts in one query.
  ['list', 'brake pads, chain lube and fork seals', groups(PADS, CHAIN_LUBE, FORK_SEALS)],
  ['list', 'mt07 chain + rear sprocket', (r) => (bike('Yamaha', 'MT-07', null)(r), groups(CHAIN, REAR_SPROCKET)(r))],
  ['list', 'oil filter spark plug', groups(OIL_FILTER, PLUG)],
  ['list', 'brake pads brake fluid', groups(PADS, BRAKE_FLUID)],
  ['list', 'HF204, CR9EIX, FA244HH', groups(OIL_FILTER, PLUG, PADS)],
  ['list', 'grips und Bremshebel', groups(GRIPS, BRAKE_LEVER)],
  // Riders' slang and model nicknames.
  ['slang', 'mt09 pipe', bike('Yamaha', 'MT-09', null, SILENCER)],
  ['slang', 'lid', first(HELMET)],
  ['nickname', 't700 spark plug', bike('Yamaha', 'Ténéré 700', null, PLUG)],
  ['nickname', 'wee clutch plates', bike('Suzuki', 'V-Strom 650', null, CLUTCH_KIT)],
  ['nickname', 'bonnie headlight', bike('Triumph', 'Bonneville T120', null, HEADLIGHT)],
  ['nickname', 'ninja oil filter', bike('Kawasaki', 'Ninja 650', null, OIL_FILTER)],
  ['nickname', 'tiger air filter', bike('Triumph', 'Tiger 900', null, AIR_FILTER)],
  ['nickname', 'rear shock for mt07', (r) => (bike('Yamaha', 'MT-07', null, SHOCK)(r), expect(r.namedVehicle?.rest).toBe('rear shock'))],
  ['nickname', 'duke 390 chain', bike('KTM', '390 Duke', null, CHAIN)],
  ['nickname', 'cbr600 brake disc', bike('Honda', 'CBR600RR', null, DISC)],
  ['nickname', 'cb500 air filter', bike('Honda', 'CB500F', null, AIR_FILTER)],
  ['nickname + year', '2021 gs oil filter', bike('BMW', 'R 1250 GS', 2021)],
  ['nickname + year', '2025 gs', bike('BMW', 'R 1300 GS', 2025)],
  ['nickname + year', '2010 strom fork seals', bike('Suzuki', 'V-Strom 650', 2010, FORK_SEALS)],
  // Words run together.
  ['joined', 'brakedisc', first(DISC)],
  ['joined', 'handlebar-grips', first(GRIPS)],
  ['joined', 'oilfilter', first(OIL_FILTER)],
  // Typos inside a word.
  ['typo', 'iridum spark plug', first(PLUG)],
  ['typo', 'fork sael kit', first(FORK_SEALS)],
  ['typo', 'exaust silencer', first(SILENCER)],
  ['typo', 'cluth lever', first(CLUTCH_LEVER)],
  ['typo', 'hemlet', first(HELMET)],
  ['typo', 'battrey', first(BATTERY)],
  // Part numbers with a revision suffix or a brand in front.
  ['part number', '5GH-13440-61-00', first(OIL_FILTER)],
  ['part number', 'Renthal G154', first(GRIPS)],
  ['part number', 'JT JTF1370.15RB', first(FRONT_SPROCKET)],
  ['part number', 'ohlins YA-440-PB', first(SHOCK)],
  ['part number', 'cr9ek', first(PLUG)],
  // Decision 219: the digits of several part numbers are those parts, said as such.
  ['part number', '204', (r) => (only(OIL_FILTER, INDICATORS)(r), expect(r.partNumbersWith?.digits).toBe('204'))],
  // Tyre sizes as printed on the sidewall.
  ['tyre size', '120/70 ZR 17', only(FRONT_TYRE)],
  ['tyre size', '180/55R17 rear', only(REAR_TYRE)],
  ['tyre size', 'Reifen 120/70-17', only(FRONT_TYRE)],
  ['tyre size', '190/55 ZR17', honestMiss],
  ['tyre size', '180/55 ZR 17 M/C (73W) TL', only(REAR_TYRE)],
  // Position words.
  ['position', 'rear indicators', first(INDICATORS)],
  ['position', 'front brake lever', first(BRAKE_LEVER)],
  ['position', 'left mirror', first(MIRRORS)],
  ['position', 'rear tire 180/55', only(REAR_TYRE)],
  ['position', 'rear brake pads', relatedOnly(PADS)],
  ['position', 'front shock', relatedOnly(SHOCK)],
  ['position', 'front tyre', only(FRONT_TYRE)],
  ['position', 'rear brake lever', relatedOnly(BRAKE_LEVER)],
  // Parts the shop does not carry.
  ['not carried', 'windscreen', honestMiss],
  ['not carried', 'brake caliper', honestMiss],
  ['not carried', 'chain tensioner', honestMiss],
  ['not carried', 'fork oil', honestMiss],
  // A job of the vocabulary (decision 219): a chain kit no kit answers is a chain and two sprockets ("kit chaîne" was
  // answered as not carried, with the chains related, before it).
  // The MT-07 takes no front sprocket the shop lists: the group stays, empty, and the page says so.
  ['job', 'chain kit mt07', (r) => (bike('Yamaha', 'MT-07', null)(r), expect(r.job).toBe('chain kit'), groups(CHAIN, undefined, REAR_SPROCKET)(r))],
  ['job', 'kit chaîne mt07', groups(CHAIN, undefined, REAR_SPROCKET)],
  ['job', 'mt07 chain and sprockets', groups(CHAIN, undefined, REAR_SPROCKET)],
  // The SV650 takes all three; a chain kit listed for it (decision 220's demo kit) is the answer instead.
  ['job', 'sv650 kettensatz', (r) => (bike('Suzuki', 'SV650', null)(r), kitOr(CHAIN, FRONT_SPROCKET, REAR_SPROCKET)(r))],
  ['job', 'kit chaîne', kitOr(CHAIN, FRONT_SPROCKET, REAR_SPROCKET)],
  // A year the bike was not sold in.
  ['year not sold', '2018 cbr600rr brake disc', bike('Honda', 'CBR600RR', null, DISC)],
  ['year not sold', '2022 790 duke tyres', (r) => (bike('KTM', '790 Duke', null)(r), expect(names(r).sort()).toEqual([FRONT_TYRE, REAR_TYRE]))],
  // German and French words.
  ['european', 'Zündkerzen', first(PLUG)],
  ['european', 'Kettenspray', first(CHAIN_LUBE)],
  ['european', 'pneu avant', only(FRONT_TYRE)],
  ['european', 'disque de frein', first(DISC)],
  ['european', 'Bremsscheibe vorne', first(DISC)],
  ['european', 'Hinterreifen', only(REAR_TYRE)],
  ['european', "levier d'embrayage", first(CLUTCH_LEVER)],
  ['european', 'Luftfilter K&N', first(AIR_FILTER)],
  ['european', "pot d'échappement", first(SILENCER)],
  ['european', "bougie d'allumage", first(PLUG)],
  ['european', 'joint spi de fourche', only(FORK_SEALS)],
  // Sizes after the part's noun.
  ['size', 'fork seals 41', otherSize('41 mm', FORK_SEALS)],
  ['size', 'fork seal 43', only(FORK_SEALS)],
  ['size', 'rear sprocket 44', otherSize('44T', REAR_SPROCKET)],
  ['size', 'brake disc 320', only(DISC)],
  ['size', 'Kette 520', first(CHAIN)],
  ['size', 'chain 520 118', otherSize('520 × 118', CHAIN)],
  // Decision 219: other sizes nearest first (the 15T is one tooth from 16, the 45T one from 44).
  [
    'size',
    'sprocket 16',
    (r) => (otherSize('16T', FRONT_SPROCKET)(r), expect(r.otherSizes?.items.map((p) => p.name)).toEqual([FRONT_SPROCKET, REAR_SPROCKET])),
  ],
  ['size', 'sprocket 44', (r) => (otherSize('44T', REAR_SPROCKET)(r), expect(r.otherSizes?.items.map((p) => p.name)).toEqual([REAR_SPROCKET, FRONT_SPROCKET]))],
  ['quantity', '2 brake pads', only(PADS)],
  ['quantity', '10 spark plugs', only(PLUG)],
];

describe('judged shopper queries on the demo catalogue (issue #38)', () => {
  it.each(JUDGED)('%s: %s', async (_shape, q, judge) => {
    judge(await answer(q));
  });

  it('covers every shape the issue lists, about fifty queries', () => {
    const shapes = new Set(JUDGED.map(([shape]) => shape.split(' ')[0]));
    for (const shape of ['list', 'slang', 'nickname', 'joined', 'typo', 'part', 'tyre', 'position', 'not', 'year', 'european', 'size', 'job']) {
      expect(shapes).toContain(shape);
    }
    expect(JUDGED.length).toBeGreaterThanOrEqual(40);
  });
});
