import { sql, type SQL } from 'drizzle-orm';
import { findSizes, synonymListParts, type QuerySize } from '@shop/shared';
import { FITMENT_POSITION_PAIRS } from '@shop/shared/fitment';

/**
 * The shopper's words, turned into what the full text can find (issue #26, decision 158; decision 111 before it).
 *
 * The query is cut into tokens (letters and digits; a short word and a number written apart, "mt-07" or "mt 07",
 * become one token "mt07", as the products' codes are joined by migration 0020). Each token is looked up in the
 * vocabulary (search_words, every word of the full text): its word forms (the same English stem: tires → tyre is
 * the synonym's work, tires → tire the stem's), the words it starts (as you type), and, when the catalogue has no
 * form of it, the words within one or two typos (transpositions count as one). Runs of tokens that are a term of a
 * synonym group (search_synonyms, kept in memory until the catalogue or the list changes) become one slot whose
 * alternatives are every term of the group.
 *
 * A slot's alternatives are exact (the token's forms, its synonyms) or inexact (typo corrections, and words the
 * last token only starts); the ranking puts inexact matches below exact ones of the same field.
 */

/** Runs a statement and answers its rows. */
type Exec = <R>(statement: SQL) => Promise<R[]>;

/** At most this many tokens of the query are searched. */
export const MAX_TOKENS = 10;
/** A token that starts at most this many words is searched as those words; one that starts more, as a prefix. */
const MAX_COMPLETIONS = 8;
/** The forms of one word read from the vocabulary, most frequent first. */
const MAX_FORMS = 12;
/** Typo candidates read for a word: the closest by trigrams, and as many with the same letters. */
const MAX_CANDIDATES = 20;
/** A word is corrected to at most this many words, all with the fewest typos found. */
const MAX_CORRECTIONS = 3;
/** Synonym terms of up to this many words are recognised in the query. */
const MAX_TERM_WORDS = 3;

/**
 * Typos allowed in a word of this length, growing with it (issue #38 item 3): none below 4 letters, 1 for 4, 2 from 5
 * ("sprokit" → sprocket is 2), 3 from 10 ("endicaterz" → indicators), where three slips still leave most letters right.
 */
export const allowedTypos = (length: number) => (length < 4 ? 0 : length === 4 ? 1 : length < 10 ? 2 : 3);

/** A word the search may correct: letters only (part numbers and sizes are never guessed), long enough. */
/** Issue #38: a three-letter word may have two letters swapped ("oli" → oil, one typo), and nothing else. */
const SWAP_ONLY_LENGTH = 3;
const correctable = (w: string) => /^\p{L}+$/u.test(w) && (allowedTypos(w.length) > 0 || w.length === SWAP_ONLY_LENGTH);

/** A tsquery lexeme that needs no quoting: letters and digits only, or a size of two numbers ("180/55"). */
const plainWord = (w: string) => /^[\p{L}\p{N}]+$/u.test(w) || /^\d{1,4}\/\d{1,4}$/.test(w);

/** A tyre size as shoppers type it: width and aspect ("180/55", "180 55", "180-55"), then the rim ("ZR17", "R17", "-17", " 17"). */
const TYRE_SIZE = /(^|[^\p{L}\p{N}])(\d{2,3})(\s*\/\s*|[ -])(\d{2,3})(?:\s*-?\s*(zr|r)\s*(\d{2})|[ -](\d{2}))?(?=[^\p{L}\p{N}]|$)/giu;
/** One token of the query: the word searched and, when it was typed apart ("mt 07"), its parts. */
export interface Token {
  word: string;
  parts?: string[];
  /** Issue #38 item 3 (decision 211): a size read as an attribute ("43 mm", "15T", "520 × 118", "M10×1.25"). */
  size?: QuerySize;
}

const JOIN = '\uE000';
const JOIN_SIZE = '\uE001';
/** Where a size was typed: the size's index + 1 times this character (no digit, so no code joins it). */
const SIZE_MARK = '\uE002';

/** A size as one word, for the slot's `typed` and the cache keys ("43mm", "15t", "520x118", "m10x1.25"). */
function sizeWord(s: QuerySize): string {
  switch (s.kind) {
    case 'diameter':
      return `${s.mm}mm`;
    case 'teeth':
      return `${s.teeth}t`;
    case 'thread':
      return s.pitch === null ? `m${s.diameter}` : `m${s.diameter}x${s.pitch}`;
    case 'chain':
      return [s.pitch || null, s.links].filter((x) => x !== null).join('x');
  }
}

/**
 * Issue #38 item 3 (decision 211): the sizes of a query (`findSizes`, @shop/shared) marked where they were typed, so
 * that each becomes one token that matches the size only, however the catalogue writes it.
 */
function markSizes(q: string): { text: string; sizes: QuerySize[] } {
  const found = findSizes(q);
  const ranges = found.flatMap((f, i) => f.ranges.map(([at, end], k) => ({ at, end, mark: k === 0 ? SIZE_MARK.repeat(i + 1) : '' })));
  let text = q;
  for (const r of ranges.sort((a, b) => b.at - a.at)) text = `${text.slice(0, r.at)} ${r.mark} ${text.slice(r.end)}`;
  return { text, sizes: found.map((f) => f.size) };
}

/**
 * Issue #38: a tyre size written as on the sidewall or any other way becomes the words the catalogue holds for it:
 * width/aspect as one word ("180/55"), and the rim where it says ZR ("zr17"), which is how the shop's tyres are named.
 * A rim typed without ZR ("180/55-17", "180 55 17", "180/55 R17") is left out rather than guessed: width and aspect
 * already name the size. Widths run 50–360 mm and aspects 25–100 in fives; two numbers apart without a slash count
 * only with a rim after them, so "mt 07 2019" or "chain 520 120" stay as typed. The slash is kept as a character of
 * its own until the tokens are cut.
 */
export function tyreSizes(q: string): string {
  const sized = readTyreSizes(q);
  // Issue #38 (decision 213): the rest of a sidewall's print ("180/55 ZR17 M/C (73W) TL"): the motorcycle mark, tube
  // type and load and speed index say nothing the size does not, and no part's name holds them as words.
  return sized.includes(JOIN_SIZE) ? sized.replace(SIDEWALL_MARKS, '$1 ') : sized;
}

/** Sidewall marks beside a tyre size: M/C, TL, TT, and a load and speed index ("73W", "(58W)", "69/70V"). */
const SIDEWALL_MARKS = /(^|[^\p{L}\p{N}])(?:m\s*\/\s*c|tl|tt|\(?\d{2,3}(?:\/\d{2,3})?\s?[hjklmnpqrstuvwyz]\)?)(?=[^\p{L}\p{N}]|$)/giu;

function readTyreSizes(q: string): string {
  return q.replace(
    TYRE_SIZE,
    (whole: string, before: string, width: string, sep: string, aspect: string, rated?: string, ratedRim?: string, plainRim?: string) => {
      const w = Number(width);
      const a = Number(aspect);
      const rim = ratedRim ?? plainRim;
      if (w < 50 || w > 360 || a < 25 || a > 100 || a % 5 !== 0 || (!sep.includes('/') && !rim)) return whole;
      const keepRim = ratedRim && rated?.toLowerCase() === 'zr';
      return `${before}${width}${JOIN_SIZE}${aspect}${keepRim ? ` zr${ratedRim}` : ''}`;
    },
  );
}

/**
 * The query's tokens, lower case. A word of 1 to 4 letters and a number written apart with a space, a dash or a dot
 * are joined, as `shop_search_join_codes` joins them in the products' text (migration 0020): "MT-07" and "mt 07"
 * → mt07 (with the parts mt, 07), "cbr 600 rr" → cbr600rr.
 */
export function queryTokens(q: string): Token[] {
  const { text, sizes } = markSizes(tyreSizes(q));
  const joined = text
    .toLowerCase()
    .replace(/(^|[^\p{L}\p{N}])(\p{L}{1,4})[-. ]([0-9])/gu, `$1$2${JOIN}$3`)
    .replace(/([0-9])[-. ](\p{L}{1,4})(?=[^\p{L}]|$)/gu, `$1${JOIN}$2`);
  return (joined.match(/[\p{L}\p{N}\uE000\uE001]+|\uE002+/gu) ?? [])
    .map((t) => t.replace(/^\uE000+|\uE000+$/g, '').replace(/\uE001/g, '/'))
    .filter((t) => t !== '')
    .slice(0, MAX_TOKENS)
    .map((t): Token => {
      if (t.startsWith(SIZE_MARK)) {
        const size = sizes[t.length - 1];
        return { word: sizeWord(size), size };
      }
      return t.includes(JOIN) ? { word: t.split(JOIN).join(''), parts: t.split(JOIN).filter(Boolean) } : { word: t };
    });
}

/** The words of a query as the vocabulary is asked about them: every token and the parts of joined ones. */
export const lookupWords = (tokens: Token[]) => [...new Set(tokens.filter((t) => !t.size).flatMap((t) => [t.word, ...(t.parts ?? [])]))];

/** What the vocabulary says about one word of the query. */
export interface WordInfo {
  word: string;
  stem: string;
  /** Its forms in the catalogue (same stem), most frequent first. */
  forms: string[] | null;
  /** The words it starts, in order, at most MAX_COMPLETIONS + 1. */
  completions: string[] | null;
  /**
   * When the catalogue holds no form of it and no word it starts: the close words (at most the allowed typos), fewest
   * typos first, then words of names, brands and categories before words of descriptions only, then the most frequent.
   */
  typos: { word: string; typos: number; names: number; forms: string[] | null }[] | null;
}

/**
 * One SELECT per word, the word a constant so that the planner uses the indexes of search_words: the stem index for
 * the forms and the primary key (C collation) for the words it starts.
 */
export function vocabularyStatement(words: string[]): SQL {
  return sql.join(
    words.map(
      (w) => sql`(
        SELECT ${w}::text AS word, shop_search_stem(${w}) AS stem,
          (SELECT json_agg(f.word ORDER BY f.products DESC, f.word) FROM (
            SELECT s.word, s.products FROM search_words s WHERE shop_search_stem(s.word) = shop_search_stem(${w})
            ORDER BY s.products DESC, s.word LIMIT ${MAX_FORMS}
          ) f) AS forms,
          (SELECT json_agg(x.word ORDER BY x.word) FROM (
            SELECT s.word FROM search_words s WHERE s.word LIKE ${`${w}%`} ORDER BY s.word LIMIT ${MAX_COMPLETIONS + 1}
          ) x) AS completions
      )`,
    ),
    sql` UNION ALL `,
  );
}

/**
 * The typo candidates of words the catalogue holds in no form and starts no word of: the closest words by trigrams
 * (GiST, nearest first) and the words with the same letters (a transposition), checked by `shop_search_typos`,
 * those within the allowed typos with their forms. One SELECT per word, the word a constant.
 */
export function typosStatement(words: string[]): SQL {
  return sql.join(
    words.map((w) => {
      const swapOnly = w.length === SWAP_ONLY_LENGTH;
      const maxTypos = swapOnly ? 1 : allowedTypos(w.length);
      return sql`(
        SELECT ${w}::text AS word, (
          SELECT json_agg(json_build_object('word', c.word, 'typos', c.d, 'names', c.names, 'forms', (
              SELECT json_agg(f.word ORDER BY f.products DESC, f.word) FROM (
                SELECT s.word, s.products FROM search_words s WHERE shop_search_stem(s.word) = shop_search_stem(c.word)
                ORDER BY s.products DESC, s.word LIMIT ${MAX_FORMS}
              ) f))
            ORDER BY c.d, c.names > 0 DESC, c.products DESC, c.word)
          FROM (
            SELECT k.word, k.names, k.products, shop_search_typos(${w}, k.word) AS d FROM (
              (SELECT s.word, s.names, s.products FROM search_words s WHERE s.word !~ '[0-9]' ORDER BY s.word <-> ${w} LIMIT ${MAX_CANDIDATES})
              UNION
              (SELECT s.word, s.names, s.products FROM search_words s
               WHERE s.word !~ '[0-9]' AND shop_search_letters(s.word) = shop_search_letters(${w}) LIMIT ${MAX_CANDIDATES})
            ) k
            WHERE k.word <> ${w} AND abs(length(k.word) - ${w.length}) <= ${maxTypos}
          ) c WHERE c.d <= ${maxTypos}${swapOnly ? sql` AND shop_search_letters(c.word) = shop_search_letters(${w})` : sql``}
        ) AS typos
      )`;
    }),
    sql` UNION ALL `,
  );
}

/** What the vocabulary says about the words of a query: their forms and the words they start, then, for the words with neither, typo candidates. */
export async function readVocabulary(exec: Exec, words: string[]): Promise<WordInfo[]> {
  const info = (await exec<Omit<WordInfo, 'typos'>>(vocabularyStatement(words))).map((i): WordInfo => ({ ...i, typos: null }));
  const unknown = info.filter((i) => !i.forms?.length && !i.completions?.length && correctable(i.word));
  if (unknown.length > 0) {
    const typos = new Map((await exec<{ word: string; typos: WordInfo['typos'] }>(typosStatement(unknown.map((i) => i.word)))).map((r) => [r.word, r.typos]));
    for (const i of info) i.typos = typos.get(i.word) ?? null;
  }
  return info;
}

/** A word run together from two ("brakepads") is split only from this length, each part at least MIN_PART letters. */
const MIN_JOINED = 6;
const MIN_PART = 3;

/**
 * Issue #38: the query's words the catalogue holds in no form and starts no word of, that are two of its words run
 * together ("airfilter", "brakepads", "clutchlever"), become tokens with those two parts, which the search then
 * finds anywhere in a part's text, like "mt 07". One statement asks the stem index which halves the catalogue
 * knows; of the splits whose halves it knows both, the most even wins. Null when no word splits.
 */
export async function splitJoinedWords(exec: Exec, tokens: Token[], info: WordInfo[]): Promise<Token[] | null> {
  const byWord = new Map(info.map((i) => [i.word, i]));
  const joined = tokens.filter((t) => {
    const i = byWord.get(t.word);
    return !t.parts && /^\p{L}+$/u.test(t.word) && t.word.length >= MIN_JOINED && !i?.forms?.length && !i?.completions?.length;
  });
  if (joined.length === 0) return null;
  const splits = new Map(
    joined.map((t) => [
      t.word,
      Array.from({ length: t.word.length - 2 * MIN_PART + 1 }, (_, k) => [t.word.slice(0, MIN_PART + k), t.word.slice(MIN_PART + k)]),
    ]),
  );
  const halves = [...new Set([...splits.values()].flat(2))];
  const known = new Set(
    (
      await exec<{ word: string }>(sql`
        SELECT h.word FROM unnest(ARRAY[${sql.join(
          halves.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) AS h(word)
        WHERE EXISTS (SELECT 1 FROM search_words s WHERE shop_search_stem(s.word) = shop_search_stem(h.word))
      `)
    ).map((r) => r.word),
  );
  let changed = false;
  const out = tokens.map((t) => {
    const best = (splits.get(t.word) ?? [])
      .filter(([a, b]) => known.has(a) && known.has(b))
      .sort((x, y) => Math.min(y[0].length, y[1].length) - Math.min(x[0].length, x[1].length))[0];
    if (!best) return t;
    changed = true;
    return { word: t.word, parts: best };
  });
  return changed ? out : null;
}

/** One synonym term: its words, each with its stem and its forms in the catalogue. */
export interface SynonymTerm {
  words: { word: string; stem: string; forms: string[] }[];
  /**
   * Issue #38 (decision 219): a job's list of parts ("chain + front sprocket + rear sprocket"), no words of its own:
   * it matches no text, and a slot of another term of its group carries it (`Slot.list`).
   */
  list?: string[];
}

/** The synonym groups, each a list of terms, as the search uses them (kept until the catalogue or the list changes). */
export type SynonymGroups = SynonymTerm[][];

/** The synonym groups as stored. */
export const synonymTermsStatement = (): SQL => sql`SELECT id, terms FROM search_synonyms ORDER BY id`;

/** The stems of some words (constants), in one statement. */
export const stemsStatement = (words: string[]): SQL => sql`
  SELECT w.word, shop_search_stem(w.word) AS stem FROM unnest(ARRAY[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]) AS w(word)
`;

/**
 * The words of the vocabulary with one of these stems (constants), at most 50 each, unordered: each a short walk of
 * the stem index. (With an order, or the stems from a subquery, the planner's estimate of hundreds of words per stem
 * made the statement look costly enough to compile: 15 ms for a 1 ms answer, or a scan of every word.)
 */
export const formsStatement = (stems: string[]): SQL => sql`
  SELECT s.stem, v.word, v.products FROM unnest(ARRAY[${sql.join(
    stems.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]) AS s(stem)
  CROSS JOIN LATERAL (SELECT w.word, w.products FROM search_words w WHERE shop_search_stem(w.word) = s.stem LIMIT 50) v
`;

/** The synonym groups with the stems and forms of their words: three small statements (one when there are no groups). */
export async function loadSynonyms(exec: Exec): Promise<SynonymGroups> {
  const groups = await exec<{ id: string; terms: string[] }>(synonymTermsStatement());
  // A list term (decision 219) has no words: only its group's other terms are matched against the query.
  const split = groups.map((g) => g.terms.map((term) => (synonymListParts(term) ? [] : term.split(' ').filter(Boolean))));
  const words = [...new Set(split.flat(2))];
  if (words.length === 0) return [];
  const stems = new Map((await exec<{ word: string; stem: string }>(stemsStatement(words))).map((r) => [r.word, r.stem]));
  const forms = new Map<string, string[]>();
  const rows = await exec<{ stem: string; word: string; products: number }>(formsStatement([...new Set(stems.values())]));
  rows.sort((a, b) => b.products - a.products || (a.word < b.word ? -1 : 1));
  for (const r of rows) {
    const list = forms.get(r.stem) ?? [];
    if (list.length < MAX_FORMS && plainWord(r.word)) list.push(r.word);
    forms.set(r.stem, list);
  }
  return split.map((terms, g) =>
    terms.map((term, k) => {
      const list = synonymListParts(groups[g].terms[k]);
      if (list) return { words: [], list };
      return {
        words: term.map((word) => {
          const stem = stems.get(word) ?? word;
          return { word, stem, forms: forms.get(stem) ?? [] };
        }),
      };
    }),
  );
}

/**
 * One alternative of a slot: its words, each the forms it may take (OR-ed; `w:*` a prefix), joined by `&` (the
 * words the shopper typed, anywhere) or `<->` (a synonym's words, side by side).
 */
export interface Alternative {
  words: string[][];
  join: '&' | '<->';
}

/** One thing the shopper asked for: a token, or tokens that are a synonym term. */
export interface Slot {
  /** The token(s) as typed. */
  typed: string;
  /** A size (decision 211): it matches the size's own words only, and is never the query's head noun. */
  size?: true;
  /**
   * Issue #38 item 2 (decision 213): a position word ("rear", or a synonym of it such as "hinten"), as the English
   * word the catalogue uses. Beside other words it asks for a part that says so in its name or says the opposite
   * nowhere, so "rear" in another part's description ("rear view") does not decide the answer.
   */
  position?: string;
  exact: Alternative[];
  inexact: Alternative[];
  /**
   * Issue #38 (decision 219): the slot is a term of a group that holds a job's list of parts ("chain kit": chain +
   * front sprocket + rear sprocket). Nothing found as typed (no kit), the search answers those parts.
   */
  list?: string[];
}

/** The slots of a query; null when a token matches no word at all (no product can match every slot). */
export type Slots = Slot[] | null;

const alternative = (words: string[][], join: Alternative['join'] = '&'): Alternative | undefined =>
  words.length > 0 && words.every((w) => w.length > 0) ? { words, join } : undefined;

const defined = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined);

const sameAlternative = (a: Alternative, b: Alternative) => JSON.stringify(a) === JSON.stringify(b);
const uniqueAlternatives = (alts: Alternative[]) => alts.filter((a, i) => alts.findIndex((b) => sameAlternative(a, b)) === i);

/**
 * The slots of a query from its tokens, what the vocabulary says of each word, and the synonym groups. Per token,
 * in order: a run of tokens that is a synonym term (longest first, compared by stems) is one slot with every term
 * of its groups; otherwise the token's forms are exact, and the words the last token only starts are inexact; a
 * token with no form and no word it starts is corrected (inexact: the words with the fewest typos, at most 3, and
 * their forms).
 */
export function buildSlots(tokens: Token[], info: WordInfo[], synonyms: SynonymGroups): Slots {
  const byWord = new Map(info.map((i) => [i.word, i]));
  const stemOf = (w: string) => byWord.get(w)?.stem ?? w;
  // Synonym terms by the stems of their words ("turn signals" and "turn signal" are the same term).
  const termIndex = new Map<string, SynonymTerm[][]>();
  for (const group of synonyms) {
    for (const term of group) {
      if (term.list) continue;
      const key = term.words.map((w) => w.stem).join(' ');
      termIndex.set(key, [...(termIndex.get(key) ?? []), group]);
    }
  }
  const formsOf = (w: string): string[] => (byWord.get(w)?.forms ?? []).filter(plainWord);
  const completionsOf = (w: string): string[] => {
    const c = (byWord.get(w)?.completions ?? []).filter(plainWord);
    return c.length > MAX_COMPLETIONS ? [`${w}:*`] : c;
  };
  // A part of a joined token ("tire 180/55" is one token): its forms, or those of its one-word synonyms when the
  // catalogue holds none ("tire" → tyre).
  const partForms = (w: string): string[] => {
    const own = formsOf(w);
    if (own.length > 0) return own;
    const terms = (termIndex.get(stemOf(w)) ?? []).flat().filter((term) => term.words.length === 1);
    return [...new Set(terms.flatMap((term) => term.words[0].forms))].filter(plainWord);
  };
  /** The token as typed: its forms, and for a joined token ("mt 07") also its parts anywhere. */
  const typedAlternatives = (t: Token): Alternative[] => defined([alternative([formsOf(t.word)]), t.parts ? alternative(t.parts.map(partForms)) : undefined]);

  const slots: Slot[] = [];
  for (let i = 0; i < tokens.length;) {
    const size = tokens[i].size;
    if (size) {
      slots.push(...sizeSlots(size));
      i += 1;
      continue;
    }
    const last = (n: number) => i + n === tokens.length;
    let matched = false;
    for (let n = Math.min(MAX_TERM_WORDS, tokens.length - i); n >= 1 && !matched; n--) {
      const run = tokens.slice(i, i + n);
      if (run.some((t) => t.size)) continue;
      const groups = termIndex.get(run.map((t) => stemOf(t.word)).join(' '));
      if (!groups) continue;
      const synonymsAlts = groups.flatMap((g) =>
        defined(
          g.map((term) =>
            alternative(
              term.words.map((w) => (w.forms.length > 0 ? w.forms : [])),
              term.words.length > 1 ? '<->' : '&',
            ),
          ),
        ),
      );
      // A term that begins with a position ("front tyre") is that phrase only, not its words anywhere: the rear
      // tyre's description says "front" (decision 213).
      const typed = n === 1 ? typedAlternatives(run[0]) : OPPOSITE.has(run[0].word) ? [] : defined([alternative(run.map((t) => formsOf(t.word)))]);
      const exact = uniqueAlternatives([...typed, ...synonymsAlts]);
      // A job's words (decision 219) are a slot even when no part's text holds them ("brake job"): it matches
      // nothing, and the search answers the job's parts.
      const list = groups.flat().find((term) => term.list)?.list;
      if (exact.length === 0 && !list) continue;
      const known = new Set(exact.flatMap((a) => a.words.flat()));
      const inexact = last(n) && n === 1 ? defined([alternative([completionsOf(run[0].word).filter((c) => !known.has(c))])]) : [];
      slots.push({ typed: run.map((t) => t.word).join(' '), exact, inexact, ...(list && { list }) });
      i += n;
      matched = true;
    }
    if (matched) continue;

    const t = tokens[i];
    // Issue #38 (decision 213): a little word between the part's words ("rear shock for mt07", "bougie d allumage",
    // "joint spi de fourche") asks for nothing; outside a synonym term it is no slot.
    if (STOP_WORDS.has(t.word) && tokens.length > 1) {
      i += 1;
      continue;
    }
    const wordInfo = byWord.get(t.word);
    const exact = typedAlternatives(t);
    const forms = exact.flatMap((a) => a.words.flat());
    const completions = completionsOf(t.word).filter((c) => !forms.includes(c));
    const inexact: Alternative[] = [];
    // The last token may be a word not finished yet; any other token that is no word is one typed in part.
    if (completions.length > 0 && (last(1) || exact.length === 0)) inexact.push(...defined([alternative([completions])]));
    // A word the catalogue does not hold in any form, nor as the start of a word, is a typo.
    const candidates = exact.length === 0 && inexact.length === 0 ? (wordInfo?.typos ?? []).filter((c) => plainWord(c.word)) : [];
    if (candidates.length > 0) {
      const fewest = Math.min(...candidates.map((c) => c.typos));
      const chosen = candidates.filter((c) => c.typos === fewest).slice(0, MAX_CORRECTIONS);
      const words = [...new Set(chosen.flatMap((c) => [c.word, ...(c.forms ?? [])]))].filter(plainWord);
      inexact.push(...defined([alternative([words])]));
    }
    if (exact.length === 0 && inexact.length === 0) return null;
    slots.push({ typed: t.word, exact, inexact: uniqueAlternatives(inexact) });
    i += 1;
  }
  return slots.map((s) => {
    const position = positionOf(s);
    return position ? { ...s, position } : s;
  });
}

/**
 * Little words of English, French, German, Italian and Spanish that name no part: skipped between the words of a
 * query, unless they are a word of a synonym term ("filtre à air").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an the for of to with on in my fits fit de du des la le les l d pour avec au aux à für fur fuer der die das den dem mit von vom zum zur di del della per il lo el los las para con'.split(
    ' ',
  ),
);

/** The opposite of each position word ("front" ↔ "rear"): the pairs of fitment positions (decision 192). */
const OPPOSITE = new Map<string, string>(FITMENT_POSITION_PAIRS.flatMap(([a, b]) => [[a, b] as [string, string], [b, a] as [string, string]]));

/**
 * Issue #38 item 2 (decision 213): the position a slot asks for: one word typed (not a synonym term of several words,
 * "rear light"), whose exact alternatives are that position's word ("rear", or a synonym such as "hinten" → rear).
 */
function positionOf(slot: Slot): string | undefined {
  if (slot.size || slot.typed.includes(' ')) return undefined;
  const single = slot.exact.filter((a) => a.words.length === 1).flatMap((a) => a.words[0]);
  const found = [...OPPOSITE.keys()].filter((p) => single.includes(p));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Issue #38 item 3 (decision 211): the slots of a size: the words the catalogue's text holds for it (migration 0020:
 * the words as written, and a number joined with a short unit, "43 mm" → 43mm), exact, side by side where the size is
 * two words. A chain's pitch and links are two slots. No typo or prefix is ever guessed for a size.
 */
export function sizeSlots(size: QuerySize): Slot[] {
  const phrase = (...words: string[]): Alternative => ({ words: words.map((w) => [w]), join: '<->' });
  const one = (word: string): Alternative => ({ words: [[word]], join: '&' });
  const slot = (typed: string, exact: Alternative[]): Slot => ({ typed, exact, inexact: [], size: true });
  switch (size.kind) {
    case 'diameter':
      return [slot(`${size.mm}mm`, [one(`${size.mm}mm`), phrase(String(size.mm), 'mm')])];
    case 'teeth': {
      const n = String(size.teeth);
      return [slot(`${n}t`, [one(`${n}t`), phrase(n, 'teeth'), phrase(n, 'tooth'), one(`z${n}`)])];
    }
    case 'thread': {
      const d = `m${size.diameter}`;
      if (size.pitch === null) return [slot(d, [one(d)])];
      const p = String(size.pitch);
      // "M10 × 1.25" and "M10 1.25" (two words), "M10x1.25" (one).
      return [slot(`${d}x${p}`, [{ words: [[d], [...new Set([p.includes('.') ? p : `${p}.0`, p])]], join: '&' }, one(`${d}x${p}`)])];
    }
    case 'chain': {
      const out: Slot[] = [];
      if (size.pitch) out.push(slot(String(size.pitch), [one(String(size.pitch))]));
      if (size.links !== null) {
        const l = String(size.links);
        out.push(slot(`${l}l`, [one(`${l}l`), phrase(l, 'links'), phrase(l, 'link')]));
      }
      return out;
    }
  }
}

/** The lexemes of a word's forms, restricted to the weights given ('' for every field). */
const lexemes = (forms: string[], weights: string) => forms.map((f) => (f.endsWith(':*') ? `${f}${weights}` : weights ? `${f}:${weights}` : f));

const or = (qs: string[]) => {
  const unique = [...new Set(qs)];
  return unique.length > 1 ? `(${unique.join(' | ')})` : unique[0];
};

/** An alternative as a tsquery; `phrase` joins its words side by side even where the shopper typed them apart. */
function alternativeQuery(alt: Alternative, weights: string, phrase = false): string {
  const words = alt.words.map((forms) => or(lexemes(forms, weights)));
  if (words.length === 1) return words[0];
  return `(${words.join(phrase || alt.join === '<->' ? ' <-> ' : ' & ')})`;
}

/** A tsquery for some alternatives of a slot; null when there are none. */
const slotQuery = (alts: Alternative[], weights: string, phrase = false): string | null =>
  alts.length === 0 ? null : or(alts.map((a) => alternativeQuery(a, weights, phrase)));

const allOf = (qs: (string | null)[]): string | null => (qs.some((q) => q === null) || qs.length === 0 ? null : qs.join(' & '));
const anyOf = (qs: (string | null)[]): string | null => {
  const present = qs.filter((q): q is string => q !== null);
  return present.length === 0 ? null : present.join(' | ');
};

/**
 * The tsqueries the ranking checks (null: nothing can match it). Weights: B the name, A its head word, C brand and
 * category, D the description (migration 0020).
 */
export interface RankQueries {
  /** Every slot, anywhere: what the search finds (null: nothing, a job's words no text holds, decision 219). */
  match: string | null;
  /** Every slot in the name, exact or not, and exact only. */
  nameAll: string | null;
  nameAllExact: string | null;
  /** Some slot in the name. */
  nameSome: string | null;
  nameSomeExact: string | null;
  /** Some slot in the brand or category. */
  brandSome: string | null;
  brandSomeExact: string | null;
  /** Every slot, exact, anywhere. */
  allExact: string | null;
  /** The name's head word is a word the shopper asked for (the last word of an alternative). */
  head: string | null;
  /** The slots side by side in the name, in the order typed. */
  together: string | null;
  /** Whether the query has several words (else `together` says nothing) and any inexact alternative. */
  several: boolean;
  inexact: boolean;
  /**
   * Issue #38 (decision 219): the positions asked beside other words: the position, its opposite, and the tsquery of
   * the position in the name. A part that does not say the position in its name, and whose fitment lines (those of
   * the bike, when one is named or chosen) all say the opposite, is not found (search.service.ts).
   */
  positions: { position: string; opposite: string; inName: string }[];
}

/**
 * Words that are no part's head noun, so a query's head is looked for before them (the same words as
 * `shop_search_head`, migration 0020, skips in a part's name: sides, packs, units, colours).
 */
const NOT_A_HEAD = new Set(
  'pair pairs set sets kit kits pack pcs piece pieces each lot universal mm cm ml cc kg inch inches ft oz lb lbs front rear left right upper lower inner outer black white red blue green yellow orange silver gold grey gray chrome matt matte gloss new oem genuine replacement type style'.split(
    ' ',
  ),
);

/**
 * Issue #38 item 4 (decision 211): the query's head noun, what the part is ("brake caliper bolt" → bolt, "sprocket
 * bolts" → bolts): its last slot of letters that is no size, no word of `NOT_A_HEAD` and none of `names` (the
 * makes and models: "oil filter honda" asks for an oil filter). Null for a query of fewer
 * than two such slots (one word alone is decision 196's `mentionsOnly`).
 */
export function headSlot(slots: Slot[], names: ReadonlySet<string> = new Set()): Slot | null {
  const words = slots.filter((s) => !s.size && HEAD_WORDS.test(s.typed));
  if (words.length < 2) return null;
  return [...words].reverse().find((s) => !s.position && !NOT_A_HEAD.has(s.typed) && !names.has(s.typed)) ?? null;
}

/**
 * Issue #38 (decision 213): a word that says which of a part, not what part: a position, a pack ("kit", "pair"), a
 * colour or a unit. A query whose qualifiers no part has ("rear brake pads", "chain kit") is answered with what the
 * other words find, apart; a list is never cut into a piece of qualifiers only.
 */
export const isQualifier = (slot: Slot) => Boolean(slot.position) || NOT_A_HEAD.has(slot.typed);
export const isQualifierWord = (word: string) => OPPOSITE.has(word) || NOT_A_HEAD.has(word);

/** Words of letters, three or more in the first: what a head noun may be. */
const HEAD_WORDS = /^\p{L}{3,}( \p{L}+)*$/u;

/**
 * The head noun by the same rule from the tokens, for a query one of whose words the catalogue does not hold at all
 * ("oil filter wrench": no slots): the last such token. Null with fewer than two words of letters.
 */
export function headToken(tokens: Token[], names: ReadonlySet<string> = new Set()): string | null {
  const words = tokens.filter((t) => !t.size && !t.parts && HEAD_WORDS.test(t.word));
  if (words.length < 2) return null;
  return [...words].reverse().find((t) => !NOT_A_HEAD.has(t.word) && !names.has(t.word))?.word ?? null;
}

/** A tsquery of a slot in the name, its head word, the brand or the category (weights A to C), not the description. */
export const slotInNameQuery = (slot: Slot): string | null => slotQuery([...slot.exact, ...slot.inexact], 'ABC');

export function rankQueries(slots: Slot[], tokens: number): RankQueries {
  const all = (s: Slot) => [...s.exact, ...s.inexact];
  const each = (weights: string, exactOnly: boolean) => slots.map((s) => slotQuery(exactOnly ? s.exact : all(s), weights));
  const headWords = slots.flatMap((s) => all(s).map((a) => or(lexemes(a.words[a.words.length - 1], 'A'))));
  // Issue #38 item 2 (decision 213): beside a word that is no position, a position is asked of the name, or the part
  // must not say the opposite anywhere ("rear indicators": the indicators, which say no side, and not only the
  // mirrors whose description says "rear view"; "rear brake pads": not the front pads). Alone, it is a word as before.
  const soft = slots.some((s) => !s.position);
  const match = slots.map((s) => {
    const anywhere = slotQuery(all(s), '');
    if (!s.position || !soft || anywhere === null) return anywhere;
    return `(${slotQuery(all(s), 'AB')} | !${OPPOSITE.get(s.position)})`;
  });
  return {
    match: allOf(match),
    nameAll: allOf(each('B', false)),
    nameAllExact: allOf(each('B', true)),
    nameSome: anyOf(each('B', false)),
    nameSomeExact: anyOf(each('B', true)),
    brandSome: anyOf(each('C', false)),
    brandSomeExact: anyOf(each('C', true)),
    allExact: allOf(each('', true)),
    head: anyOf(headWords),
    together: tokens > 1 ? slots.map((s) => slotQuery(all(s), 'B', true)).join(' <-> ') : null,
    several: tokens > 1,
    inexact: slots.some((s) => s.inexact.length > 0),
    positions: soft
      ? slots.flatMap((s) => {
          const inName = s.position ? slotQuery(all(s), 'AB') : null;
          return s.position && inName ? [{ position: s.position, opposite: OPPOSITE.get(s.position)!, inName }] : [];
        })
      : [],
  };
}
