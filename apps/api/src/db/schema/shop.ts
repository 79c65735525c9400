import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Money columns are integer cents. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    minOrder: integer('min_order').notNull(),
    stock: integer('stock').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_min_order_positive', sql`${t.minOrder} >= 1`),
    check('products_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('products_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** Profile fields kept by the shop for each identity (spec: "User profile (server, by e-mail)"). */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  education: text('education'),
  location: text('location'),
  phone: text('phone'),
  linkedin: text('linkedin'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`), index('reviews_created_at_idx').on(t.createdAt)],
);

/**
 * Orders keep the product's name and price at the time of ordering, so deleting
 * a product never breaks or loses them (product_id becomes null).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    minOrder: integer('min_order').notNull(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    quantity: integer('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    deleverd: boolean('deleverd').notNull().default(false),
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    index('orders_email_idx').on(t.email),
    index('orders_user_idx').on(t.userId),
    index('orders_created_at_idx').on(t.createdAt),
  ],
);

/** Payment intents of the built-in test processor (the stripe adapter keeps them at Stripe). */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull(),
  clientSecret: text('client_secret').notNull().unique(),
  /** Like Stripe's Idempotency-Key: creating twice with the same key returns the same intent. */
  idempotencyKey: text('idempotency_key').unique(),
  lastError: text('last_error'),
  cardLast4: text('card_last4'),
  billingName: text('billing_name'),
  billingEmail: text('billing_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Card payment methods of the built-in test processor. Like Stripe, only the
 * brand, the last four digits and the test outcome are kept, never the number.
 */
export const testPaymentMethods = pgTable('test_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What confirming with this card does: succeeded | generic_decline | insufficient_funds. */
  outcome: text('outcome').notNull(),
  billingName: text('billing_name'),
  billingEmail: text('billing_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Webhook events already handled, so a replayed or duplicated event changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});
