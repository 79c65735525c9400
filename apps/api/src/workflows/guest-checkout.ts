import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CheckoutQuote, GuestCheckout, guestCheckoutRequestSchema } from '@shop/shared';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { NotFoundError, isUuid } from '../lib/errors';
import { placeCheckout } from './checkout';
import { priceOrder, toQuoteDto } from '../modules/checkout/checkout-pricing';
import { expireReservations, reservationPolicy } from './reservations';
import { checkoutIdOfToken, guestToken } from '../modules/guest/guest-token';

/**
 * Issue #39 item 9 (decision 188): checking out without an account. The checkout is the same as a customer's
 * (placeCheckout: one transaction, the products locked in id order, every line checked, the stock moved through
 * the ledger), with the guest's e-mail on it, no account, and the unpaid caps counted per e-mail and per client
 * address. The guest follows it through a signed link; the account that later verifies the same address gets it.
 */

const productGone = () => new NotFoundError('A part in your cart is no longer sold: remove it and check out again.', 'PRODUCT_NOT_FOUND');
export const guestOrderNotFound = () => new NotFoundError('No order for this link. Check that you opened the whole link from the e-mail.', 'ORDER_NOT_FOUND');

/** POST /guest/checkout/quote: the methods and figures for a browser cart, priced as a customer's without a tax status. */
export async function guestQuote(db: Db, lines: { productId: string; quantity: number }[], place: { country: string; region: string }): Promise<CheckoutQuote> {
  const ids = [...new Set(lines.map((l) => l.productId.toLowerCase()))];
  if (ids.some((id) => !isUuid(id))) throw productGone();
  const found = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const rows = lines.map((l) => {
    const product = byId.get(l.productId.toLowerCase());
    if (!product) throw productGone();
    return { product, quantity: l.quantity };
  });
  return toQuoteDto(await priceOrder(db, '', rows, place));
}

/** POST /guest/checkout: reserves the browser cart for the guest and answers the checkout with its link's token. */
export async function createGuestCheckout(app: FastifyInstance, input: z.output<typeof guestCheckoutRequestSchema>, ip: string): Promise<GuestCheckout> {
  // This guest's reservations past their time must not count against the caps.
  await expireReservations(app, { email: input.email });
  const checkout = await placeCheckout(
    app.db,
    { kind: 'guest', email: input.email, ip, lines: input.lines },
    // A guest gives no VAT ID (decision 188) nor PO number (205): a business buyer checks out with an account.
    { shippingAddress: input.shippingAddress, shippingMethodId: input.shippingMethodId, saveAddress: false, vatId: '', poNumber: '', payment: 'card' },
    reservationPolicy(app),
  );
  return { checkout, token: guestToken(app.config, checkout._id) };
}

/** The checkout a guest's token opens; a missing, altered or foreign token is 404, as is a token of no guest checkout. */
export function guestCheckoutIdOf(app: FastifyInstance, token: string | undefined): string {
  const id = checkoutIdOfToken(app.config, token);
  if (!id) throw guestOrderNotFound();
  return id;
}
