CREATE TABLE "garage_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	CONSTRAINT "product_fitments_years_ordered" CHECK ("product_fitments"."year_from" <= "product_fitments"."year_to")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"variant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_make_model_year_variant_unique" UNIQUE NULLS NOT DISTINCT("make","model","year","variant"),
	CONSTRAINT "vehicles_year_range" CHECK ("vehicles"."year" between 1885 and 2100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "universal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_user_vehicle_unique" ON "garage_vehicles" USING btree ("user_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_one_active" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."active";--> statement-breakpoint
CREATE INDEX "product_fitments_product_idx" ON "product_fitments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_fitments_vehicle_idx" ON "product_fitments" USING btree ("make","model","year_from","year_to");--> statement-breakpoint
-- Hand-written (decision 130): fitment lines are part of the cached product DTO, so every committed
-- change to them tells every API process to drop its catalogue cache, like the products triggers of 0003.
CREATE TRIGGER product_fitments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_fitments FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
