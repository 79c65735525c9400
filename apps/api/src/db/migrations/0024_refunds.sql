CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_key" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"goods_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"extra_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean NOT NULL,
	"credit_note_id" uuid,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_total_positive" CHECK ("order_refunds"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_key_idx" ON "order_refunds" USING btree ("order_key","created_at");