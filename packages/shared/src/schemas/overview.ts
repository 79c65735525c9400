import { z } from 'zod';

/**
 * Issue #25 item 7 (decision 164), issue #39 item 6 (decision 184): the
 * owner's sales overview, GET /admin/overview. Money in dollars, every figure
 * without tax and apart from the others: gross sales (goods of the orders paid
 * in the period), shipping, tax, refunds (made in the period) and net sales
 * (gross sales − goods refunded − other credit). Orders count on the UTC day
 * they were paid, refunds on the day they were made.
 */
export const overviewPeriodSchema = z.object({
  /** today, 7d, 30d */
  key: z.enum(['today', '7d', '30d']),
  /** The goods (without tax) of the live lines of the orders paid in the period. */
  grossSales: z.number(),
  /** Their shipping charges, without tax. */
  shipping: z.number(),
  /** The tax they charged, on goods and shipping. */
  tax: z.number(),
  /** What succeeded refunds made in the period gave back: refunded.goods + shipping + tax + other. */
  refunds: z.number(),
  refunded: z.object({ goods: z.number(), shipping: z.number(), tax: z.number(), other: z.number() }),
  /** grossSales − refunded.goods − refunded.other. */
  netSales: z.number(),
  orders: z.number().int(),
  /** grossSales ÷ orders. */
  averageOrder: z.number(),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

export const overviewSchema = z.object({
  /** The day "today" is, in UTC (YYYY-MM-DD). */
  today: z.string(),
  periods: z.array(overviewPeriodSchema),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(z.object({ date: z.string(), grossSales: z.number(), orders: z.number().int() })),
  /** The parts that sold the most units in the last 30 days; revenue is their goods without tax. */
  topParts: z.array(z.object({ productId: z.string().nullable(), name: z.string(), sku: z.string(), units: z.number().int(), revenue: z.number() })),
  /** Parts with fewer than three minimum orders left, fewest first. */
  lowStock: z.array(z.object({ productId: z.string(), name: z.string(), sku: z.string(), stock: z.number().int(), minOrder: z.number().int() })),
  /** Issue #37 item 4 (decision 208): what companies owe on account, and how much of it is past its due date. */
  receivables: z.object({ open: z.number().int(), openTotal: z.number(), overdue: z.number().int(), overdueTotal: z.number() }).optional(),
});
export type Overview = z.infer<typeof overviewSchema>;

/**
 * Issue #39 item 2 (decision 180): what waits on the shop, for the admin's sidebar and Manage All Orders (GET /admin/waiting).
 * Orders are counted as people see them (a checkout is one order).
 */
export const waitingSchema = z.object({
  /** Paid orders of which nothing has shipped or been delivered yet. */
  toShip: z.number().int().nonnegative(),
  /** Return requests waiting for the shop's decision (promised within two business days). */
  returnsToApprove: z.number().int().nonnegative(),
  /** Approved returns whose parts have not been marked received. */
  returnsToReceive: z.number().int().nonnegative(),
  /** Orders flagged for a refund (paid after their reservation lapsed), received returns not refunded yet, and payments whose refund failed. */
  refundsDue: z.number().int().nonnegative(),
  /** Contact-form messages not marked handled. */
  openMessages: z.number().int().nonnegative(),
});
export type Waiting = z.infer<typeof waitingSchema>;
