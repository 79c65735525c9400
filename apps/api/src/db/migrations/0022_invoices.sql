CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"checkout_id" uuid,
	"order_id" uuid,
	"order_number" bigint,
	"corrects_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"pdf" "bytea",
	CONSTRAINT "documents_kind_known" CHECK ("documents"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_corrects_id_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_unique" ON "documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_kind_year_seq_unique" ON "documents" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_invoice_checkout_unique" ON "documents" USING btree ("checkout_id") WHERE "documents"."kind" = 'invoice' and "documents"."checkout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_invoice_order_unique" ON "documents" USING btree ("order_id") WHERE "documents"."kind" = 'invoice' and "documents"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_order_number_idx" ON "documents" USING btree ("order_number");