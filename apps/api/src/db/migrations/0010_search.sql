-- Hand-written (issue #9, decision 110): search in PostgreSQL, no extra service.
-- The expressions below must stay exactly as src/modules/search/search.service.ts
-- writes them, or the planner cannot use these indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
-- PGlite loads it from its contrib bundle (db/client.ts passes `extensions: { pg_trgm }`).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Names and brands forgive typos: word similarity (%>) of the query against "name brand".
CREATE INDEX IF NOT EXISTS products_search_name_trgm_idx ON products USING gin ((name || ' ' || brand) gin_trgm_ops);
--> statement-breakpoint
-- Full text: name and brand weigh A, the description B, kept by PostgreSQL in a stored generated column, so ranking
-- many matches reads the vector instead of parsing every description again. 'simple': no stemming, so part names
-- and brands stay as written. Not declared in the Drizzle schema (selects name their columns; decision 110).
ALTER TABLE products ADD COLUMN IF NOT EXISTS search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', name || ' ' || brand), 'A') || setweight(to_tsvector('simple', description), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_vector_idx ON products USING gin (search_vector);
--> statement-breakpoint
-- Part-number prefix search (LIKE 'cr9%') on the normalised part number, whatever the collation.
CREATE INDEX IF NOT EXISTS products_sku_key_prefix_idx ON products (sku_key text_pattern_ops);
