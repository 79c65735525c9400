ALTER TABLE "checkouts" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "guest_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_guest_email_idx" ON "checkouts" USING btree (lower("email")) WHERE "checkouts"."guest";