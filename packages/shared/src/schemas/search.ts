import { z } from 'zod';
import { productCategorySchema, productSchema } from './product';
import { vehicleSchema } from './vehicle';
import { normaliseModelAlias } from '../vehicle-query';

import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_SORTS, SEARCH_SUGGESTIONS } from '../search-options';

export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_SORTS, SEARCH_SUGGESTIONS };
export type { SearchSort } from '../search-options';

const priceParam = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(1_000_000, `${name} must be 1,000,000 or less`)
    .optional();

/**
 * GET /api/search (issue #9, decision 110). Every parameter is optional: no
 * `q` lists the products that pass the filters. Prices are unit prices in dollars.
 */
export const searchQuerySchema = z
  .object({
    q: z.string({ message: 'q must be text' }).trim().max(100, 'q must be 100 characters or fewer').default(''),
    category: z.preprocess((v) => (v === '' ? undefined : v), productCategorySchema.optional()),
    brand: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60, 'brand must be 60 characters or fewer').optional()),
    inStock: z.enum(['true', 'false'], { message: 'inStock must be true or false' }).optional(),
    minPrice: z.preprocess((v) => (v === '' ? undefined : v), priceParam('minPrice')),
    maxPrice: z.preprocess((v) => (v === '' ? undefined : v), priceParam('maxPrice')),
    /** Issue #11: only the parts that fit this vehicle (by id), plus universal parts; unknown vehicle 404. */
    vehicle: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().uuid({ message: 'vehicle is not a valid vehicle id' }).optional()),
    /** Issue #26 item 3: false searches every part for the words, even when they name a bike. */
    matchBike: z.enum(['true', 'false'], { message: 'matchBike must be true or false' }).default('true'),
    /** Issue #26 item 6: true on page 1 of a search the shopper submitted (the results page, not the suggestions): it is counted. */
    track: z.enum(['true', 'false'], { message: 'track must be true or false' }).optional(),
    sort: z.enum(SEARCH_SORTS, { message: `sort must be one of: ${SEARCH_SORTS.join(', ')}` }).default('relevance'),
    page: z.coerce
      .number({ message: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(10_000, 'page must be 10,000 or less')
      .default(1),
    limit: z.coerce
      .number({ message: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(SEARCH_MAX_LIMIT, `limit must be ${SEARCH_MAX_LIMIT} or less`)
      .default(SEARCH_DEFAULT_LIMIT),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

export const searchResultSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Only with ?vehicle={id}: the vehicle the results were filtered for. */
  vehicle: vehicleSchema.optional(),
  /**
   * Issue #26 item 3 (decision 167): the bike the words named ("2019 mt07 chain"): the results are the parts that fit
   * it (and universal parts), searched for the other words (`rest`).
   */
  namedVehicle: z.object({ make: z.string(), model: z.string().nullable(), year: z.number().int().nullable(), rest: z.string() }).optional(),
  /**
   * Issue #38 (decision 213 addendum): the words hold a name several models share and no year tells them apart ("gs
   * brake pads"): the models it may mean, each with its years and the query that names it (`q`, "BMW R 1250 GS brake
   * pads"), for the page to ask which. `rest` is what was searched instead, every part, no bike filter ("brake pads").
   */
  whichBike: z
    .object({
      bikes: z.array(z.object({ make: z.string(), model: z.string(), fromYear: z.number().int(), toYear: z.number().int(), q: z.string() })),
      rest: z.string(),
    })
    .optional(),
  /** Issue #26 item 3: bikes the words may be the start of, for the search box ("Shop parts for Yamaha MT-07"). */
  bikes: z.array(z.object({ make: z.string(), model: z.string() })).optional(),
  /** Issue #26 item 6 (decision 168): with q and nothing found, the closest part numbers, part names and bikes. */
  didYouMean: z
    .object({
      partNumbers: z.array(z.string()),
      parts: z.array(z.object({ _id: z.string(), name: z.string() })),
      bikes: z.array(z.object({ make: z.string(), model: z.string() })),
    })
    .optional(),
  /**
   * Issue #39 item 9 (decision 189): a bike was named and none of the parts the other words find fits it ("front sprocket
   * mt07"): those parts, which fit other bikes (the first few, and how many in all), to show apart from the results.
   */
  forOtherBikes: z.object({ items: z.array(productSchema), total: z.number().int() }).optional(),
  /**
   * Issue #38 item 1 (decision 195): nothing was found for the whole query, and it names several parts ("pads and
   * brake fluid", a pasted list of part numbers): each part's words, its first few parts and how many in all.
   */
  groups: z.array(z.object({ q: z.string(), items: z.array(productSchema), total: z.number().int() })).optional(),
  /**
   * Issue #38 (decision 219): the query was a number that is the digits of several part numbers ("204": HF204,
   * IND-204-SMK), and the parts found are those parts: the page says so above them.
   */
  partNumbersWith: z.object({ digits: z.string(), partNumbers: z.array(z.string()) }).optional(),
  /**
   * Issue #38 (decision 219): the words that named a job of the vocabulary ("chain kit") when no part answered them
   * as typed: the groups are the job's parts, and a part of it that nothing fits is a group with no items.
   */
  job: z.string().optional(),
  /**
   * Issue #38 (decision 196): true when every part found matches the words in its description only (no part number,
   * name, brand or category does): they mention what was asked for and may not be it.
   */
  mentionsOnly: z.literal(true).optional(),
  /**
   * Issue #38 item 4 (decision 211): parts were found, but none holds the query's head noun (this word, as typed) in
   * its name, brand or category ("sprocket bolts"): the shop does not list that part; the parts are only related.
   */
  missingHead: z.string().optional(),
  /**
   * Issue #38 item 4 (decision 211): nothing was found, and no part of the shop has the head noun (`missingHead`) in its
   * name ("brake caliper bolt"): the parts the other words find (`q`, "brake caliper"), the first few and how many.
   * Shown apart, never as the answer.
   */
  related: z.object({ q: z.string(), items: z.array(productSchema), total: z.number().int() }).optional(),
  /**
   * Issue #38 item 3 (decision 211): nothing was found for a query with a size ("41mm fork seals"): the parts the other
   * words find (`q`) whose names carry a size of the same kind (the 43 mm seals), the first few and how many of those
   * read. `size` is the size asked for, as labelled ("41 mm"). Shown apart, never as the answer.
   */
  otherSizes: z.object({ size: z.string(), q: z.string(), items: z.array(productSchema), total: z.number().int() }).optional(),
  /**
   * Issue #36 item 4 (decisions 197, 199): a bike was named or chosen ("mt07 brake"): its parts diagrams (and job
   * baskets) whose names or descriptions hold the other words (all of them when there are none), first page only.
   */
  guides: z.array(z.object({ kind: z.enum(['diagram', 'basket']), name: z.string(), vehicle: z.string(), path: z.string() })).optional(),
  facets: z.object({
    /** Counts under every active filter but the category one. */
    category: z.array(facetCountSchema),
    /** Counts under every active filter but the brand one. */
    brand: z.array(facetCountSchema),
    /** Lowest and highest unit price (dollars) under every active filter but the price range; null when nothing matches. */
    price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Issue #26 (decision 158): the longest synonym term, in characters and in words, and the most terms in a group. */
export const SYNONYM_TERM_MAX_LENGTH = 40;
export const SYNONYM_TERM_MAX_WORDS = 3;
export const SYNONYM_GROUP_MAX_TERMS = 20;

/** A synonym term as the search compares it: lower case, words of letters and digits, one space between them ("Turn-Signal " → "turn signal"). */
export const normaliseSynonymTerm = (term: string) =>
  term
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Issue #38 (decision 219): a term may be the list of a job's parts, written with "+" between them ("chain + front
 * sprocket + rear sprocket"): the other terms of its group name the job ("chain kit"), and a search for one of them
 * that no part answers as typed (no kit) answers those parts. Each part is a term of its own (normalised, at most
 * SYNONYM_TERM_MAX_WORDS words), 2 to SYNONYM_LIST_MAX_PARTS of them.
 */
export const SYNONYM_LIST_MAX_PARTS = 6;
export const SYNONYM_LIST_MAX_LENGTH = 100;

/** The parts of a job's list term ("chain + front sprocket" → ["chain", "front sprocket"]); null for a term that is no list. */
export const synonymListParts = (term: string): string[] | null =>
  term.includes('+')
    ? term
        .split('+')
        .map((p) => p.trim())
        .filter(Boolean)
    : null;

/** A term as stored: normalised (normaliseSynonymTerm), or a list's parts each normalised, joined by " + ". */
export const normaliseSynonymEntry = (term: string) =>
  term.includes('+') ? term.split('+').map(normaliseSynonymTerm).filter(Boolean).join(' + ') : normaliseSynonymTerm(term);

const synonymTerm = z
  .string({ message: 'Each term must be text' })
  .overwrite(normaliseSynonymEntry)
  .min(1, 'Each term needs a letter or a digit')
  .superRefine((t, ctx) => {
    const parts = synonymListParts(t);
    if (parts === null) {
      if (t.length > SYNONYM_TERM_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `A term must be ${SYNONYM_TERM_MAX_LENGTH} characters or fewer` });
      if (t.split(' ').length > SYNONYM_TERM_MAX_WORDS) ctx.addIssue({ code: 'custom', message: `A term must be ${SYNONYM_TERM_MAX_WORDS} words or fewer` });
      return;
    }
    if (parts.length < 2) ctx.addIssue({ code: 'custom', message: 'A list of parts needs two parts or more between "+"' });
    if (parts.length > SYNONYM_LIST_MAX_PARTS) ctx.addIssue({ code: 'custom', message: `A list of parts has at most ${SYNONYM_LIST_MAX_PARTS} parts` });
    if (t.length > SYNONYM_LIST_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `A list of parts must be ${SYNONYM_LIST_MAX_LENGTH} characters or fewer` });
    if (parts.some((p) => p.split(' ').length > SYNONYM_TERM_MAX_WORDS || p.length > SYNONYM_TERM_MAX_LENGTH))
      ctx.addIssue({ code: 'custom', message: `Each part of a list must be ${SYNONYM_TERM_MAX_WORDS} words or fewer` });
  });

/**
 * POST and PUT /api/search/synonyms: a group of terms that mean the same part ("exhaust", "muffler", "silencer").
 * Terms are normalised (normaliseSynonymTerm) and repeats dropped; a group needs two different terms.
 */
export const searchSynonymInputSchema = z.object({
  terms: z
    .array(synonymTerm, { message: 'terms must be a list of terms' })
    .max(SYNONYM_GROUP_MAX_TERMS, `A group has at most ${SYNONYM_GROUP_MAX_TERMS} terms`)
    .overwrite((terms) => [...new Set(terms)])
    .refine((terms) => terms.length >= 2, 'A synonym group needs at least two different terms')
    .refine((terms) => terms.filter((t) => synonymListParts(t) !== null).length <= 1, 'A synonym group holds at most one list of parts')
    .refine((terms) => terms.some((t) => synonymListParts(t) === null), 'A list of parts needs a term that names the job'),
});
export type SearchSynonymInput = z.input<typeof searchSynonymInputSchema>;

export const searchSynonymSchema = z.object({
  _id: z.string(),
  terms: z.array(z.string()),
  updatedAt: z.string(),
});
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;

export const searchSynonymListSchema = z.object({ items: z.array(searchSynonymSchema) });
export type SearchSynonymList = z.infer<typeof searchSynonymListSchema>;

/** Issue #38 item 2 (decision 198): the longest model nickname, in characters and in words. */
export const MODEL_ALIAS_MAX_LENGTH = 30;
export const MODEL_ALIAS_MAX_WORDS = 3;

/**
 * POST /api/search/model-aliases: a name riders give a model of the vehicle list ("t7" for the Yamaha Ténéré 700).
 * The alias is normalised (normaliseModelAlias: lower case, no accents, words of letters and digits); it needs a
 * letter, since a number alone ("650") is a size or a year. The server checks that the make and model are listed.
 */
export const modelAliasInputSchema = z.object({
  alias: z
    .string({ message: 'alias must be text' })
    .overwrite(normaliseModelAlias)
    .min(1, 'The nickname needs a letter or a digit')
    .max(MODEL_ALIAS_MAX_LENGTH, `A nickname must be ${MODEL_ALIAS_MAX_LENGTH} characters or fewer`)
    .refine((a) => a === '' || /\p{L}/u.test(a), 'A nickname needs a letter: a number alone is read as a size or a year')
    .refine((a) => a.split(' ').length <= MODEL_ALIAS_MAX_WORDS, `A nickname must be ${MODEL_ALIAS_MAX_WORDS} words or fewer`),
  make: z.string({ message: 'Choose the make' }).trim().min(1, 'Choose the make').max(60, 'Make must be 60 characters or fewer'),
  model: z.string({ message: 'Choose the model' }).trim().min(1, 'Choose the model').max(80, 'Model must be 80 characters or fewer'),
});
export type ModelAliasInput = z.input<typeof modelAliasInputSchema>;

export const modelAliasSchema = z.object({
  _id: z.string(),
  alias: z.string(),
  make: z.string(),
  model: z.string(),
  createdAt: z.string(),
});
export type ModelAlias = z.infer<typeof modelAliasSchema>;

export const modelAliasListSchema = z.object({ items: z.array(modelAliasSchema) });
export type ModelAliasList = z.infer<typeof modelAliasListSchema>;

/** Issue #26 item 6 (decision 168): POST /api/search/opened, sent when a shopper opens a result of a counted search. */
export const searchOpenedSchema = z.object({
  q: z.string({ message: 'q must be text' }).trim().min(1, 'q is required').max(100, 'q must be 100 characters or fewer'),
});

/** A query shoppers searched for: how often, how often it found nothing, how many results were opened from it. */
export const searchMissRowSchema = z.object({
  query: z.string(),
  searches: z.number().int(),
  zeroResults: z.number().int(),
  opened: z.number().int(),
  lastSearchedAt: z.string(),
});
export type SearchMissRow = z.infer<typeof searchMissRowSchema>;

/** GET /api/search/misses (admin): the top searches that found nothing, and those whose results nobody opened. */
export const searchMissesSchema = z.object({ zeroResults: z.array(searchMissRowSchema), notOpened: z.array(searchMissRowSchema) });
export type SearchMisses = z.infer<typeof searchMissesSchema>;

/** DELETE /api/search/misses/{query}: the query as listed. */
export const searchMissParamsSchema = z.object({ query: z.string().trim().min(1, 'query is required').max(100, 'query must be 100 characters or fewer') });

/** A query as it is counted: normalised like a synonym term (lower case, words of letters and digits), at most 100 characters. */
export const normaliseSearchQuery = (q: string) => normaliseSynonymTerm(q).replace(/\s+/g, ' ').slice(0, 100).trim();

/**
 * Issue #38 item 2 (decision 203): why a word of a miss is proposed. `followed`: that many distinct clients searched
 * the miss and, within minutes, `then` (which found parts) and opened a result of it. `typo`: the word is `distance`
 * letters from a catalogue word of `products` parts, one more than the search corrects in a word of its length
 * (`allowed`). `model-name`: the word is `distance` letters from the model's name written without spaces.
 */
export const searchMissEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('followed'), clients: z.number().int(), then: z.string() }),
  z.object({ kind: z.literal('typo'), distance: z.number().int(), allowed: z.number().int(), products: z.number().int() }),
  z.object({ kind: z.literal('model-name'), distance: z.number().int() }),
]);
export type SearchMissEvidence = z.infer<typeof searchMissEvidenceSchema>;

/**
 * A proposal for a miss: add `word` as a synonym of `term` (to the group `groupId` with `groupTerms` when the term is
 * in one: PUT /api/search/synonyms/{id}; otherwise a new group: POST), or as a nickname of a listed make and model
 * (POST /api/search/model-aliases). Applied through those routes, with their checks and audit.
 */
export const searchMissProposalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('synonym'),
    word: z.string(),
    term: z.string(),
    groupId: z.string().nullable(),
    groupTerms: z.array(z.string()).nullable(),
    evidence: searchMissEvidenceSchema,
  }),
  z.object({ kind: z.literal('nickname'), word: z.string(), make: z.string(), model: z.string(), evidence: searchMissEvidenceSchema }),
]);
export type SearchMissProposal = z.infer<typeof searchMissProposalSchema>;

/** GET /api/search/misses/proposals (admin): the listed searches that found nothing and have a proposal, strongest first. */
export const searchMissProposalsSchema = z.object({
  items: z.array(z.object({ query: z.string(), proposals: z.array(searchMissProposalSchema) })),
});
export type SearchMissProposals = z.infer<typeof searchMissProposalsSchema>;
