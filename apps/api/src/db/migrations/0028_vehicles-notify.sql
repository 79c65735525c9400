-- Issue #26 item 3 (decision 167): the search keeps the list of known models to read bikes in queries; every
-- process drops it when the vehicle list changes (decision 100's notification, as for products and synonyms).
CREATE TRIGGER vehicles_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
