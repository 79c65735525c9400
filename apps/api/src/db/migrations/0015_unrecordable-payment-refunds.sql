CREATE TABLE "payment_refunds" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"order_id" uuid,
	"checkout_id" uuid,
	"email" text,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_status_known" CHECK ("payment_refunds"."status" in ('refund_due', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "amount_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_refunds_due_idx" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'refund_due';