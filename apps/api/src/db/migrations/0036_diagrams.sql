CREATE TABLE "assemblies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assemblies_slug_words" CHECK ("assemblies"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "assemblies_image_size" CHECK ("assemblies"."image_width" between 1 and 20000 and "assemblies"."image_height" between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "assembly_callouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assembly_id" uuid NOT NULL,
	"callout" integer NOT NULL,
	"part_number" text NOT NULL,
	"part_key" text GENERATED ALWAYS AS (regexp_replace(lower("assembly_callouts"."part_number"), '[[:space:].-]', '', 'g')) STORED NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"w" real NOT NULL,
	"h" real NOT NULL,
	CONSTRAINT "assembly_callouts_number_unique" UNIQUE("assembly_id","callout"),
	CONSTRAINT "assembly_callouts_number_range" CHECK ("assembly_callouts"."callout" between 1 and 999),
	CONSTRAINT "assembly_callouts_quantity_range" CHECK ("assembly_callouts"."quantity" between 1 and 999),
	CONSTRAINT "assembly_callouts_box_inside" CHECK ("assembly_callouts"."x" >= 0 and "assembly_callouts"."y" >= 0 and "assembly_callouts"."w" > 0 and "assembly_callouts"."h" > 0 and "assembly_callouts"."x" + "assembly_callouts"."w" <= 100.001 and "assembly_callouts"."y" + "assembly_callouts"."h" <= 100.001)
);
--> statement-breakpoint
CREATE TABLE "assembly_vehicles" (
	"assembly_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	CONSTRAINT "assembly_vehicles_assembly_id_vehicle_id_pk" PRIMARY KEY("assembly_id","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "assembly_callouts" ADD CONSTRAINT "assembly_callouts_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_vehicles" ADD CONSTRAINT "assembly_vehicles_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_vehicles" ADD CONSTRAINT "assembly_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_callouts_part_key_idx" ON "assembly_callouts" USING btree ("part_key");--> statement-breakpoint
CREATE INDEX "assembly_vehicles_vehicle_idx" ON "assembly_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
-- Hand-written: search answers a bike's diagrams (decision 197) from the catalogue cache; every process drops it when
-- the diagrams change (decision 100's notification, as for vehicles and synonyms).
CREATE TRIGGER assemblies_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assemblies FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');--> statement-breakpoint
CREATE TRIGGER assembly_vehicles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assembly_vehicles FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
