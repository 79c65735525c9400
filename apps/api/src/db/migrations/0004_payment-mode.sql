ALTER TABLE "orders" ADD COLUMN "payment_mode" text;--> statement-breakpoint
-- Backfill (hand-written): orders already paid through the built-in test processor took no real money.
UPDATE "orders" SET "payment_mode" = 'test' WHERE "paid" = true AND "transaction_id" IN (SELECT "id" FROM "test_payment_intents");
