import { z } from 'zod';

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
