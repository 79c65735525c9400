CREATE TABLE "price_list_companies" (
	"price_list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "price_list_companies_pkey" PRIMARY KEY("price_list_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"percent_off_bp" integer NOT NULL,
	CONSTRAINT "price_list_discounts_kind_known" CHECK ("price_list_discounts"."kind" in ('category', 'brand')),
	CONSTRAINT "price_list_discounts_percent_range" CHECK ("price_list_discounts"."percent_off_bp" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_list_prices_pkey" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_prices_positive" CHECK ("price_list_prices"."unit_price_cents" >= 1)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_dates_ordered" CHECK ("price_lists"."starts_at" is null or "price_lists"."ends_at" is null or "price_lists"."starts_at" < "price_lists"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_discounts" ADD CONSTRAINT "price_list_discounts_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_companies_company_idx" ON "price_list_companies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_discounts_unique" ON "price_list_discounts" USING btree ("price_list_id","kind",lower("value"));--> statement-breakpoint
CREATE INDEX "price_list_prices_product_idx" ON "price_list_prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_unique" ON "price_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "orders_discontinued_sku_idx" ON "orders" USING btree (regexp_replace(lower("sku"), '[[:space:].-]', '', 'g')) WHERE "orders"."product_id" is null and "orders"."sku" <> '';