ALTER TABLE "orders" DROP CONSTRAINT "orders_checkout_id_checkouts_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "orders_number_single_unique";--> statement-breakpoint
DROP INDEX "documents_invoice_order_unique";--> statement-breakpoint
DROP INDEX "orders_transaction_id_single_unique";--> statement-breakpoint
-- Issue #34 (decision 212): one order model. Every lone order (the spec's one-product purchase) becomes an order of
-- one line: a checkouts row with the line's own id (so the ids the shop and its customers hold keep naming it), its
-- number, its payment (as every order records it), and the shipping and tax its row kept (decision 160), which then
-- leave the orders table.
UPDATE "orders" SET "number" = nextval('order_number_seq') WHERE "checkout_id" IS NULL AND "number" IS NULL;--> statement-breakpoint
INSERT INTO "checkouts" ("id", "user_id", "email", "total_cents", "created_at", "payment_intent_id", "transaction_id", "paid_at", "number",
  "ship_name", "ship_line1", "ship_region", "ship_phone", "shipping_method_name", "shipping_carrier", "shipping_min_days",
  "shipping_max_days", "goods_cents", "shipping_cents", "shipping_tax_cents", "tax_cents", "tax_included", "tax_exempt", "tax_id")
SELECT o."id", o."user_id", o."email",
  o."price_cents" + o."shipping_cents" + CASE WHEN o."tax_included" THEN 0 ELSE o."tax_cents" + o."shipping_tax_cents" END,
  o."created_at", CASE WHEN o."paid" THEN o."transaction_id" END, CASE WHEN o."paid" THEN o."transaction_id" END,
  CASE WHEN o."paid" THEN o."paid_at" END, o."number", o."user_name", o."address", o."ship_region", o."phone", o."shipping_method_name", o."shipping_carrier",
  o."shipping_min_days", o."shipping_max_days", o."price_cents", o."shipping_cents", o."shipping_tax_cents",
  o."tax_cents" + o."shipping_tax_cents", o."tax_included", o."tax_exempt", o."tax_id"
FROM "orders" o WHERE o."checkout_id" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "checkout_id" = "id" WHERE "checkout_id" IS NULL;--> statement-breakpoint
UPDATE "documents" SET "checkout_id" = "order_id" WHERE "checkout_id" IS NULL AND "order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_key_checkouts_id_fk" FOREIGN KEY ("order_key") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_key_checkouts_id_fk" FOREIGN KEY ("order_key") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_key_checkouts_id_fk" FOREIGN KEY ("order_key") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_id_single_unique" ON "orders" USING btree ("transaction_id") WHERE "orders"."checkout_id" = "orders"."id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ship_region";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_method_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_carrier";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_min_days";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_max_days";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_tax_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_included";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_exempt";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_id";--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "order_id";