import { z } from 'zod';
import { formatCount } from '../intl';

/**
 * Units of an order's lines, as a shipment (decision 157), a refund (162) or a
 * return (163) names them: `[{ orderId, quantity }]`, each line once.
 */
export const orderLinesSchema = (minQuantity: 0 | 1) =>
  z.array(
    z.object({
      orderId: z.string({ message: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
      quantity: z
        .number({ message: 'quantity must be a number' })
        .int('quantity must be a whole number')
        .min(minQuantity, `quantity must be ${minQuantity} or more`)
        .max(1_000_000, 'quantity is too large'),
    }),
    { message: 'lines must be a list of { orderId, quantity }' },
  );

/** True when no line appears twice. */
export const eachLineOnce = (lines: readonly { orderId: string }[]) => new Set(lines.map((l) => l.orderId)).size === lines.length;

/**
 * Issue #39 item 8: what a line's quantity box in the Ship, Return and Refund dialogs accepts, said the
 * same way for -5, 2.5 and 7 ("At most 5." was wrong for the first two). Empty or 0 leaves the line out.
 */
export const lineQuantityMessage = (max: number) =>
  max <= 0
    ? 'Nothing is left on this line; leave it empty or 0.'
    : max === 1
      ? 'Enter 1, or 0 to leave this part out.'
      : `Enter a whole number from 1 to ${formatCount(max)}, or 0 to leave this part out.`;

/** A line's quantity box read: empty is 0; a problem when it is not a whole number from 0 to max. */
export function readLineQuantity(raw: string, max: number): { quantity: number } | { problem: string } {
  const text = raw.trim();
  const n = text === '' ? 0 : Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? { quantity: n } : { problem: lineQuantityMessage(max) };
}
