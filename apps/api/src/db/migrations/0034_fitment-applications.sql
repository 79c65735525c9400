ALTER TABLE "product_fitments" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD COLUMN "per_vehicle" integer;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD COLUMN "source_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_per_vehicle_range" CHECK ("product_fitments"."per_vehicle" is null or "product_fitments"."per_vehicle" between 1 and 99);--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_position_words" CHECK ("product_fitments"."position" is null or "product_fitments"."position" ~ '^(front|rear)?( ?(left|right))?( ?(upper|lower))?$' and "product_fitments"."position" <> '');