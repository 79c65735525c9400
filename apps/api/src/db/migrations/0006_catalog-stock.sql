CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text,
	"note" text,
	"order_id" uuid,
	"actor_id" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_delta_nonzero" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT ('TT-' || upper(substr(md5(gen_random_uuid()::text), 1, 8))) NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_key" text GENERATED ALWAYS AS (regexp_replace(lower("products"."sku"), '[[:space:].-]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text DEFAULT 'Unbranded' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'accessories' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key_unique" ON "products" USING btree ("sku_key");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'delivered', 'expired'));--> statement-breakpoint
-- Hand-written backfill (issue #8, decision 090). Existing products already got a generated part number
-- (the column default), the default brand and category; their picture becomes their only image, and their
-- stock the first row of their ledger, so stock = sum(ledger) holds from the start.
UPDATE "products" SET "images" = ARRAY["img"];--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "kind", "delta", "stock_after", "reason") SELECT "id", 'initial', "stock", "stock", 'stock before the ledger existed' FROM "products" WHERE "stock" <> 0;--> statement-breakpoint
-- Existing orders get their status from the spec's flags; open orders get one full reservation period
UPDATE "orders" SET "status" = CASE WHEN "deleverd" THEN 'delivered' WHEN "paid" THEN 'paid' ELSE 'unpaid' END;--> statement-breakpoint
UPDATE "orders" SET "expires_at" = now() + interval '60 minutes' WHERE "status" = 'unpaid';
