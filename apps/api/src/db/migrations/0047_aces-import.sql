ALTER TABLE "vehicles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "deleted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_external_id_unique" UNIQUE("external_id");