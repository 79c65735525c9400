CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_two_terms" CHECK (cardinality("search_synonyms"."terms") >= 2)
);
--> statement-breakpoint
-- Hand-written from here (issue #26, decision 158): relevance in a defined order and the shopper's vocabulary.
-- src/modules/search/search.service.ts writes the same expressions; the functions below are IMMUTABLE because the
-- stored search_vector and the indexes on search_words call them: changing one means rebuilding the column (drop
-- and add, as below) and the vocabulary in the same migration.
--
-- shop_search_join_codes: a word of 1 to 4 letters and a number written apart ("MT-07", "MT 07", "DOT 4", "320 mm",
-- "R 1250 GS") are joined ("MT07", "R1250GS"): the form the search looks for, whichever the shopper typed.
CREATE OR REPLACE FUNCTION shop_search_join_codes(txt text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(txt, '(^|[^[:alnum:]])([[:alpha:]]{1,4})[-. ]([0-9])', '\1\2\3', 'g'),
                        '([0-9])[-. ]([[:alpha:]]{1,4})([^[:alpha:]]|$)', '\1\2\3', 'g')
$$;
--> statement-breakpoint
-- The words made of letters and digits in a text, joined, and their runs of 2 and 3 parts: "CBR 600 RR" →
-- "cbr600 600rr cbr600rr", "fits MT-07" → "mt07". Added to the name and the description, so that "mt07", "mt-07"
-- and "mt 07" all find "MT-07", "MT 07" and "MT07". Most texts have no such word and skip the work.
CREATE OR REPLACE FUNCTION shop_search_codes(txt text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN txt ~ '[[:alpha:]][-. ]?[0-9]|[0-9][-. ]?[[:alpha:]]' THEN (
    SELECT coalesce(string_agg(DISTINCT lower(array_to_string(t.ch[s:s + n - 1], '')), ' '), '')
    FROM (
      SELECT ARRAY(SELECT m[1] FROM regexp_matches(tok[1], '[[:alpha:]]+|[0-9]+', 'g') WITH ORDINALITY AS r(m, i) ORDER BY i) AS ch
      FROM regexp_matches(shop_search_join_codes(txt), '([[:alnum:]]*(?:[[:alpha:]][0-9]|[0-9][[:alpha:]])[[:alnum:]]*)', 'g') AS tok
    ) t, generate_series(1, cardinality(t.ch) - 1) AS s, generate_series(2, 3) AS n
    WHERE s + n - 1 <= cardinality(t.ch)
  ) ELSE '' END
$$;
--> statement-breakpoint
-- The head word of a part's name: what the part is ("Chain Lube Spray 400 ml" → spray, "520 X-Ring Drive Chain
-- 120L" → chain, "Sport Mirrors with LED Indicators – Pair" → mirrors). The name is cut before " – ", " with ",
-- " for ", " fits ", a comma or a bracket; the head is its last word of letters only that is not a size, a unit,
-- a colour or a side, preferring words with a lower-case letter ("Brake fluid DOT 4" → fluid, not DOT).
CREATE OR REPLACE FUNCTION shop_search_head(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT lower(w) FROM (
       SELECT regexp_replace(tok, '^[^[:alpha:]]+|[^[:alpha:]]+$', '', 'g') AS w, i
       FROM regexp_split_to_table(
         regexp_replace(name, '\s+(–|—|-|with|for|fits|to fit|incl\.?|including|in)\s.*$|\s*[(,;:|].*$', '', 'i'),
         '\s+') WITH ORDINALITY AS t(tok, i)
     ) x
     WHERE w ~ '^[[:alpha:]]{2,}$'
       AND lower(w) NOT IN ('pair', 'pairs', 'set', 'sets', 'kit', 'kits', 'pack', 'pcs', 'pc', 'piece', 'pieces', 'each', 'lot',
         'universal', 'mm', 'cm', 'ml', 'cc', 'kg', 'in', 'inch', 'inches', 'ft', 'oz', 'lb', 'lbs', 'front', 'rear', 'left', 'right',
         'upper', 'lower', 'inner', 'outer', 'black', 'white', 'red', 'blue', 'green', 'yellow', 'orange', 'silver', 'gold', 'grey',
         'gray', 'chrome', 'matt', 'matte', 'gloss', 'new', 'oem', 'genuine', 'replacement', 'type', 'style')
     ORDER BY (w ~ '[[:lower:]]') DESC, i DESC LIMIT 1),
    '')
$$;
--> statement-breakpoint
-- Word forms: the English Snowball stem ("tires" → tire, "pads" → pad, "braking" → brake); a stop word is its own.
CREATE OR REPLACE FUNCTION shop_search_stem(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((ts_lexize('english_stem', word))[1], word)
$$;
--> statement-breakpoint
-- A word's letters in order ("brkae" and "brake" → abekr): a transposed pair of letters keeps them, so the words
-- with the same letters are typo candidates that trigrams miss (a swap breaks most trigrams of a short word).
CREATE OR REPLACE FUNCTION shop_search_letters(word text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(c, '' ORDER BY c COLLATE "C") FROM regexp_split_to_table(word, '') AS c
$$;
--> statement-breakpoint
-- Typos between two words: insertions, deletions, substitutions and transpositions of two neighbouring letters,
-- each one typo (optimal string alignment distance, the restricted Damerau–Levenshtein): brkae → brake 1,
-- chian → chain 1, sprokit → sprocket 2. Run on a few candidate words of the vocabulary only.
CREATE OR REPLACE FUNCTION shop_search_typos(a text, b text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  la integer := length(a);
  lb integer := length(b);
  prev2 integer[];
  prev integer[];
  cur integer[];
  v integer;
BEGIN
  IF la = 0 OR lb = 0 THEN
    RETURN greatest(la, lb);
  END IF;
  prev := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
  FOR j IN 0..lb LOOP
    prev[j] := j;
  END LOOP;
  prev2 := prev;
  FOR i IN 1..la LOOP
    cur := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
    cur[0] := i;
    FOR j IN 1..lb LOOP
      v := least(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + CASE WHEN substr(a, i, 1) = substr(b, j, 1) THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND substr(a, i, 1) = substr(b, j - 1, 1) AND substr(a, i - 1, 1) = substr(b, j, 1) THEN
        v := least(v, prev2[j - 2] + 1);
      END IF;
      cur[j] := v;
    END LOOP;
    prev2 := prev;
    prev := cur;
  END LOOP;
  RETURN prev[lb];
END;
$$;
--> statement-breakpoint
-- The full text, one weight per field, so that the ranking can tell them apart: B the name (with its joined codes),
-- A the name's head word again, C the brand and the category, D the description (with its joined codes). Still
-- 'simple' (no stemming in the vector: part names, brands and codes stay as written); word forms are found through
-- the vocabulary (search_words, by stem). Dropped and added again (a generated column's expression cannot be
-- changed before PostgreSQL 17): products is rewritten once.
DROP INDEX IF EXISTS products_search_vector_idx;
--> statement-breakpoint
ALTER TABLE products DROP COLUMN IF EXISTS search_vector;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', name || ' ' || shop_search_codes(name)), 'B')
  || setweight(to_tsvector('simple', shop_search_head(name)), 'A')
  || setweight(to_tsvector('simple', brand || ' ' || replace(category, '-', ' ')), 'C')
  || setweight(to_tsvector('simple', description || ' ' || shop_search_codes(description)), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
--> statement-breakpoint
-- The vocabulary (decision 111) also counts the products that hold a word in the name, brand or category
-- (weights A to C): a word that only descriptions hold may be a typo of a name's word. Word forms are found by stem,
-- transposed letters by the sorted letters (both expression indexes), close words by trigrams (0012's GiST index).
ALTER TABLE search_words ADD COLUMN IF NOT EXISTS names integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_stem_idx ON search_words (shop_search_stem(word));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_letters_idx ON search_words (shop_search_letters(word)) WHERE word !~ '[0-9]';
--> statement-breakpoint
-- delta: {"word": [products, names]}, added (or taken when negative); a word no product holds any more is deleted.
DROP FUNCTION IF EXISTS shop_search_words_count(jsonb);
--> statement-breakpoint
CREATE FUNCTION shop_search_words_count(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    INSERT INTO search_words AS w (word, products, names)
    SELECT key, (value->>0)::int, coalesce((value->>1)::int, 0) FROM jsonb_each(delta)
    WHERE (value->>0)::int <> 0 OR coalesce((value->>1)::int, 0) <> 0 ORDER BY key COLLATE "C"
    ON CONFLICT (word) DO UPDATE SET products = w.products + excluded.products, names = w.names + excluded.names
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
      SELECT jsonb_object_agg(word, jsonb_build_array(n, nn)) FROM (
        SELECT u.lexeme AS word, count(*) AS n, count(*) FILTER (WHERE u.weights && '{A,B,C}'::text[]) AS nn
        FROM new_rows r, unnest(r.search_vector) AS u GROUP BY u.lexeme
      ) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM shop_search_words_count((
      SELECT jsonb_object_agg(word, jsonb_build_array(-n, -nn)) FROM (
        SELECT u.lexeme AS word, count(*) AS n, count(*) FILTER (WHERE u.weights && '{A,B,C}'::text[]) AS nn
        FROM old_rows o, unnest(o.search_vector) AS u GROUP BY u.lexeme
      ) d));
  ELSE
    -- Only the rows whose text changed; stock and price updates find none and write nothing.
    PERFORM shop_search_words_count((
      SELECT jsonb_object_agg(word, jsonb_build_array(n, nn)) FROM (
        SELECT u.lexeme AS word, sum(c.n) AS n, coalesce(sum(c.n) FILTER (WHERE u.weights && '{A,B,C}'::text[]), 0) AS nn
        FROM (
          SELECT -1 AS n, o.search_vector FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.name, r.brand, r.category, r.description) IS DISTINCT FROM (o.name, o.brand, o.category, o.description)
          UNION ALL
          SELECT 1, r.search_vector FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.name, r.brand, r.category, r.description) IS DISTINCT FROM (o.name, o.brand, o.category, o.description)
        ) c, unnest(c.search_vector) AS u
        GROUP BY u.lexeme HAVING sum(c.n) <> 0 OR coalesce(sum(c.n) FILTER (WHERE u.weights && '{A,B,C}'::text[]), 0) <> 0
      ) d));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The vocabulary again, from the new vector (it now holds heads, categories and codes).
DELETE FROM search_words;
--> statement-breakpoint
INSERT INTO search_words (word, products, names)
SELECT u.lexeme, count(*), count(*) FILTER (WHERE u.weights && '{A,B,C}'::text[])
FROM products p, unnest(p.search_vector) AS u GROUP BY u.lexeme;
--> statement-breakpoint
-- Every process drops its kept searches when the vocabulary changes (decision 100's notification, as for products).
CREATE TRIGGER search_synonyms_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
--> statement-breakpoint
-- What riders type: British and American spellings, slang and the words of other markets. Admins edit the list.
INSERT INTO search_synonyms (terms) VALUES
  ('{tyre,tire}'),
  ('{exhaust,muffler,silencer,exhaust can}'),
  ('{indicator,blinker,turn signal,turn indicator,winker}'),
  ('{aluminium,aluminum}'),
  ('{footpeg,footrest,foot peg,rearset}'),
  ('{shock,shock absorber,damper,monoshock}'),
  ('{sparkplug,spark plug}'),
  ('{handlebar,handle bar,bars}'),
  ('{grip,handgrip,hand grip}'),
  ('{sprocket,cog}'),
  ('{chain lube,chain spray,chain oil,chain lubricant,chain wax}'),
  ('{headlight,headlamp,head light,head lamp}'),
  ('{mirror,wing mirror,rear view mirror,rearview mirror}'),
  ('{disc,disk,rotor}'),
  ('{carburettor,carburetor,carb}'),
  ('{windscreen,windshield}'),
  ('{kickstand,side stand,sidestand,jiffy stand}'),
  ('{tail light,taillight,rear light}'),
  ('{number plate,license plate,licence plate,registration plate}'),
  ('{speedometer,speedo}'),
  ('{fuel tank,petrol tank,gas tank}'),
  ('{petrol,gasoline}'),
  ('{motorcycle,motorbike}'),
  ('{engine oil,motor oil}'),
  ('{coolant,antifreeze}'),
  ('{sump plug,drain plug}'),
  ('{paddock stand,race stand}'),
  ('{crash bar,engine guard}'),
  ('{frame slider,crash bobbin,crash mushroom}'),
  ('{top box,top case}'),
  ('{pannier,saddlebag,side case}'),
  ('{air filter,air cleaner}'),
  ('{o ring,oring}'),
  ('{x ring,xring}'),
  ('{colour,color}'),
  ('{grey,gray}'),
  ('{centre,center}'),
  ('{litre,liter}'),
  ('{fibre,fiber}'),
  ('{mould,mold}');
