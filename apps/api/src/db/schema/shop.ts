import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PriceTierCents } from '@shop/shared';
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
    // Issue #8 (catalog): part number, brand, category, pictures and an edit version.
    /** The part number; a product added without one gets TT- and 8 random hex digits (decision 090). */
    sku: text('sku')
      .notNull()
      .default(sql`('TT-' || upper(substr(md5(gen_random_uuid()::text), 1, 8)))`),
    /** The part number without case, spaces, dots or dashes (skuKey in @shop/shared): what uniqueness is checked on. */
    skuKey: text('sku_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`regexp_replace(lower(${products.sku}), '[[:space:].-]', '', 'g')`),
    brand: text('brand').notNull().default('Unbranded'),
    category: text('category').notNull().default('accessories'),
    /** Ordered picture URLs; the first is always `img`. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Goes up on every change (stock included), for optimistic concurrency of edits. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    // Issue #11 (fitment): a universal part fits every vehicle; others list their fitment in product_fitments.
    universal: boolean('universal').notNull().default(false),
    /**
     * Issue #11 part 5 (decision 131): quantity price tiers, sorted by minQuantity, prices in cents per
     * minimum-order lot. A column of the row, so a tier change is a products UPDATE (version, cache notify).
     */
    priceTiers: jsonb('price_tiers')
      .$type<PriceTierCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_min_order_positive', sql`${t.minOrder} >= 1`),
    check('products_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('products_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('products_sku_key_unique').on(t.skuKey),
    index('products_category_idx').on(t.category),
    // Search pages sorted by price walk it and stop after the page (decision 112).
    index('products_price_idx').on(t.unitPriceCents, t.id),
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
    // Issue #22 (decision 151): a review is about a part its writer bought and paid for, one per part and customer.
    // The demo reviews have none; a deleted part leaves its reviews, with their badge and the part's name.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name'),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
    uniqueIndex('reviews_user_product_unique')
      .on(t.userId, t.productId)
      .where(sql`${t.productId} is not null`),
    index('reviews_product_created_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.productId} is not null`),
  ],
);

/**
 * Orders keep the product's name and price at the time of ordering, so deleting
 * a product never breaks or loses them (product_id becomes null).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Deleting an account detaches its orders (they keep userName and email) instead of erasing paid sales.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
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
    // Unique for single orders; the orders of one checkout share the checkout's one payment (decision 120).
    transactionId: text('transaction_id'),
    deleverd: boolean('deleverd').notNull().default(false),
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** How a paid order was paid: 'test' (no real money moved) or 'live'; null while unpaid. */
    paymentMode: text('payment_mode').$type<'test' | 'live'>(),
    // Issue #8 (catalog): reservations that expire. `paid`/`deleverd` stay for the spec and agree with `status`.
    /** unpaid | paid | delivered | expired */
    status: text('status').notNull().default('unpaid'),
    /** When an unpaid order gives its stock back; null once paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Paid after its reservation expired and the stock was gone: the admin must refund. */
    refundDue: boolean('refund_due').notNull().default(false),
    /** Issue #9: the checkout this order is one line of; null for a single order. */
    checkoutId: uuid('checkout_id').references((): AnyPgColumn => checkouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_status_known', sql`${t.status} in ('unpaid', 'paid', 'delivered', 'expired')`),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('orders_email_idx').on(t.email),
    index('orders_user_idx').on(t.userId),
    index('orders_created_at_idx').on(t.createdAt),
    uniqueIndex('orders_transaction_id_single_unique')
      .on(t.transactionId)
      .where(sql`${t.checkoutId} is null`),
    index('orders_checkout_idx').on(t.checkoutId),
  ],
);

/**
 * Issue #9: a signed-in customer's cart, one row per product. Lines go with
 * the account or the product (cascade); prices are never stored here.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), check('cart_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * Issue #9: one checkout of a cart: one order per line (orders.checkout_id),
 * paid once. `totalCents` is the total when it was placed; the amount to pay
 * is the sum of its orders still there (decision 120).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The one payment that paid every order of this checkout. */
    transactionId: text('transaction_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('checkouts_user_idx').on(t.userId)],
);

/** Payment intents of the built-in test processor (the stripe adapter keeps them at Stripe). */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  /** The order it pays, or null when it pays a checkout (checkout_id). */
  orderId: uuid('order_id'),
  checkoutId: uuid('checkout_id'),
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
  /** Issue #22: the refund of a payment the shop could not record (one refund, of the whole amount). */
  refundId: text('refund_id'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
});

/**
 * Issue #22: payments that succeeded at the provider but could not be
 * recorded against anything payable (a second payment of an order or
 * checkout, a line of a checkout paid on its own, an amount that no longer
 * fits). Each is refunded through the provider, or, when that fails, left
 * `refund_due` for the admin with its amount, and retried by the
 * reconciliation. One row per payment: the refund happens once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    paymentId: text('payment_id').primaryKey(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** What the payment was for (its metadata), if that still exists. */
    orderId: uuid('order_id'),
    checkoutId: uuid('checkout_id'),
    email: text('email'),
    /** Why it could not be recorded. */
    reason: text('reason').notNull(),
    /** refund_due (not refunded yet) | refunded */
    status: text('status').notNull(),
    refundId: text('refund_id'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_refunds_status_known', sql`${t.status} in ('refund_due', 'refunded')`),
    index('payment_refunds_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'refund_due'`),
  ],
);

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
