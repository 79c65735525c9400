import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PriceTierCents } from '@shop/shared';
import { companies } from './companies';
import { products } from './shop';

/**
 * Issue #37 item 2 (decision 206): a trade price list. It holds prices of parts (a lot price with its own quantity
 * tiers) and percentages off a category or a brand, valid from `startsAt` until `endsAt` (either open), and is
 * assigned to companies. A company member is priced with every list of their company valid at that moment: the
 * lowest of the public price and the lists' prices, at the quantity bought.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('price_lists_name_unique').on(sql`lower(${t.name})`),
    check('price_lists_dates_ordered', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** A part's price on a list: the price of one minimum-order lot, in cents, and its own quantity tiers. */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceTiers: jsonb('price_tiers')
      .$type<PriceTierCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId], name: 'price_list_prices_pkey' }),
    index('price_list_prices_product_idx').on(t.productId),
    check('price_list_prices_positive', sql`${t.unitPriceCents} >= 1`),
  ],
);

/** A percentage off every part of a category or a brand, in basis points (1250 = 12.5 % off). */
export const priceListDiscounts = pgTable(
  'price_list_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    percentOffBasisPoints: integer('percent_off_bp').notNull(),
  },
  (t) => [
    uniqueIndex('price_list_discounts_unique').on(t.priceListId, t.kind, sql`lower(${t.value})`),
    check('price_list_discounts_kind_known', sql`${t.kind} in ('category', 'brand')`),
    check('price_list_discounts_percent_range', sql`${t.percentOffBasisPoints} between 1 and 9999`),
  ],
);

/** Which companies a list prices. */
export const priceListCompanies = pgTable(
  'price_list_companies',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.companyId], name: 'price_list_companies_pkey' }), index('price_list_companies_company_idx').on(t.companyId)],
);
