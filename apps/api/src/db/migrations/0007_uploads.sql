CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "image_variants_image_id_width_pk" PRIMARY KEY("image_id","width"),
	CONSTRAINT "image_variants_width_positive" CHECK ("image_variants"."width" > 0)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source_bytes" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");