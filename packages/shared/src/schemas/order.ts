import { z } from 'zod';
import { ADDRESS_MESSAGES, countryName, findRegion, regionsOf } from '../address';
import { countryFromText, phoneFromText, regionFromText } from '../address-format';

/** Issue #24: what the spec's order modal must say about where the order ships. */
export const SHIP_TO_MESSAGES = {
  country: 'Enter the country the parts ship to',
  unknownCountry: (typed: string) => `We do not know a country called "${typed}": enter its English name, such as Germany or United States`,
  address: 'Enter the delivery address: street and number, postal code and town',
  phone: 'Enter a phone number for the carrier',
} as const;

/** Whether real money moved for a paid order. */
export const paymentModeSchema = z.enum(['test', 'live']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

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
  /** 'test' when the order was paid without real money (test processor or Stripe test keys); null while unpaid. */
  paymentMode: paymentModeSchema.nullable(),
  // Issue #8: every order's status (the spec's paid/deleverd flags agree with it) and its reservation.
  status: z.enum(['unpaid', 'paid', 'delivered', 'expired', 'cancelled']),
  /** When an unpaid order gives its stock back (ISO time); null once paid or expired. */
  expiresAt: z.string().nullable(),
  /** Paid after its reservation expired while the part was sold out: the admin must refund it. */
  refundDue: z.boolean(),
  /** Issue #9: the checkout this order is a line of; absent for a single order. */
  checkoutId: z.string().optional(),
  /** Issue #24: the number of the order this is (a checkout's lines share it), e.g. TT-10042; null when it has none. */
  orderNumber: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * POST /order. Only productId, quantity and the modal's fields are used; the
 * spec's client-sent price, paid, email, userName and productName are accepted
 * for compatibility and ignored (the server decides them).
 */
export const createOrderSchema = z
  .object({
    productId: z.string({ message: 'productId is required' }).min(1, 'productId is required').max(100),
    quantity: z.coerce.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').positive('Quantity must be more than 0'),
    // Issue #24 (decision 153, a deviation from the spec's "none marked required"): an order must say where it
    // ships. The country is a known country, the address is there, and the phone can be dialled there (E.164).
    country: z.string({ message: SHIP_TO_MESSAGES.country }).trim().min(1, SHIP_TO_MESSAGES.country).max(100),
    address: z.string({ message: SHIP_TO_MESSAGES.address }).trim().min(5, SHIP_TO_MESSAGES.address).max(300),
    phone: z
      .union([z.string(), z.number()], { message: SHIP_TO_MESSAGES.phone })
      .transform((v) => String(v).trim())
      .pipe(z.string().min(1, SHIP_TO_MESSAGES.phone).max(40)),
    // Decision 160: the state, province or territory, for tax and shipping zones (US, CA, AU). Optional: when
    // missing it is read from the address ("Portland, OR 97201"); the modal offers a list for those countries.
    region: z.string({ message: 'region must be text' }).trim().max(100).optional().default(''),
    price: z.unknown().optional(),
    paid: z.unknown().optional(),
    email: z.unknown().optional(),
    userName: z.unknown().optional(),
    productName: z.unknown().optional(),
  })
  .superRefine((o, ctx) => {
    const code = countryFromText(o.country);
    if (!code) return void ctx.addIssue({ code: 'custom', path: ['country'], message: SHIP_TO_MESSAGES.unknownCountry(o.country) });
    if (!phoneFromText(o.phone, code, true)) ctx.addIssue({ code: 'custom', path: ['phone'], message: ADDRESS_MESSAGES.phoneInvalid(code) });
    if (o.region && regionsOf(code) && !findRegion(code, o.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: ADDRESS_MESSAGES.regionUnknown(code) });
    }
  })
  .transform((o) => {
    const code = countryFromText(o.country)!;
    const region = o.region ? (regionsOf(code) ? findRegion(code, o.region)!.code : o.region) : (regionFromText(o.address, code) ?? '');
    return { ...o, country: countryName(code) ?? o.country, countryCode: code, region, phone: phoneFromText(o.phone, code, true)! };
  });
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const ordersQuerySchema = z.object({ email: z.string({ message: 'email is required' }).trim().toLowerCase().min(1, 'email is required') });

/** PATCH /orders/{id}: mark paid once the provider confirms. `order` is the spec's echo and is ignored. */
export const payOrderSchema = z.object({
  transactionId: z.string({ message: 'transactionId is required' }).trim().min(1, 'transactionId is required').max(200),
  order: z.unknown().optional(),
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

/**
 * POST /create-payment-intent: the amount comes from the order on the server;
 * price is accepted and ignored. Issue #9: `{ checkoutId }` instead pays a
 * whole checkout (the sum of its orders). Exactly one of the two is given.
 */
export const createPaymentIntentSchema = z
  .object({
    orderId: z.string().min(1, 'orderId is required').max(100).optional(),
    checkoutId: z.string().min(1, 'checkoutId is required').max(100).optional(),
    price: z.unknown().optional(),
  })
  .refine((b) => (b.orderId === undefined) !== (b.checkoutId === undefined), {
    message: 'orderId is required (or checkoutId to pay a checkout, but not both)',
    path: ['orderId'],
  });
/** `amount` is the order's price in dollars, like every price in this API. */
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
  amount: z.number(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/**
 * GET /payment-config (public): which processor takes payments, and whether
 * every page must warn that no real payments are taken (the test processor
 * in production, decision 071).
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  testModeBanner: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * The built-in `test` payment processor speaks the same flow as Stripe.js
 * (create a card payment method, then confirm with the client secret). The
 * fields are loose on purpose: the processor itself answers Stripe's card
 * error codes (invalid_number, invalid_expiry, invalid_cvc) with its messages.
 */
export const testPaymentMethodRequestSchema = z.object({
  number: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().max(40, 'Your card number is invalid.')),
  expMonth: z.union([z.string().max(4), z.number()]),
  expYear: z.union([z.string().max(4), z.number()]),
  cvc: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().max(8, "Your card's security code is invalid.")),
  billingDetails: z
    .object({
      name: z.string().trim().max(200).optional(),
      email: z.string().trim().max(254).optional(),
    })
    .optional(),
});
export type TestPaymentMethodRequest = z.input<typeof testPaymentMethodRequestSchema>;

export const testPaymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
});
export type TestPaymentMethod = z.infer<typeof testPaymentMethodSchema>;

export const testConfirmRequestSchema = z.object({
  clientSecret: z.string({ message: 'clientSecret is required' }).trim().min(1, 'clientSecret is required').max(300),
  paymentMethod: z.string({ message: 'paymentMethod is required' }).trim().min(1, 'paymentMethod is required').max(100),
});
export type TestConfirmRequest = z.infer<typeof testConfirmRequestSchema>;

/** `amount` here is in cents, as Stripe's PaymentIntent reports it. */
export const testConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number().int() }),
});
export type TestConfirmResponse = z.infer<typeof testConfirmResponseSchema>;

/**
 * Issue #37 item 4 (decision 208): the built-in processor's invoice page, as Stripe's hosted invoice page shows one:
 * what is owed, when it is due, for which order, and whether it is open, paid or void. `amount` in dollars.
 */
export const testInvoiceSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  dueAt: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** Where the buyer goes back to: the order's page in the shop. */
  orderPath: z.string().nullable(),
});
export type TestInvoice = z.infer<typeof testInvoiceSchema>;

export const testInvoicePayRequestSchema = z.object({
  paymentMethod: z.string({ message: 'paymentMethod is required' }).trim().min(1, 'paymentMethod is required').max(100),
});
export type TestInvoicePayRequest = z.infer<typeof testInvoicePayRequestSchema>;

/** Card errors of the test processor, shaped like Stripe's: code plus, for declines, decline_code. */
export const cardErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    decline_code: z.string().optional(),
  }),
});
export type CardErrorResponse = z.infer<typeof cardErrorResponseSchema>;
