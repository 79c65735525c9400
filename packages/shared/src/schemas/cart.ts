import { z } from 'zod';
import { orderLineComponentSchema } from './kit';
import { productSchema } from './product';
import { orderSchema } from './order';
import { ADMIN_ORDER_STATUSES, adminOrderCountsSchema } from './order-admin';
import { addressSchema } from '../address';
import { vatIdSchema } from '../vat';
import { addressViewSchema } from './address-book';
import { shipmentSchema } from './shipment';
import { refundSchema } from './refund';
import { returnSchema } from './return';
import { emailSchema } from './common';
import { DIAGRAM_CALLOUTS_MAX } from '../diagrams';

/**
 * Issue #9, parts 4 and 5: the server cart of a signed-in customer and one
 * checkout with one payment (decision 120). Money is in dollars, like every
 * price in this API; line totals follow the shared price rule (orderPrice).
 */

const quantitySchema = z.coerce
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity must be 0 or more')
  .max(1_000_000, 'Quantity is too large');

export const cartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  /** unitPrice / minOrder × quantity, rounded half-up to the cent (orderPrice). */
  lineTotal: z.number(),
  product: productSchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** GET /cart and every cart write: the whole cart, lines by product name. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  total: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartLineParamsSchema = z.object({ productId: z.string().min(1).max(100) });

/** PUT /cart/lines/{productId}: 0 removes the line; otherwise minOrder ≤ quantity ≤ stock. */
export const setCartLineSchema = z.object({ quantity: quantitySchema });
export type SetCartLineInput = z.input<typeof setCartLineSchema>;

/** POST /cart/merge: the guest's browser cart, sent once at sign-in. */
export const mergeCartSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().min(1).max(100),
        quantity: quantitySchema,
      }),
    )
    .max(200, 'A cart holds at most 200 lines'),
});
export type MergeCartInput = z.input<typeof mergeCartSchema>;

/**
 * POST /checkout (issue #24): where the order goes and how. The address is
 * required and checked per country (addressSchema); without a method, the
 * cheapest one that serves the address and the cart is taken.
 */
/** Issue #37 item 4 (decision 205): a purchase-order number as buyers' systems write them. */
export const PO_NUMBER_MAX = 40;
export const poNumberSchema = z
  .string({ message: 'PO number must be text' })
  .trim()
  .max(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`)
  .regex(/^[\p{L}\p{N} ._/#-]*$/u, 'PO number may hold letters, digits, spaces and . _ / # - only')
  .optional()
  .default('');

export const checkoutRequestSchema = z.object({
  shippingAddress: addressSchema,
  shippingMethodId: z.string().uuid({ message: 'shippingMethodId is not a valid shipping method id' }).optional(),
  /** Keep this address in the customer's address book (as the default when they have none). */
  saveAddress: z.boolean({ message: 'saveAddress must be true or false' }).optional().default(false),
  /** Issue #39 (decision 183): a business buyer's EU VAT ID, checked by format and check digits; empty: none. */
  vatId: vatIdSchema,
  /** Issue #37 item 4 (decision 205): a company buyer's purchase-order number, printed on the invoice; empty: none. */
  poNumber: poNumberSchema,
  /**
   * Issue #37 item 4 (decision 208): `account` places the order on the company's account, without a card, its invoice
   * due in the company's payment terms; only a member of a company with terms may. `card` (the default): paid now.
   */
  payment: z.enum(['card', 'account'], { message: 'payment must be "card" or "account"' }).optional().default('card'),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** Decision 208: an order placed on account: its invoice, when it is due, and where it is paid. */
export const onAccountSchema = z.object({
  /** ISO time the invoice is due. */
  dueAt: z.string(),
  /** Unpaid past its due date. */
  overdue: z.boolean(),
  /** The payment provider's page where the invoice is paid (null until the provider has issued it). */
  invoiceUrl: z.string().nullable(),
  paid: z.boolean(),
});
export type OnAccount = z.infer<typeof onAccountSchema>;

/* ------------------------------------------- issue #39 item 9: guest checkout */

/** A line of a guest's browser cart, as the guest checkout and its quote take it. */
const guestLinesSchema = z
  .array(
    z.object({
      productId: z.string().trim().min(1, 'productId is required').max(100),
      quantity: z.coerce
        .number({ message: 'Quantity must be a number' })
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be 1 or more')
        .max(1_000_000, 'Quantity is too large'),
    }),
  )
  .min(1, 'Your cart is empty: add parts to it before checking out.')
  .max(200, 'A cart holds at most 200 lines');

/**
 * POST /guest/checkout (decision 188): a visitor checks out their browser cart without an account, with the
 * e-mail address the receipt and the order's link go to, and the delivery address and method as a customer does.
 */
export const guestCheckoutRequestSchema = z.object({
  email: emailSchema,
  lines: guestLinesSchema,
  shippingAddress: addressSchema,
  shippingMethodId: z.string().uuid({ message: 'shippingMethodId is not a valid shipping method id' }).optional(),
});
export type GuestCheckoutRequest = z.input<typeof guestCheckoutRequestSchema>;

/** POST /guest/checkout/quote: the shipping methods and figures for a browser cart to this place. */
export const guestQuoteRequestSchema = z.object({
  lines: guestLinesSchema,
  country: z
    .string({ message: 'country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO country code'),
  region: z.string().trim().toUpperCase().max(100).optional().default(''),
});
export type GuestQuoteRequest = z.input<typeof guestQuoteRequestSchema>;

/** PATCH /guest/order: the payment to record for the guest's order. */
export const guestPaySchema = z.object({
  transactionId: z.string({ message: 'transactionId is required' }).trim().min(1, 'transactionId is required').max(255),
});

export const shippingMethodSummarySchema = z.object({
  name: z.string(),
  carrier: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type ShippingMethodSummary = z.infer<typeof shippingMethodSummarySchema>;

/** Issue #24: what the order keeps of each line beyond the spec's Order shape. */
export const orderLineSchema = z.object({
  orderId: z.string(),
  sku: z.string(),
  tax: z.number(),
  /** The lot price the line was priced with, and the lot size (minimum order) at the time. */
  unitPrice: z.number(),
  minOrder: z.number().int(),
  /** Issue #25 (decision 162): units of this line refunded so far. */
  refundedQuantity: z.number().int(),
  /** Decision 220: what a kit line was made of when bought, with each part's share; absent for a plain part. */
  kitParts: z.array(orderLineComponentSchema).optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** unpaid: waiting for its one payment; paid: every order paid with one transaction; expired: its reservation ran out; cancelled: no order left. */
export const checkoutStatusSchema = z.enum(['unpaid', 'paid', 'expired', 'cancelled']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /checkout answers it without `status` (the shape); GET /checkouts/{id} with. */
export const checkoutSchema = z.object({
  _id: z.string(),
  /** Issue #37 item 4 (decision 205): the buyer's purchase-order number, present only when one was given. */
  poNumber: z.string().optional(),
  /** Decision 208: present only for an order placed on the company's account. */
  onAccount: onAccountSchema.optional(),
  /** One order per cart line, in the spec's Order shape, each with `checkoutId`. */
  orders: z.array(orderSchema),
  /** The sum of its orders' prices: what the one payment is for. */
  total: z.number(),
  status: checkoutStatusSchema,
  /** The one payment's id once paid. */
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** When its unpaid orders give their stock back (ISO time); null once paid or expired. */
  expiresAt: z.string().nullable(),
  // Issue #24 (decision 153): the order a checkout is.
  /** The human order number, e.g. TT-10042. */
  number: z.string(),
  /** Where it ships; null for an order placed before addresses were required. */
  shipTo: addressViewSchema.nullable(),
  shippingMethod: shippingMethodSummarySchema.nullable(),
  /** The goods (lines) as charged. */
  goods: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** Prices included the tax: total = goods + shipping; otherwise goods + shipping + tax. */
  taxIncluded: z.boolean(),
  taxExempt: z.boolean(),
  /** The VAT or resale number of a tax-exempt business customer. */
  taxId: z.string(),
  /** Issue #39 (decision 183): the EU VAT ID the buyer gave at checkout ('' when none). */
  vatId: z.string(),
  /** The VAT ID made it an intra-Community supply: 0 % tax, the buyer accounts for the VAT (reverse charge). */
  reverseCharge: z.boolean(),
  /** Every line's part number and tax, by order id. */
  lines: z.array(orderLineSchema),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** POST /guest/checkout's answer: the checkout, and the token of its link (the page keeps it in the address). */
export const guestCheckoutSchema = z.object({ checkout: checkoutSchema, token: z.string() });
export type GuestCheckout = z.infer<typeof guestCheckoutSchema>;

/* ----------------------------------------------------------- issue #24 quotes */

/** POST /checkout/quote: the shipping methods and the order's figures for the cart to this place. */
export const checkoutQuoteRequestSchema = z.object({
  country: z
    .string({ message: 'country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO country code'),
  region: z.string().trim().toUpperCase().max(100).optional().default(''),
  /** Issue #39: the buyer's EU VAT ID, priced as the checkout will price it. */
  vatId: vatIdSchema,
});
export type CheckoutQuoteRequest = z.input<typeof checkoutQuoteRequestSchema>;

export const orderFiguresSchema = z.object({
  goods: z.number(),
  shipping: z.number(),
  tax: z.number(),
  taxIncluded: z.boolean(),
  total: z.number(),
});
export type OrderFigures = z.infer<typeof orderFiguresSchema>;

export const shippingOptionSchema = shippingMethodSummarySchema.extend({
  id: z.string(),
  price: z.number(),
  /** The order's figures with this method. */
  figures: orderFiguresSchema,
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const checkoutQuoteSchema = z.object({
  /** Cheapest first; empty when nothing can carry this cart there (see `problem`). */
  options: z.array(shippingOptionSchema),
  weightGrams: z.number().int(),
  goods: z.number(),
  taxExempt: z.boolean(),
  /** Issue #39: the VAT ID as checked (normalized), and whether it makes the order reverse charge (0 % tax). */
  vatId: z.string(),
  reverseCharge: z.boolean(),
  /** Why no method is offered, in words for the customer; null when there are options. */
  problem: z.string().nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** Each short line of a refused checkout (409 CHECKOUT_SHORT, in error.details.lines). */
export const shortLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  requested: z.number().int(),
  available: z.number().int(),
  minOrder: z.number().int(),
});
export type ShortLine = z.infer<typeof shortLineSchema>;

/* ------------------------------------------------------ issue #24: one order */

/**
 * An order's one status: its lines are paid, delivered and expire together.
 * Issue #25 (decision 157): a paid order is `partially_shipped` once some of
 * its units left, `shipped` when every line has; delivered still comes last.
 * Issue #25 item 5 (decision 165): a cancelled order is kept as `cancelled`.
 */
export const purchaseStatusSchema = z.enum(['unpaid', 'paid', 'partially_shipped', 'shipped', 'delivered', 'expired', 'cancelled']);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

/**
 * One order as a person sees it (decision 153): a checkout of many lines, or
 * a lone spec order as an order of one line. `_id` is the checkout's id, or
 * the lone order's; `orders` are its lines in the spec's Order shape.
 */
export const purchaseSchema = checkoutSchema.omit({ status: true }).extend({
  kind: z.enum(['checkout', 'single']),
  status: purchaseStatusSchema,
  userName: z.string(),
  email: z.string(),
  paidAt: z.string().nullable(),
  /** Issue #25 (decision 156): the invoice issued when it was paid (INV-2026-000123), or null. */
  invoiceNumber: z.string().nullable(),
  /** Issue #25: its shipments, oldest first, each with its lines and tracking link. */
  shipments: z.array(shipmentSchema),
  /** Issue #25 item 3 (decision 162): its refunds, oldest first, and what they gave back in all. */
  refunds: z.array(refundSchema),
  refunded: z.number(),
  /** Issue #39 item 6 (decision 184): what the payment took less what went back (refunded); 0 while unpaid. */
  netPaid: z.number(),
  /** Issue #25 item 4 (decision 163): its returns, oldest first, and until when the customer may ask for one (null: not shipped yet). */
  returns: z.array(returnSchema),
  returnableUntil: z.string().nullable(),
  /** Issue #25 item 5: when its last line was delivered (the spec's "Dleverd"), or null. */
  deliveredAt: z.string().nullable(),
  /** Issue #25 item 5 (decision 165): when it was cancelled (unpaid), or null. */
  cancelledAt: z.string().nullable(),
  /** Issue #39 item 9 (decision 188): placed by a guest (true even once linked to an account); absent otherwise. */
  guest: z.literal(true).optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const PURCHASES_MAX_LIMIT = 50;
export const purchasesQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(PURCHASES_MAX_LIMIT, `limit must be ${PURCHASES_MAX_LIMIT} or less`)
    .default(20),
  status: z.enum(ADMIN_ORDER_STATUSES, { message: `status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}` }).default('all'),
  /** Order number (TT-10042), transaction id, e-mail, name, part name or part number. */
  q: z.string().trim().max(200, 'q must be 200 characters or fewer').optional(),
});
export type PurchasesQuery = z.input<typeof purchasesQuerySchema>;
/** Issue #39 item 6 (decision 184): the admin's orders and lines exports take the list's tab and search. */
export const purchasesExportQuerySchema = purchasesQuerySchema.pick({ status: true, q: true });

export const purchasePageSchema = z.object({
  items: z.array(purchaseSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  // The same status tabs as Manage All Orders.
  counts: adminOrderCountsSchema,
});
export type PurchasePage = z.infer<typeof purchasePageSchema>;

/** GET /purchases/{ref}: an order number (TT-10042) or an id. */
export const purchaseRefParamsSchema = z.object({ ref: z.string().trim().min(1, 'ref is required').max(100) });

/** POST /cart/lines (decision 197): several lines set in one request, all or none (a diagram's picked rows). */
export const addCartLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().uuid({ message: 'productId must be a product id' }),
        quantity: z.number({ message: 'quantity must be a whole number' }).int('quantity must be a whole number').positive('quantity must be 1 or more'),
      }),
    )
    .min(1, 'Pick at least one part to add.')
    .max(DIAGRAM_CALLOUTS_MAX, `At most ${DIAGRAM_CALLOUTS_MAX} lines at once`),
});
export type AddCartLinesInput = z.infer<typeof addCartLinesSchema>;
