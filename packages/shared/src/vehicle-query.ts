/**
 * Issue #26 item 3 (decision 167): bikes named in the search box. "yamaha mt-07 brake pads" and "2019 mt07 chain"
 * name a vehicle of the vehicle list; the search filters to the parts that fit it and looks for the other words.
 * Pure functions over the list of known models, so the server and the tests share them.
 */

export interface KnownModel {
  make: string;
  model: string;
  /** The first and last model year in the vehicle list. */
  fromYear: number;
  toYear: number;
  /**
   * Issue #38 (decision 167): the model years it was sold in, when the list has gaps (the CBR600RR was not sold
   * 2017–2020). Absent: every year from fromYear to toYear.
   */
  years?: readonly number[];
  /**
   * Issue #38 item 2 (decision 198): what riders call it ("t7", "wee strom"), from the admins' list of model
   * nicknames, normalised (normaliseModelAlias). An alias several models share names none of them.
   */
  aliases?: readonly string[];
}

/** Was the model sold in that year (a year in a gap was not)? */
export const soldIn = (model: KnownModel, year: number) => (model.years ? model.years.includes(year) : year >= model.fromYear && year <= model.toYear);

export interface VehicleInQuery {
  make: string;
  /** Null when only the make was named ("yamaha"). */
  model: string | null;
  /** Null when no year was named, or the model was not sold that year. */
  year: number | null;
  /** The query without the words that named the bike (what the text search looks for). */
  rest: string;
}

/**
 * Issue #38 (decision 213 addendum): a name several models share, typed without a year that tells them apart ("gs
 * brake pads": the R 1250 GS and the R 1300 GS). The page asks which bike is meant.
 */
export interface SharedNameInQuery {
  /** The models it may mean (those sold in the year typed, when several were), in the vehicle list's order. */
  models: KnownModel[];
  /** The year typed when several of them were sold in it, else null. */
  year: number | null;
  /** The query without the name, the make and a year typed (what the other words look for). */
  rest: string;
  /** True when it is a nickname (decision 198), false when a part of the models' names ("panigale"). */
  nickname: boolean;
}

/** Lower case, accents dropped, letters and digits only: "Ténéré 700" → "tenere700", "MT-07" → "mt07". */
export const vehicleKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * A part of a model's name a rider types on its own ("africa twin", "street triple", "versys"): 5 letters or more
 * (decision 213: "tiger", "ninja", "tuono"; decision 167 had 6).
 */
const MIN_PARTIAL = 5;

/** The keys a model answers to: its whole name, and each run of its words long enough to mean it. */
function modelKeys(model: string): { key: string; whole: boolean }[] {
  const w = words(model);
  const keys = [{ key: w.join(''), whole: true }];
  // Issue #38 (decision 213): how riders also write a short name: a name of two words the other way round ("duke
  // 390" for the 390 Duke), and a code without its trailing letters ("cbr600" for the CBR600RR, "cb500" for the
  // CB500F), as parts of the name.
  if (w.length === 2) keys.push({ key: `${w[1]}${w[0]}`, whole: false });
  for (const word of w) {
    const code = /^(\p{L}+\d+)\p{L}+$/u.exec(word);
    if (code && code[1].length >= 4) keys.push({ key: code[1], whole: false });
  }
  for (let i = 0; i < w.length; i++) {
    for (let j = i + 1; j <= w.length; j++) {
      if (i === 0 && j === w.length) continue;
      const key = w.slice(i, j).join('');
      if (key.length >= MIN_PARTIAL && /\p{L}/u.test(key)) keys.push({ key, whole: false });
    }
  }
  return keys;
}

/**
 * Issue #38 item 2 (decision 198): a model nickname as stored and compared: lower case, no accents, words of letters
 * and digits with one space between them ("Wee-Strom" → "wee strom", "Ténéré" → "tenere").
 */
export const normaliseModelAlias = (alias: string) => words(alias).join(' ');

/** The keys a model is read by, in the order they are tried: its whole name, its nicknames, then parts of its name. */
const KEY_TIERS = ['whole', 'alias', 'part'] as const;
type KeyTier = (typeof KEY_TIERS)[number];

function keysOf(m: KnownModel, tier: KeyTier): string[] {
  if (tier === 'alias') return (m.aliases ?? []).map(vehicleKey).filter(Boolean);
  return modelKeys(m.model)
    .filter((x) => x.whole === (tier === 'whole'))
    .map((x) => x.key);
}

interface Span {
  start: number;
  end: number;
}

/** Where a key is typed as consecutive words of the query (joined without spaces), longest first. */
function findSpan(tokens: string[], key: string, taken: Set<number>): Span | null {
  for (let len = Math.min(4, tokens.length); len >= 1; len--) {
    for (let start = 0; start + len <= tokens.length; start++) {
      const idx = Array.from({ length: len }, (_, k) => start + k);
      if (idx.some((i) => taken.has(i))) continue;
      if (tokens.slice(start, start + len).join('') === key) return { start, end: start + len };
    }
  }
  return null;
}

/**
 * The bike a query names, or null. A model (its whole name, a nickname of it, or a distinctive part of its name that
 * only one model has) wins over a make alone; the make, when also typed, tells same-named models apart; a four-digit
 * year counts only with a model that was sold that year.
 */
export function findVehicleInQuery(q: string, models: readonly KnownModel[]): VehicleInQuery | null {
  return readVehicleInQuery(q, models).vehicle;
}

/**
 * Issue #38 (decision 213 addendum): the models a name typed may mean when several share it and no year typed tells
 * them apart ("gs", "strom", "panigale"), or null. findVehicleInQuery names none of them.
 */
export function sharedNameInQuery(q: string, models: readonly KnownModel[]): SharedNameInQuery | null {
  return readVehicleInQuery(q, models).shared;
}

function readVehicleInQuery(q: string, models: readonly KnownModel[]): { vehicle: VehicleInQuery | null; shared: SharedNameInQuery | null } {
  const none = { vehicle: null, shared: null };
  const tokens = words(q);
  if (tokens.length === 0 || models.length === 0) return none;
  const taken = new Set<number>();
  const mark = (s: Span) => {
    for (let i = s.start; i < s.end; i++) taken.add(i);
  };

  // The make first, so "honda cb500f" and "cb500f" find the same bike, and a make's words are not read as a model.
  const makes = [...new Set(models.map((m) => m.make))];
  let make: string | null = null;
  for (const m of makes.sort((a, b) => vehicleKey(b).length - vehicleKey(a).length)) {
    const span = findSpan(tokens, vehicleKey(m), taken);
    if (span) {
      make = m;
      mark(span);
      break;
    }
  }

  const yearAt = tokens.findIndex((t, k) => !taken.has(k) && /^(19|20)\d\d$/.test(t));
  const typedYear = yearAt >= 0 ? Number(tokens[yearAt]) : null;

  // Then the model: whole names before nicknames (decision 198) before parts of names; among several, the one of
  // the make typed, or the one sold in the year typed.
  let best: { model: KnownModel; span: Span; tier: KeyTier } | null = null;
  let shared: SharedNameInQuery | null = null;
  for (const tier of KEY_TIERS) {
    const found: { model: KnownModel; span: Span }[] = [];
    for (const m of models) {
      if (make && m.make !== make) continue;
      // The longest run of the query a key of this model covers ("africa twin" rather than "africa").
      let longest: Span | null = null;
      for (const key of keysOf(m, tier)) {
        const span = findSpan(tokens, key, taken);
        if (span && (!longest || span.end - span.start > longest.end - longest.start)) longest = span;
      }
      if (longest) found.push({ model: m, span: longest });
    }
    if (found.length === 0) continue;
    // The model that covers the most words of the query ("street triple" is the Triumph, not the Street Glide).
    const most = Math.max(...found.map((f) => f.span.end - f.span.start));
    const top = found.filter((f) => f.span.end - f.span.start === most);
    const distinct = new Set(top.map((f) => `${f.model.make}\u0000${f.model.model}`));
    if (distinct.size === 1) best = { ...top[0], tier };
    else {
      // Issue #38 item 3 (decision 213): a year typed tells them apart when only one of them was sold that year
      // ("2021 gs": the R 1250 GS; "2025 gs": the R 1300 GS). A year none or several were sold in names none.
      const sold = typedYear === null ? [] : top.filter((f) => soldIn(f.model, typedYear));
      if (new Set(sold.map((f) => `${f.model.make}\u0000${f.model.model}`)).size === 1) best = { ...sold[0], tier };
      else shared = sharedName(tokens, taken, top, sold.length > 1 ? typedYear : null, yearAt, tier === 'alias');
    }
    break;
  }
  if (best) mark(best.span);
  // A part of a name several models share ("street", "panigale"), or a nickname ("gs", decision 198), names none of them.
  if (!best && !make) return { vehicle: null, shared };
  // A make alone names a bike only when it is all that was typed ("yamaha", "2019 yamaha"): "honda oil filter" stays a
  // search of the words, which also finds the parts whose name or description says Honda.
  if (!best && tokens.some((tk, i) => !taken.has(i) && !/^(19|20)\d\d$/.test(tk))) return { vehicle: null, shared };

  let year: number | null = null;
  if (best) {
    const i = tokens.findIndex((t, k) => !taken.has(k) && /^(19|20)\d\d$/.test(t));
    if (i >= 0) {
      const y = Number(tokens[i]);
      if (soldIn(best.model, y)) {
        year = y;
        taken.add(i);
      }
    }
  }
  return {
    vehicle: {
      make: best?.model.make ?? make!,
      model: best?.model.model ?? null,
      year,
      rest: tokens.filter((_, i) => !taken.has(i)).join(' '),
    },
    shared: null,
  };
}

/**
 * The models a shared name may mean, and the words left without it, the make and a year typed (a year none of them was
 * sold in is no word of a part either, decision 213). Null when they were typed in different places of the query.
 */
function sharedName(
  tokens: string[],
  taken: ReadonlySet<number>,
  top: { model: KnownModel; span: Span }[],
  year: number | null,
  yearAt: number,
  nickname: boolean,
): SharedNameInQuery | null {
  const span = top[0].span;
  if (top.some((f) => f.span.start !== span.start || f.span.end !== span.end)) return null;
  const inYear = year === null ? top : top.filter((f) => soldIn(f.model, year));
  const seen = new Set<string>();
  const models = inYear
    .map((f) => f.model)
    .filter((m) => {
      const key = `${m.make}\u0000${m.model}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
  const rest = tokens.filter((_, i) => !taken.has(i) && (i < span.start || i >= span.end) && i !== yearAt).join(' ');
  return { models, year, rest, nickname };
}

/** "2019 Yamaha MT-07", "Yamaha MT-07", "Yamaha". */
export const vehicleInQueryName = (v: Pick<VehicleInQuery, 'make' | 'model' | 'year'>) => [v.year, v.make, v.model].filter((x) => x !== null).join(' ');

/**
 * The bikes a half-typed query may mean, for the search box's suggestions: a model, a nickname of one (decision 198:
 * so an alias several models share offers each of them) or a make its last words begin.
 */
export function suggestBikes(q: string, models: readonly KnownModel[], limit = 3): KnownModel[] {
  const tokens = words(q);
  if (tokens.length === 0) return [];
  const out: KnownModel[] = [];
  for (let len = Math.min(3, tokens.length); len >= 1 && out.length < limit; len--) {
    const typed = tokens.slice(tokens.length - len).join('');
    if (typed.length < 2) continue;
    for (const m of models) {
      if (out.length >= limit) break;
      if (out.includes(m)) continue;
      if (
        vehicleKey(m.model).startsWith(typed) ||
        keysOf(m, 'alias').some((a) => a.startsWith(typed)) ||
        (len === 1 && typed.length >= 3 && vehicleKey(m.make).startsWith(typed))
      )
        out.push(m);
    }
  }
  return out;
}

/** Edits (insert, delete, substitute) from a to b, stopping early once past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Issue #26 item 6 (decision 168): the bikes a query that found nothing may have meant ("yamha", "mt07s",
 * "africa twn"): a word (or two typed together) within one edit of a make or model word of 4 to 5 letters, or two
 * edits of a longer one. Closest first, at most `limit`.
 */
export function closestBikes(q: string, models: readonly KnownModel[], limit = 3): KnownModel[] {
  const tokens = words(q);
  const typed = [...tokens, ...tokens.slice(1).map((t, i) => tokens[i] + t)].filter((t) => t.length >= 4 && /\p{L}/u.test(t));
  const scored: { model: KnownModel; d: number }[] = [];
  for (const m of models) {
    const names = [vehicleKey(m.model), vehicleKey(m.make), ...words(m.model).filter((w) => w.length >= 4), ...keysOf(m, 'alias').filter((a) => a.length >= 4)];
    let d = Infinity;
    for (const t of typed) {
      for (const n of names) {
        const max = n.length >= 6 ? 2 : 1;
        const e = editDistance(t, n, max);
        if (e <= max) d = Math.min(d, e);
      }
    }
    if (d !== Infinity) scored.push({ model: m, d });
  }
  return scored
    .sort((a, b) => a.d - b.d)
    .slice(0, limit)
    .map((s) => s.model);
}
