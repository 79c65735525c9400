import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Issue #37 item 1 (decision 204): a trade account. A company buys through its members; its admin (one of them)
 * invites and removes buyers. The shop's admin creates the company with its tax number, billing address, payment
 * terms (days; 0 = pays by card) and credit limit.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    billingLine1: text('billing_line1').notNull().default(''),
    billingLine2: text('billing_line2').notNull().default(''),
    billingCity: text('billing_city').notNull().default(''),
    billingRegion: text('billing_region').notNull().default(''),
    billingPostalCode: text('billing_postal_code').notNull().default(''),
    billingCountry: text('billing_country').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`),
    check('companies_terms_range', sql`${t.paymentTermsDays} between 0 and 120`),
    check('companies_credit_nonnegative', sql`${t.creditLimitCents} >= 0`),
  ],
);

/** A person buys for at most one company (the primary key), as its admin or as a buyer. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** A buyer the company's admin lets see every order of the company (an admin always does). */
    seesAllOrders: boolean('sees_all_orders').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId], name: 'company_members_pkey' }),
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role_known', sql`${t.role} in ('admin', 'buyer')`),
  ],
);

/** An invitation by e-mail: its link holds a token (only its SHA-256 is kept); one open invitation per address. */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('company_invites_token_unique').on(t.tokenHash),
    uniqueIndex('company_invites_open_unique')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
    check('company_invites_role_known', sql`${t.role} in ('admin', 'buyer')`),
  ],
);

/**
 * Issue #37 item 5 (decision 209): a company's delivery addresses (its workshop, its branches), kept by the company's
 * admin and offered to every member at checkout. Capped per company (COMPANY_ADDRESSES_MAX).
 */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('company_addresses_company_idx').on(t.companyId, t.createdAt)],
);
