import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PartNumber, PriceTierCents, ShippingBand, TaxCategory } from '@shop/shared';
import { user } from './auth';
import { companies } from './companies';

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
    // Issue #24 (decision 153): what shipping and tax need to know about a part.
    /** Shipping weight of one unit, in grams. */
    weightGrams: integer('weight_grams').notNull().default(500),
    /** Packed dimensions of one unit in millimetres, when known. */
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** Ships on its own (too long or bulky for a parcel): only methods that take oversize parts carry it. */
    oversize: boolean('oversize').notNull().default(false),
    /** standard | reduced | zero */
    taxCategory: text('tax_category').$type<TaxCategory>().notNull().default('standard'),
    /** Issue #26 item 4 (decision 166): the OEM and other makers' numbers it replaces, equals or supersedes. */
    partNumbers: jsonb('part_numbers')
      .$type<PartNumber[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Those numbers as skuKey writes them (part_number_keys(), migration 0027): what search looks up, through a GIN index. */
    partNumberKeys: text('part_number_keys')
      .array()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`part_number_keys(${products.partNumbers})`),
    /**
     * Issue #35 item 3 (decision 217): when the part was discontinued (by an admin, a PIES life-cycle code, a delete or
     * a FULL feed that no longer lists it); null while it is made. Sold while stock lasts, never restocked.
     */
    discontinuedAt: timestamp('discontinued_at', { withTimezone: true }),
  },
  (t) => [
    check('products_weight_positive', sql`${t.weightGrams} > 0`),
    check('products_tax_category_known', sql`${t.taxCategory} in ('standard', 'reduced', 'zero')`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_min_order_positive', sql`${t.minOrder} >= 1`),
    check('products_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('products_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('products_sku_key_unique').on(t.skuKey),
    index('products_category_idx').on(t.category),
    // No pending list (fastupdate off): a bulk insert left one that every search scanned, 5 ms a query at 100,000 parts.
    index('products_part_number_keys_idx').using('gin', t.partNumberKeys).with({ fastupdate: false }),
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
  // Issue #24: a business customer the admin marked tax-exempt, with the VAT or resale number shown on their orders.
  taxExempt: boolean('tax_exempt').notNull().default(false),
  taxId: text('tax_id').notNull().default(''),
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
    /** unpaid | paid | delivered | expired | cancelled (issue #25 item 5: a cancel keeps the order) */
    status: text('status').notNull().default('unpaid'),
    /** When an unpaid order gives its stock back; null once paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Issue #25 item 5 (decision 165): when the customer or an admin cancelled it, unpaid. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Paid after its reservation expired and the stock was gone: the admin must refund. */
    refundDue: boolean('refund_due').notNull().default(false),
    /**
     * The order this row is a line of (issue #34, decision 212: every line has one). The spec's one-product purchase
     * (POST /order) is an order of one line whose id is its line's id, so `/orders/{id}` and the order are one id.
     */
    checkoutId: uuid('checkout_id')
      .notNull()
      .references((): AnyPgColumn => checkouts.id),
    // Issue #24 (decision 153): the order number (a checkout's lines carry their checkout's), the part number at
    // the time, and the line's tax in cents.
    number: bigint('number', { mode: 'number' }),
    sku: text('sku').notNull().default(''),
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_status_known', sql`${t.status} in ('unpaid', 'paid', 'delivered', 'expired', 'cancelled')`),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('orders_email_idx').on(t.email),
    index('orders_user_idx').on(t.userId),
    index('orders_created_at_idx').on(t.createdAt),
    // A payment pays one order: a one-line purchase's payment is kept on its line (the spec's PATCH /orders/{id}).
    uniqueIndex('orders_transaction_id_single_unique')
      .on(t.transactionId)
      .where(sql`${t.checkoutId} = ${t.id}`),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_number_idx').on(t.number),
    // Issue #37 item 3: the quick order's "discontinued" answer looks up lines whose part was deleted, by part number key.
    index('orders_discontinued_sku_idx')
      .on(sql`regexp_replace(lower(${t.sku}), '[[:space:].-]', '', 'g')`)
      .where(sql`${t.productId} is null and ${t.sku} <> ''`),
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
    // Issue #24 (decision 153): the order a checkout is: its number, where it goes, how, and its figures.
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    shipName: text('ship_name').notNull().default(''),
    shipCompany: text('ship_company').notNull().default(''),
    shipLine1: text('ship_line1').notNull().default(''),
    shipLine2: text('ship_line2').notNull().default(''),
    shipCity: text('ship_city').notNull().default(''),
    shipRegion: text('ship_region').notNull().default(''),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull().default(''),
    shipPhone: text('ship_phone').notNull().default(''),
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name').notNull().default(''),
    shippingCarrier: text('shipping_carrier').notNull().default(''),
    shippingMinDays: integer('shipping_min_days'),
    shippingMaxDays: integer('shipping_max_days'),
    goodsCents: integer('goods_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** Prices included the tax (the shop's setting when it was placed): the total is goods + shipping. */
    taxIncluded: boolean('tax_included').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    taxId: text('tax_id').notNull().default(''),
    weightGrams: integer('weight_grams').notNull().default(0),
    // Issue #39 item 5 (decision 183): the EU VAT ID the buyer gave ('' when none), and whether it made the order
    // an intra-Community supply taxed at 0 % (reverse charge), decided at checkout and kept for repricing.
    vatId: text('vat_id').notNull().default(''),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    // Issue #39 item 9 (decision 188): a guest's checkout, placed without an account with `email`; followed through
    // its signed link, capped per e-mail and per client address (`guestIp`), and given to the account that later
    // verifies that address (`linkedAt`). It stays a guest order after linking (the admin sees it so).
    guest: boolean('guest').notNull().default(false),
    guestIp: text('guest_ip').notNull().default(''),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    // Issue #37 item 1 (decision 204): placed by a member of this trade account, which sees it per the member's role.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    // Issue #37 item 4 (decision 205): the buyer's purchase-order number ('' when none), on the invoice and e-mails.
    poNumber: text('po_number').notNull().default(''),
    // Issue #37 item 4 (decision 208): placed on the company's account, without a card. Its lines hold their stock
    // without expiring, it may ship before it is paid, and its invoice at the payment provider (`accountInvoiceId`,
    // payable at `accountInvoiceUrl`) is due at `dueAt`; the invoice's payment marks it paid like a card payment.
    onAccount: boolean('on_account').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    accountInvoiceId: text('account_invoice_id'),
    accountInvoiceUrl: text('account_invoice_url').notNull().default(''),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId),
    index('checkouts_open_account_idx')
      .on(t.companyId, t.dueAt)
      .where(sql`${t.onAccount} and ${t.paidAt} is null`),
    check('checkouts_account_due', sql`not ${t.onAccount} or ${t.dueAt} is not null`),
    index('checkouts_company_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex('checkouts_number_unique').on(t.number),
    index('checkouts_guest_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.guest}`),
  ],
);

/** Issue #24: a customer's saved delivery addresses; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Issue #24: where the shop ships: countries, optionally only some of their regions. */
export const shippingZones = pgTable('shipping_zones', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  countries: text('countries').array().notNull(),
  /** Empty: the whole of each country. */
  regions: text('regions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Issue #24: a way of shipping to a zone, priced by the order's weight (bands), optionally free from a goods total. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    carrier: text('carrier').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    bands: jsonb('bands').$type<ShippingBand[]>().notNull(),
    freeOverCents: integer('free_over_cents'),
    takesOversize: boolean('takes_oversize').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('shipping_methods_zone_idx').on(t.zoneId), check('shipping_methods_days', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`)],
);

/** Issue #24: tax rates per country (optionally region) and tax category, in thousandths of a percent (10.75 % = 10750). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    category: text('category').$type<TaxCategory>().notNull(),
    rate: integer('rate').notNull(),
    taxShipping: boolean('tax_shipping').notNull().default(false),
  },
  (t) => [
    uniqueIndex('tax_rates_place_category_unique').on(t.country, t.region, t.category),
    check('tax_rates_rate_range', sql`${t.rate} between 0 and 100000`),
    check('tax_rates_category_known', sql`${t.category} in ('standard', 'reduced', 'zero')`),
  ],
);

/** Issue #24: the shop's one row of settings. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Prices are entered including tax (EU style) or excluding it (US style, the default). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
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
  /** Issue #22: the refund of a payment the shop could not record; issue #25: the latest of its refunds, and their sum. */
  refundId: text('refund_id'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
});

/**
 * Issue #37 item 4 (decision 208): the built-in processor's invoices, as Stripe's `send_invoice` invoices: open until
 * paid (by a test card on its payment page) or voided. Paying one makes a succeeded payment for its checkout.
 */
export const testInvoices = pgTable('test_invoices', {
  id: text('id').primaryKey(),
  checkoutId: uuid('checkout_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  /** open | paid | void */
  status: text('status').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  email: text('email').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The payment that paid it (a test payment intent's id). */
  paymentId: text('payment_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** One returned line: units of an order line. */
export interface ReturnedLine {
  orderId: string;
  productName: string;
  quantity: number;
}

/**
 * Issue #25 item 4 (decision 163): a customer's return of units of a shipped
 * order (by key: the checkout's id or the lone order's): requested, then
 * approved or rejected by an admin, received, and refunded (order_refunds).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Issue #34 (decision 212): the order, by id (every order is a `checkouts` row).
    orderKey: uuid('order_key')
      .notNull()
      .references(() => checkouts.id),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    lines: jsonb('lines').$type<ReturnedLine[]>().notNull(),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: uuid('refund_id'),
  },
  (t) => [
    index('order_returns_order_key_idx').on(t.orderKey, t.requestedAt),
    check('order_returns_status_known', sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded')`),
    check('order_returns_reason_known', sql`${t.reason} in ('wrong_part', 'does_not_fit', 'damaged', 'not_needed')`),
  ],
);

/** Issue #25 (decision 162): the test processor's refunds, whole or part, each once per idempotency key, as Stripe's. */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** One refunded line: units of an order line, with the goods and tax they gave back. */
export interface RefundedLine {
  orderId: string;
  productName: string;
  quantity: number;
  goodsCents: number;
  taxCents: number;
}

/**
 * Issue #25 item 3 (decision 162): an admin's refund of a paid order (by its
 * key: the checkout's id or the lone order's), made through the payment
 * provider. `pending` while the provider is asked, `succeeded` once it said so
 * (then the credit note is issued), `failed` when it refused (kept, counting
 * for nothing). The idempotency key makes a repeated request the same refund.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Issue #34 (decision 212): the order, by id (every order is a `checkouts` row).
    orderKey: uuid('order_key')
      .notNull()
      .references(() => checkouts.id),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    paymentId: text('payment_id').notNull(),
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    goodsCents: integer('goods_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    extraCents: integer('extra_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull(),
    reason: text('reason').notNull(),
    restock: boolean('restock').notNull(),
    creditNoteId: uuid('credit_note_id'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('order_refunds_order_key_idx').on(t.orderKey, t.createdAt),
    check('order_refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('order_refunds_total_positive', sql`${t.totalCents} > 0`),
  ],
);

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

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** Issue #25: when an admin marked the message handled (null: still open). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The e-mail of the admin who marked it handled, kept as written even if the account goes. */
    handledBy: text('handled_by'),
  },
  (t) => [
    // The Messages page opens on the open messages, newest first; the other tabs page through all of them by date.
    index('contact_messages_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.handledAt} is null`),
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The footer's newsletter (issue #39, decision 186): double opt-in. A new address is `pending` until the link of its
 * confirmation e-mail is opened; `unsubscribed` keeps the row (and its dates) so the admin sees who left.
 * Addresses stored before double opt-in became `confirmed` at their sign-up date (migration 0032).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** pending | confirmed | unsubscribed (NEWSLETTER_STATUSES in @shop/shared). */
    status: text('status').notNull().default('pending'),
    /** SHA-256 (hex) of the single-use confirmation token; null once used, or when none is outstanding. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** When the last confirmation e-mail was sent: its link expires from then, and a repeat waits out a pause. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /**
     * The unsubscribe link's token: random (two v4 UUIDs, 244 random bits), one per address and stable, so the
     * link of every newsletter e-mail ever sent keeps working. Existing rows get theirs from the column default.
     */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    check('newsletter_subscribers_status_known', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    index('newsletter_subscribers_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Issue #25 (decision 157): a parcel that left for an order. `order_key` is
 * the order's key as the purchase views group it: the checkout's id, or a
 * lone spec order's own id. Its lines say how many units of which order line
 * it carries; a line has shipped when its shipments carry its quantity.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Issue #34 (decision 212): the order, by id (every order is a `checkouts` row).
    orderKey: uuid('order_key')
      .notNull()
      .references(() => checkouts.id),
    /** A carrier id of `CARRIERS` in @shop/shared (ups, usps, fedex, dhl, dpd, …, other). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('shipments_order_key_idx').on(t.orderKey, t.shippedAt)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderId] }),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('shipment_lines_order_idx').on(t.orderId),
  ],
);
