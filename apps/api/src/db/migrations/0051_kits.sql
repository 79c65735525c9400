CREATE TABLE "kit_components" (
	"kit_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kit_components_kit_id_component_id_pk" PRIMARY KEY("kit_id","component_id"),
	CONSTRAINT "kit_components_quantity_positive" CHECK ("kit_components"."quantity" between 1 and 1000),
	CONSTRAINT "kit_components_not_itself" CHECK ("kit_components"."kit_id" <> "kit_components"."component_id")
);
--> statement-breakpoint
CREATE TABLE "order_line_components" (
	"line_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"share_cents" integer NOT NULL,
	CONSTRAINT "order_line_components_line_id_position_pk" PRIMARY KEY("line_id","position"),
	CONSTRAINT "order_line_components_quantity_positive" CHECK ("order_line_components"."quantity" > 0),
	CONSTRAINT "order_line_components_share_nonnegative" CHECK ("order_line_components"."share_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "kit_components" ADD CONSTRAINT "kit_components_kit_id_products_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_components" ADD CONSTRAINT "kit_components_component_id_products_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_components" ADD CONSTRAINT "order_line_components_line_id_orders_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_components" ADD CONSTRAINT "order_line_components_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_components_component_idx" ON "kit_components" USING btree ("component_id");--> statement-breakpoint
-- Decision 217: a kit's stock is the minimum over its components of floor(component stock / quantity), kept by the
-- database at commit (a deferred trigger), so every reader of products.stock (pages, search, baskets, the cart) sees
-- what can be bought, and no writer can forget it. Deferred, the kit rows are locked last, after the components a
-- purchase locks, so a component sale and a kit sale cannot deadlock. The lock comes first and the new stock is read
-- in a later statement, so it sees every sale committed before it.
CREATE FUNCTION shop_kit_stock_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kits uuid[];
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    -- A component's kits; a kit itself too, so a stray write of a kit's stock is put right.
    SELECT array_agg(DISTINCT kit_id) INTO kits FROM kit_components WHERE component_id = NEW.id OR kit_id = NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    kits := ARRAY[OLD.kit_id];
  ELSIF TG_OP = 'UPDATE' THEN
    kits := ARRAY[NEW.kit_id, OLD.kit_id];
  ELSE
    kits := ARRAY[NEW.kit_id];
  END IF;
  IF kits IS NULL THEN
    RETURN NULL;
  END IF;
  -- NO KEY UPDATE: the lock an UPDATE of stock takes, which lets order lines naming the kit (their foreign key
  -- check) go on meanwhile.
  PERFORM 1 FROM products WHERE id = ANY(kits) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products k
     SET stock = s.stock, version = k.version + 1, updated_at = now()
    FROM (
      SELECT p.id, coalesce((SELECT min(c.stock / kc.quantity) FROM kit_components kc JOIN products c ON c.id = kc.component_id
                              WHERE kc.kit_id = p.id), 0)::int AS stock
        FROM products p WHERE p.id = ANY(kits)
    ) s
   WHERE k.id = s.id AND k.stock IS DISTINCT FROM s.stock;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_kit_stock AFTER UPDATE OF stock ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION shop_kit_stock_refresh();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER kit_components_stock AFTER INSERT OR UPDATE OR DELETE ON kit_components DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION shop_kit_stock_refresh();
--> statement-breakpoint
-- No kit inside a kit: a component is never a kit, and a kit is never a component.
CREATE FUNCTION shop_kit_no_nesting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM kit_components WHERE kit_id = NEW.component_id)
     OR EXISTS (SELECT 1 FROM kit_components WHERE component_id = NEW.kit_id) THEN
    RAISE EXCEPTION 'a kit cannot hold another kit' USING ERRCODE = 'check_violation', CONSTRAINT = 'kit_components_no_nesting';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER kit_components_no_nesting BEFORE INSERT OR UPDATE ON kit_components FOR EACH ROW EXECUTE FUNCTION shop_kit_no_nesting();
--> statement-breakpoint
CREATE TRIGGER kit_components_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON kit_components FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
