import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Issue #26 (decision 158): the shopper's vocabulary, groups of terms that mean the same part ("exhaust",
 * "muffler", "silencer"). A search for any term of a group finds what every term of it finds. Terms are lower
 * case, words of letters and digits separated by single spaces (normaliseSynonymTerm in @shop/shared); admins
 * edit the groups (GET/POST/PUT/DELETE /api/search/synonyms). The rest of the search's tables, functions and
 * triggers are hand-written SQL (migrations 0010, 0012, 0020).
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terms: text('terms').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('search_synonyms_two_terms', sql`cardinality(${t.terms}) >= 2`)],
);

/**
 * Issue #26 item 6 (decision 168): what shoppers searched for and did not find, counted per normalised query, with
 * nothing about who searched. `searches` counts submitted searches (page 1 of the results page), `zero_results` those
 * that found nothing, `opened` the results opened from them.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    query: text('query').primaryKey(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).defaultNow().notNull(),
    /** Issue #34: how many distinct clients searched for it; the admin's lists show only queries of several. */
    clients: integer('clients').notNull().default(0),
  },
  (t) => [index('search_misses_zero_idx').on(t.zeroResults), index('search_misses_last_idx').on(t.lastSearchedAt)],
);

/**
 * Issue #34: who searched for a query, so each client counts once a day. `client` is a keyed hash (HMAC with the
 * shop's secret) of the client's address and the query: no address is kept, and one client's rows for two queries
 * do not match. `day` is the last (UTC) day it was counted. Forgotten with the query (dismissed or pruned).
 */
export const searchMissClients = pgTable(
  'search_miss_clients',
  {
    query: text('query').notNull(),
    client: text('client').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.query, t.client] }), index('search_miss_clients_day_idx').on(t.day)],
);
