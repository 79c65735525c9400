-- Hand-written (drizzle-kit cannot express triggers): every committed write to the
-- catalogue tells every API process to drop its in-process cache (decision 100).
-- NOTIFY is transactional, so a rolled-back write says nothing, and the same
-- payload sent many times in one transaction arrives once.
-- Payloads: 'products' (rows changed, same set and order: stock, price, text),
-- 'products:set' (a product added, removed, or moved in the catalogue order),
-- 'reviews'. A new table that feeds a cached response needs the same trigger.
CREATE OR REPLACE FUNCTION shop_notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalog', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_notify_set AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products:set');
--> statement-breakpoint
CREATE TRIGGER products_notify_rows AFTER UPDATE ON products FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
--> statement-breakpoint
CREATE TRIGGER products_notify_order AFTER UPDATE OF id, created_at ON products FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION shop_notify_catalog('products:set');
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('reviews');
