CREATE INDEX "products_price_idx" ON "products" USING btree ("unit_price_cents","id");--> statement-breakpoint
-- Hand-written (decision 112): statistics of the brand filter's expression, so that the planner knows how many rows
-- a brand keeps and walks products_price_idx for a page sorted by price instead of reading every match of a word.
CREATE STATISTICS IF NOT EXISTS products_brand_lower_stats ON (lower(brand)) FROM products;
