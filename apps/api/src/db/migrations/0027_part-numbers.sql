-- Issue #26 item 4 (decision 166): a part's other numbers, written as skuKey writes a part number
-- (lower case, without spaces, dots or dashes), for the GIN index search looks them up through.
CREATE OR REPLACE FUNCTION part_number_keys(refs jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(regexp_replace(lower(r->>'number'), '[[:space:].-]', '', 'g')), '{}'::text[]) FROM jsonb_array_elements(refs) AS r $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "part_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "part_number_keys" text[] GENERATED ALWAYS AS (part_number_keys("products"."part_numbers")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_part_number_keys_idx" ON "products" USING gin ("part_number_keys") WITH (fastupdate=false);