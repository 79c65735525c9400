CREATE TABLE "search_misses" (
	"query" text PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_misses_zero_idx" ON "search_misses" USING btree ("zero_results");--> statement-breakpoint
CREATE INDEX "search_misses_last_idx" ON "search_misses" USING btree ("last_searched_at");--> statement-breakpoint
-- Hand-written: the zero-result page suggests the closest part numbers (similarity of sku_key, decision 168).
CREATE INDEX IF NOT EXISTS "products_sku_key_trgm_idx" ON "products" USING gin ("sku_key" gin_trgm_ops) WITH (fastupdate = off);
