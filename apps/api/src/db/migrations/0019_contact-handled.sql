ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at","id") WHERE "contact_messages"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");