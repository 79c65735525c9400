CREATE TABLE "test_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "test_invoices_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "account_invoice_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "account_invoice_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "checkouts_open_account_idx" ON "checkouts" USING btree ("company_id","due_at") WHERE "checkouts"."on_account" and "checkouts"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_account_due" CHECK (not "checkouts"."on_account" or "checkouts"."due_at" is not null);