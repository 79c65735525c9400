CREATE TABLE "job_template_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"name_words" text DEFAULT '' NOT NULL,
	"position" text,
	"quantity_rule" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "job_template_slots_quantity_rule" CHECK ("job_template_slots"."quantity_rule" in ('fixed', 'per_vehicle')),
	CONSTRAINT "job_template_slots_quantity_range" CHECK ("job_template_slots"."quantity" between 1 and 99),
	CONSTRAINT "job_template_slots_position_words" CHECK ("job_template_slots"."position" is null or "job_template_slots"."position" ~ '^(front|rear)?( ?(left|right))?( ?(upper|lower))?$' and "job_template_slots"."position" <> '')
);
--> statement-breakpoint
CREATE TABLE "job_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_templates_slug_unique" UNIQUE("slug"),
	CONSTRAINT "job_templates_slug_words" CHECK ("job_templates"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "job_template_slots" ADD CONSTRAINT "job_template_slots_template_id_job_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."job_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_template_slots_template_idx" ON "job_template_slots" USING btree ("template_id","sort");