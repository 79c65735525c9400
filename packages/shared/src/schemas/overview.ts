import { z } from 'zod';

/**
 * Issue #25 item 7 (decision 164): the owner's sales overview, GET
 * /admin/overview. Money in dollars; revenue is what paid orders took (goods,
 * shipping and tax), counted on the day they were paid; refunds on the day
 * they were made.
 */
export const overviewPeriodSchema = z.object({
  /** today, 7d, 30d */
  key: z.enum(['today', '7d', '30d']),
  revenue: z.number(),
  orders: z.number().int(),
  averageOrder: z.number(),
  refunds: z.number(),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

export const overviewSchema = z.object({
  /** The day "today" is, in UTC (YYYY-MM-DD). */
  today: z.string(),
  periods: z.array(overviewPeriodSchema),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** The parts that sold the most units in the last 30 days. */
  topParts: z.array(z.object({ productId: z.string().nullable(), name: z.string(), sku: z.string(), units: z.number().int(), revenue: z.number() })),
  /** Parts with fewer than three minimum orders left, fewest first. */
  lowStock: z.array(z.object({ productId: z.string(), name: z.string(), sku: z.string(), stock: z.number().int(), minOrder: z.number().int() })),
});
export type Overview = z.infer<typeof overviewSchema>;
