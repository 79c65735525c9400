import { z } from 'zod';

export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  userName: z.string(),
  email: z.string(),
  country: z.string(),
  address: z.string(),
  phone: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  deleverd: z.boolean(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * POST /order. Only productId, quantity and the modal's fields are used; the
 * spec's client-sent price, paid, email, userName and productName are accepted
 * for compatibility and ignored (the server decides them).
 */
export const createOrderSchema = z.object({
  productId: z.string().min(1, 'productId is required').max(100),
  quantity: z.coerce.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').positive('Quantity must be more than 0'),
  country: z.string().trim().max(100).optional().default(''),
  address: z.string().trim().max(300).optional().default(''),
  phone: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().max(40)).optional().default(''),
  price: z.unknown().optional(),
  paid: z.unknown().optional(),
  email: z.unknown().optional(),
  userName: z.unknown().optional(),
  productName: z.unknown().optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const ordersQuerySchema = z.object({ email: z.string().trim().toLowerCase().min(1, 'email is required') });

/** PATCH /orders/{id}: mark paid once the provider confirms. `order` is the spec's echo and is ignored. */
export const payOrderSchema = z.object({
  transactionId: z.string().trim().min(1, 'transactionId is required').max(200),
  order: z.unknown().optional(),
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

/** POST /create-payment-intent: the amount comes from the order on the server; price is accepted and ignored. */
export const createPaymentIntentSchema = z.object({
  orderId: z.string().min(1, 'orderId is required').max(100),
  price: z.unknown().optional(),
});
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
  amount: z.number(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;
