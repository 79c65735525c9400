CREATE TABLE "vehicle_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_aliases_alias_make_model_unique" UNIQUE("alias","make","model"),
	CONSTRAINT "vehicle_aliases_alias_normalised" CHECK ("vehicle_aliases"."alias" <> '' and "vehicle_aliases"."alias" = lower("vehicle_aliases"."alias") and "vehicle_aliases"."alias" = btrim("vehicle_aliases"."alias"))
);
--> statement-breakpoint
CREATE INDEX "vehicle_aliases_model_idx" ON "vehicle_aliases" USING btree ("make","model");--> statement-breakpoint
-- Hand-written: the search keeps the known models with their nicknames (decision 167's list, decision 198); every
-- process drops it when the nicknames change (decision 100's notification, as for vehicles and synonyms).
CREATE TRIGGER vehicle_aliases_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vehicle_aliases
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_catalog('products');
--> statement-breakpoint
-- Issue #38 item 2 (decision 198): what riders call the demo list's models. Only nicknames that mean one model of the
-- list: "gs" (R 1250 GS and R 1300 GS) and "strom" (V-Strom 650 and 800DE) are left out, and names a model already
-- answers to ("tenere", "africa twin", "vstrom") need no row. An alias whose model is not in the vehicle list names
-- nothing. Admins edit the list like the synonyms.
INSERT INTO vehicle_aliases (alias, make, model) VALUES
  ('t7', 'Yamaha', 'Ténéré 700'),
  ('t700', 'Yamaha', 'Ténéré 700'),
  ('fz07', 'Yamaha', 'MT-07'),
  ('fz09', 'Yamaha', 'MT-09'),
  ('r6', 'Yamaha', 'YZF-R6'),
  ('wee strom', 'Suzuki', 'V-Strom 650'),
  ('wee', 'Suzuki', 'V-Strom 650'),
  ('dl650', 'Suzuki', 'V-Strom 650'),
  ('striple', 'Triumph', 'Street Triple 765'),
  ('bonnie', 'Triumph', 'Bonneville T120'),
  ('sporty', 'Harley-Davidson', 'Sportster S');
