import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue #38 item 2 (decision 198): the names riders give models ("t7" is the Yamaha Ténéré 700, "wee strom" the
 * Suzuki V-Strom 650). The search reads them with the vehicle list's models (decision 167), so a query naming a
 * nickname filters to the parts that fit that model. `alias` is stored as the search compares it: lower case, no
 * accents, words of letters and digits with one space between them (normaliseModelAlias in @shop/shared). Make and
 * model are spelled as in `vehicles` (there is no key to refer to: a model is many rows there); an alias whose model
 * is not in the list is kept but names nothing. Several models may share an alias ("gs"): the search then names none
 * of them. Admins edit the list (GET/POST/DELETE /api/search/model-aliases).
 */
export const vehicleAliases = pgTable(
  'vehicle_aliases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alias: text('alias').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('vehicle_aliases_alias_make_model_unique').on(t.alias, t.make, t.model),
    index('vehicle_aliases_model_idx').on(t.make, t.model),
    check('vehicle_aliases_alias_normalised', sql`${t.alias} <> '' and ${t.alias} = lower(${t.alias}) and ${t.alias} = btrim(${t.alias})`),
  ],
);
