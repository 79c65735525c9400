import { z } from 'zod';
import { eachLineOnce, orderLinesSchema } from './order-lines';

/**
 * Issue #25 item 4 (decision 163): a customer asks to return units of a
 * shipped order within the return window; the admin approves or rejects it,
 * marks it received and refunds it (optionally putting the units back).
 */
export const RETURN_REASONS = ['wrong_part', 'does_not_fit', 'damaged', 'not_needed'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  does_not_fit: 'Does not fit',
  damaged: 'Damaged',
  not_needed: 'Not needed',
};

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** POST /purchases/{ref}/returns: the order's customer. */
export const createReturnSchema = z
  .object({
    lines: orderLinesSchema(1).min(1, 'Choose at least one part to return.').max(200, 'A return has at most 200 lines.'),
    reason: z.enum(RETURN_REASONS, { message: `reason must be one of ${RETURN_REASONS.join(', ')}` }),
    note: z.string({ message: 'note must be text' }).trim().max(1000, 'The note is at most 1,000 characters.').optional().default(''),
  })
  .refine((r) => eachLineOnce(r.lines), { message: 'Each part may appear once in a return.', path: ['lines'] });
export type CreateReturnInput = z.input<typeof createReturnSchema>;

/** POST /returns/{id}/{approve|reject|receive}: the admin's step, with an optional note to the customer. */
export const returnStepSchema = z.object({
  note: z.string({ message: 'note must be text' }).trim().max(1000, 'The note is at most 1,000 characters.').optional().default(''),
});

/** POST /returns/{id}/refund: refunds the returned units (and optionally the shipping), once. */
export const refundReturnSchema = z.object({
  restock: z.boolean({ message: 'restock must be true or false' }).default(true),
  shipping: z.boolean({ message: 'shipping must be true or false' }).default(false),
});

export const returnIdParamsSchema = z.object({ id: z.string().uuid('That is not a return id.') });

export const returnSchema = z.object({
  _id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  lines: z.array(z.object({ orderId: z.string(), productName: z.string(), quantity: z.number().int() })),
  requestedAt: z.string(),
  /** When the admin approved or rejected it, and what they told the customer. */
  decidedAt: z.string().nullable(),
  decisionNote: z.string(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The refund it became (its id in `refunds`). */
  refundId: z.string().nullable(),
});
export type Return = z.infer<typeof returnSchema>;
