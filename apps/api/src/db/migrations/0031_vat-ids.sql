ALTER TABLE "checkouts" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;