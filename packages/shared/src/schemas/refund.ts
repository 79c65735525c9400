import { z } from 'zod';
import { eachLineOnce, orderLinesSchema } from './order-lines';

/**
 * Issue #25 item 3 (decision 162): an admin refunds a paid order, in full or
 * in part. POST /purchases/{TT-number or id}/refunds. Money in dollars, like
 * every amount in this API.
 */
export const REFUND_MAX_LINES = 200;

export const createRefundSchema = z
  .object({
    lines: orderLinesSchema(0).max(REFUND_MAX_LINES, `A refund has at most ${REFUND_MAX_LINES} lines.`).default([]),
    /** Refund the shipping charge (with its tax). */
    shipping: z.boolean({ message: 'shipping must be true or false' }).default(false),
    /** A free amount on top (goodwill, a price correction), in dollars with at most 2 decimals. */
    amount: z
      .number({ message: 'amount must be a number' })
      .min(0, 'amount must be 0 or more')
      .max(1_000_000, 'amount is too large')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'amount has at most 2 decimals (cents)')
      .default(0),
    reason: z.string({ message: 'Say why it is refunded.' }).trim().min(1, 'Say why it is refunded.').max(500, 'The reason is at most 500 characters.'),
    /** Put the refunded units back in stock (through the stock ledger). */
    restock: z.boolean({ message: 'restock must be true or false' }).default(false),
    /** The same key again answers the same refund instead of refunding twice (a double click, a retry). */
    idempotencyKey: z.string({ message: 'idempotencyKey is required' }).uuid('idempotencyKey must be a UUID'),
  })
  .refine((r) => eachLineOnce(r.lines), {
    message: 'Each line may appear once in a refund.',
    path: ['lines'],
  });
export type CreateRefundInput = z.input<typeof createRefundSchema>;

export const refundLineSchema = z.object({
  orderId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  tax: z.number(),
});

/** One refund of an order, in the purchase view (additive: `refunds`), oldest first. */
export const refundSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** What went back to the card. */
  total: z.number(),
  goods: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** The free amount on top. */
  extra: z.number(),
  reason: z.string(),
  restocked: z.boolean(),
  lines: z.array(refundLineSchema),
  /** The credit note issued for it (CN-2026-000007), or null while the provider has not confirmed. */
  creditNoteNumber: z.string().nullable(),
  /** succeeded: the money is back; pending: the provider is still working on it. */
  status: z.enum(['succeeded', 'pending']),
});
export type Refund = z.infer<typeof refundSchema>;
