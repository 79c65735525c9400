-- Hand-written (issue #9, decision 111): the vocabulary of the full text.
-- search_words holds every distinct word of products.search_vector (name, brand and description, as
-- to_tsvector('simple', …) writes them) and how many products hold it. The search reads it to correct typos
-- ("sitered" → "sintered", trigram word similarity over the words, not over 100,000 products) and to turn a
-- typed prefix into the few whole words it starts ("pad" → pad | pads), which GIN answers much faster than a
-- prefix query. Statement triggers with transition tables keep it exact: one grouped upsert per INSERT, UPDATE
-- or DELETE statement (an import of 10,000 rows costs one, not 10,000); an UPDATE that leaves the text alone
-- (stock, prices) writes nothing; a word whose last product goes is deleted. Words are upserted in word order,
-- so two writers cannot deadlock on them within a statement.
-- word is COLLATE "C" so that the primary key also answers word LIKE 'pre%' whatever the database collation.
CREATE TABLE IF NOT EXISTS search_words (
  word text COLLATE "C" PRIMARY KEY,
  products integer NOT NULL
);
--> statement-breakpoint
-- "sitered" → "sintered": the words closest to a typo, by trigram word similarity, nearest first (GiST answers
-- ORDER BY word <->> 'sitered' LIMIT n from the index). Words with a digit are part of part numbers and
-- quantities, never a correction, so the index leaves them out (the search asks with the same WHERE).
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops) WHERE word !~ '[0-9]';
--> statement-breakpoint
-- Add (+n) or take (-n) products from words; a word that no product holds any more is deleted.
CREATE OR REPLACE FUNCTION shop_search_words_count(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    INSERT INTO search_words AS w (word, products)
    SELECT key, value::int FROM jsonb_each_text(delta) WHERE value::int <> 0 ORDER BY key COLLATE "C"
    ON CONFLICT (word) DO UPDATE SET products = w.products + excluded.products
    RETURNING w.word, w.products
  )
  SELECT array_agg(word) INTO gone FROM counted WHERE products <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_words WHERE word = ANY (gone) AND products <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_words;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM shop_search_words_count((
      SELECT jsonb_object_agg(word, n) FROM (
        SELECT word, count(*) AS n FROM new_rows r, unnest(tsvector_to_array(r.search_vector)) AS word GROUP BY word
      ) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM shop_search_words_count((
      SELECT jsonb_object_agg(word, -n) FROM (
        SELECT word, count(*) AS n FROM old_rows o, unnest(tsvector_to_array(o.search_vector)) AS word GROUP BY word
      ) d));
  ELSE
    -- Only the rows whose text changed; stock and price updates find none and write nothing.
    PERFORM shop_search_words_count((
      SELECT jsonb_object_agg(word, n) FROM (
        SELECT word, sum(n) AS n FROM (
          SELECT -1 AS n, o.search_vector FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.name, r.brand, r.description) IS DISTINCT FROM (o.name, o.brand, o.description)
          UNION ALL
          SELECT 1, r.search_vector FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.name, r.brand, r.description) IS DISTINCT FROM (o.name, o.brand, o.description)
        ) c, unnest(tsvector_to_array(c.search_vector)) AS word
        GROUP BY word HAVING sum(n) <> 0
      ) d));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_delete ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_truncate ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words();
--> statement-breakpoint
-- The words of the products already there.
INSERT INTO search_words (word, products)
SELECT word, count(*) FROM products p, unnest(tsvector_to_array(p.search_vector)) AS word GROUP BY word
ON CONFLICT (word) DO UPDATE SET products = excluded.products;
