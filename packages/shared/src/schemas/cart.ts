import { z } from 'zod';
import { productSchema } from './product';
import { orderSchema } from './order';

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

/** POST /checkout: the order modal's fields (the same rules as POST /order). */
export const checkoutRequestSchema = z.object({
  country: z.string().trim().max(100).optional().default(''),
  address: z.string().trim().max(300).optional().default(''),
  phone: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(40))
    .optional()
    .default(''),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** unpaid: waiting for its one payment; paid: every order paid with one transaction; expired: its reservation ran out; cancelled: no order left. */
export const checkoutStatusSchema = z.enum(['unpaid', 'paid', 'expired', 'cancelled']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /checkout answers it without `status` (the shape); GET /checkouts/{id} with. */
export const checkoutSchema = z.object({
  _id: z.string(),
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
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** Each short line of a refused checkout (409 CHECKOUT_SHORT, in error.details.lines). */
export const shortLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  requested: z.number().int(),
  available: z.number().int(),
  minOrder: z.number().int(),
});
export type ShortLine = z.infer<typeof shortLineSchema>;
