CREATE TABLE "import_job_rows" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"sku_key" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "import_job_rows_job_id_line_pk" PRIMARY KEY("job_id","line")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors_sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"failure_message" text,
	"created_by" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_kind" CHECK ("import_jobs"."kind" in ('catalog-csv', 'pies', 'aces')),
	CONSTRAINT "import_jobs_status" CHECK ("import_jobs"."status" in ('queued', 'running', 'ready', 'committing', 'done', 'failed', 'cancelled', 'discarded')),
	CONSTRAINT "import_jobs_counts" CHECK ("import_jobs"."rows_read" >= 0 and "import_jobs"."rows_written" >= 0 and "import_jobs"."error_count" >= 0 and "import_jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at");