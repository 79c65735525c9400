-- Issue #24 (decision 153): one order per purchase with a number, a delivery address, shipping and tax.
CREATE SEQUENCE "order_number_seq" START WITH 10001;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"bands" jsonb NOT NULL,
	"free_over_cents" integer,
	"takes_oversize" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."min_days" >= 0 and "shipping_methods"."max_days" >= "shipping_methods"."min_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"rate" integer NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate" between 0 and 100000),
	CONSTRAINT "tax_rates_category_known" CHECK ("tax_rates"."category" in ('standard', 'reduced', 'zero'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "number" bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_method_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_min_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_max_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "goods_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "oversize" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_category_unique" ON "tax_rates" USING btree ("country","region","category");--> statement-breakpoint
-- Existing purchases get numbers in the order they were placed: each checkout, and each lone order.
WITH purchases AS (
  SELECT 'checkout' AS kind, "id", "created_at" FROM "checkouts"
  UNION ALL SELECT 'order', "id", "created_at" FROM "orders" WHERE "checkout_id" IS NULL
), numbered AS (
  SELECT kind, "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM purchases
)
UPDATE "checkouts" c SET "number" = numbered.n, "goods_cents" = c."total_cents" FROM numbered WHERE numbered.kind = 'checkout' AND numbered."id" = c."id";--> statement-breakpoint
WITH purchases AS (
  SELECT 'checkout' AS kind, "id", "created_at" FROM "checkouts"
  UNION ALL SELECT 'order', "id", "created_at" FROM "orders" WHERE "checkout_id" IS NULL
), numbered AS (
  SELECT kind, "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM purchases
)
UPDATE "orders" o SET "number" = numbered.n FROM numbered WHERE numbered.kind = 'order' AND numbered."id" = o."id";--> statement-breakpoint
UPDATE "orders" o SET "number" = c."number" FROM "checkouts" c WHERE o."checkout_id" = c."id";--> statement-breakpoint
UPDATE "orders" o SET "sku" = p."sku" FROM "products" p WHERE o."product_id" = p."id";--> statement-breakpoint
SELECT setval('order_number_seq', GREATEST(10000, COALESCE((SELECT max("number") FROM "checkouts"), 0), COALESCE((SELECT max("number") FROM "orders"), 0)));--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_number_unique" ON "checkouts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_single_unique" ON "orders" USING btree ("number") WHERE "orders"."checkout_id" is null;--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_positive" CHECK ("products"."weight_grams" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_category_known" CHECK ("products"."tax_category" in ('standard', 'reduced', 'zero'));;--> statement-breakpoint
-- The shop's first configuration (decision 153), which the admin changes on the shipping and tax pages.
INSERT INTO "shop_settings" ("id", "prices_include_tax") VALUES (1, false);--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name", "countries") VALUES
  ('5a1e0000-0000-4000-8000-000000000001', 'United States', '{US}'),
  ('5a1e0000-0000-4000-8000-000000000002', 'Canada', '{CA}'),
  ('5a1e0000-0000-4000-8000-000000000003', 'European Union', '{AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE}');--> statement-breakpoint
INSERT INTO "shipping_methods" ("zone_id", "name", "carrier", "min_days", "max_days", "bands", "free_over_cents", "takes_oversize") VALUES
  ('5a1e0000-0000-4000-8000-000000000001', 'Standard', 'USPS Ground Advantage', 3, 5,
   '[{"upToGrams":1000,"priceCents":799},{"upToGrams":5000,"priceCents":1299},{"upToGrams":20000,"priceCents":2499},{"upToGrams":40000,"priceCents":4499},{"upToGrams":70000,"priceCents":6999}]', 5000, false),
  ('5a1e0000-0000-4000-8000-000000000001', 'Express', 'UPS 2nd Day Air', 1, 2,
   '[{"upToGrams":1000,"priceCents":1999},{"upToGrams":5000,"priceCents":2999},{"upToGrams":20000,"priceCents":5999},{"upToGrams":40000,"priceCents":9999},{"upToGrams":70000,"priceCents":14999}]', NULL, false),
  ('5a1e0000-0000-4000-8000-000000000001', 'Freight', 'R+L Carriers LTL', 5, 8,
   '[{"upToGrams":1000000,"priceCents":14900}]', NULL, true),
  ('5a1e0000-0000-4000-8000-000000000002', 'Standard', 'Canada Post Expedited', 4, 7,
   '[{"upToGrams":1000,"priceCents":1499},{"upToGrams":5000,"priceCents":2499},{"upToGrams":20000,"priceCents":4999},{"upToGrams":30000,"priceCents":6999}]', NULL, false),
  ('5a1e0000-0000-4000-8000-000000000002', 'Express', 'UPS Express Saver', 2, 3,
   '[{"upToGrams":1000,"priceCents":3499},{"upToGrams":5000,"priceCents":4999},{"upToGrams":20000,"priceCents":8999},{"upToGrams":30000,"priceCents":11999}]', NULL, false),
  ('5a1e0000-0000-4000-8000-000000000003', 'International', 'DHL Parcel International', 6, 10,
   '[{"upToGrams":1000,"priceCents":2499},{"upToGrams":5000,"priceCents":3999},{"upToGrams":20000,"priceCents":8999},{"upToGrams":30000,"priceCents":11999}]', NULL, false),
  ('5a1e0000-0000-4000-8000-000000000003', 'Express', 'DHL Express Worldwide', 2, 4,
   '[{"upToGrams":1000,"priceCents":4999},{"upToGrams":5000,"priceCents":7999},{"upToGrams":20000,"priceCents":14999},{"upToGrams":30000,"priceCents":19999}]', NULL, false);--> statement-breakpoint
-- State sales tax (the statewide base rate; local taxes are not charged), GST/HST (+PST where one return covers it) and VAT.
INSERT INTO "tax_rates" ("country", "region", "category", "rate", "tax_shipping")
SELECT 'US', r.region, 'standard', r.rate, r.ship FROM (VALUES
  ('AL', 4000, false), ('AZ', 5600, false), ('AR', 6500, true), ('CA', 7250, false), ('CO', 2900, false), ('CT', 6350, true),
  ('DC', 6000, false), ('FL', 6000, false), ('GA', 4000, true), ('HI', 4000, true), ('ID', 6000, false), ('IL', 6250, false),
  ('IN', 7000, true), ('IA', 6000, false), ('KS', 6500, true), ('KY', 6000, true), ('LA', 5000, false), ('ME', 5500, false),
  ('MD', 6000, false), ('MA', 6250, false), ('MI', 6000, true), ('MN', 6875, true), ('MS', 7000, true), ('MO', 4225, false),
  ('NE', 5500, true), ('NV', 6850, false), ('NJ', 6625, true), ('NM', 4875, true), ('NY', 4000, true), ('NC', 4750, true),
  ('ND', 5000, true), ('OH', 5750, true), ('OK', 4500, false), ('PA', 6000, true), ('RI', 7000, true), ('SC', 6000, true),
  ('SD', 4200, true), ('TN', 7000, true), ('TX', 6250, true), ('UT', 6100, false), ('VT', 6000, true), ('VA', 5300, false),
  ('WA', 6500, true), ('WV', 6000, true), ('WI', 5000, true), ('WY', 4000, false)
) AS r(region, rate, ship);--> statement-breakpoint
INSERT INTO "tax_rates" ("country", "region", "category", "rate", "tax_shipping")
SELECT 'CA', r.region, 'standard', r.rate, true FROM (VALUES
  ('AB', 5000), ('BC', 12000), ('MB', 12000), ('NB', 15000), ('NL', 15000), ('NS', 14000), ('NT', 5000), ('NU', 5000),
  ('ON', 13000), ('PE', 15000), ('QC', 14975), ('SK', 11000), ('YT', 5000)
) AS r(region, rate);--> statement-breakpoint
INSERT INTO "tax_rates" ("country", "region", "category", "rate", "tax_shipping")
SELECT r.country, '', 'standard', r.rate, true FROM (VALUES
  ('AT', 20000), ('BE', 21000), ('BG', 20000), ('HR', 25000), ('CY', 19000), ('CZ', 21000), ('DK', 25000), ('EE', 24000),
  ('FI', 25500), ('FR', 20000), ('DE', 19000), ('GR', 24000), ('HU', 27000), ('IE', 23000), ('IT', 22000), ('LV', 21000),
  ('LT', 21000), ('LU', 17000), ('MT', 18000), ('NL', 21000), ('PL', 23000), ('PT', 23000), ('RO', 21000), ('SK', 23000),
  ('SI', 22000), ('ES', 21000), ('SE', 25000)
) AS r(country, rate);--> statement-breakpoint
INSERT INTO "tax_rates" ("country", "region", "category", "rate", "tax_shipping") VALUES
  ('DE', '', 'reduced', 7000, true), ('FR', '', 'reduced', 5500, true), ('AT', '', 'reduced', 10000, true);