import { z } from 'zod';
import { orderSchema } from './order';

/** The status tabs of Manage All Orders. `all` is every order. */
export const ADMIN_ORDER_STATUSES = ['all', 'unpaid', 'paid', 'delivered', 'expired', 'cancelled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export const ADMIN_ORDERS_MAX_LIMIT = 100;
export const ADMIN_ORDERS_DEFAULT_LIMIT = 20;

const positiveInt = (name: string, max?: number) => {
  let n = z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`);
  if (max) n = n.max(max, `${name} must be ${max} or less`);
  return n.optional();
};

/**
 * GET /allorders. Without any parameter the spec's plain array is answered;
 * with any of them, one page of `{ items, total, page, limit, pages, counts }`.
 */
export const adminOrdersQuerySchema = z.object({
  page: positiveInt('page'),
  limit: positiveInt('limit', ADMIN_ORDERS_MAX_LIMIT),
  status: z.enum(ADMIN_ORDER_STATUSES, { message: `status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(200, 'q must be 200 characters or fewer').optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** The export takes the same filters, without paging. */
export const adminOrdersExportQuerySchema = adminOrdersQuerySchema.pick({ status: true, q: true });

/** Orders per status tab, for the current search (`q`), so the tab badges match what a click shows. */
export const adminOrderCountsSchema = z.object({
  all: z.number().int(),
  unpaid: z.number().int(),
  paid: z.number().int(),
  delivered: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
});
export type AdminOrderCounts = z.infer<typeof adminOrderCountsSchema>;

export const adminOrderPageSchema = z.object({
  items: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  counts: adminOrderCountsSchema,
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/**
 * Issue #22: a payment that succeeded at the provider, could not be recorded
 * against anything payable, and could not be refunded automatically either:
 * the shop owes it back (GET /refunds-due, admin).
 */
export const refundDueSchema = z.object({
  paymentId: z.string(),
  /** Dollars, like every amount of the API. */
  amount: z.number(),
  currency: z.string(),
  /** What the payment was for, from its metadata. */
  orderId: z.string().nullable(),
  checkoutId: z.string().nullable(),
  email: z.string().nullable(),
  /** Why it could not be recorded. */
  reason: z.string(),
  /** What the provider answered to the last refund attempt. */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type RefundDue = z.infer<typeof refundDueSchema>;
export const refundDueListSchema = z.array(refundDueSchema);
