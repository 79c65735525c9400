CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_key" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_id" uuid,
	CONSTRAINT "order_returns_status_known" CHECK ("order_returns"."status" in ('requested', 'approved', 'rejected', 'received', 'refunded')),
	CONSTRAINT "order_returns_reason_known" CHECK ("order_returns"."reason" in ('wrong_part', 'does_not_fit', 'damaged', 'not_needed'))
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_key_idx" ON "order_returns" USING btree ("order_key","requested_at");