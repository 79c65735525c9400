import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
