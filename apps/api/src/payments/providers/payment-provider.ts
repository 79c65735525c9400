export { PAYMENT_ID_RE, WebhookSignatureError } from '../provider-common';

/**
 * The payment-provider port. Two adapters: `test` (built in, default) and
 * `stripe` (official SDK). The server only marks an order paid after
 * `retrievePayment` says the payment succeeded for exactly the order's amount.
 */
export interface CreatedPayment {
  id: string;
  clientSecret: string;
}
export interface RetrievedPayment {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'canceled' | string;
  amountCents: number;
  currency: string;
  orderId: string | null;
  /** Issue #9: the checkout it pays (all its orders at once); null or absent for a single order's payment. */
  checkoutId?: string | null;
  /** Present when the provider returns it (both adapters do with a secret key); lets an unfinished intent be reused. */
  clientSecret?: string | null;
  /** True only when the provider really took money (Stripe's livemode); orders record it as paymentMode. */
  livemode: boolean;
}

/** A refund the provider took on (`pending` ones complete later at the provider, as Stripe's may). */
export interface PaymentRefund {
  id: string;
  status: 'succeeded' | 'pending' | string;
  amountCents: number;
}

/**
 * Issue #37 item 4 (decision 208): an invoice a company pays on account (Stripe's `collection_method=send_invoice`),
 * for one checkout, due on a date, payable at the provider's page.
 */
export interface AccountInvoice {
  id: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible' | string;
  amountCents: number;
  /** What was paid (the whole amount once `paid`). */
  amountPaidCents: number;
  currency: string;
  checkoutId: string | null;
  dueAt: Date | null;
  /** The provider's page where the buyer pays it (null when the provider has none). */
  hostedUrl: string | null;
  /** The payment that paid it, once paid: the shop records it as the checkout's payment (and refunds through it). */
  paymentId: string | null;
  livemode: boolean;
}

/** A verified provider event, reduced to what the shop acts on. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The PaymentIntent carried by payment_intent.* events. */
  payment: RetrievedPayment | null;
  /** The invoice carried by invoice.* events (decision 208). */
  invoice?: AccountInvoice | null;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  /** Pays one order (`orderId`) or every order of a checkout (`checkoutId`, issue #9); exactly one of them is given. */
  createPayment(input: { orderId?: string; checkoutId?: string; amountCents: number; email: string; idempotencyKey: string }): Promise<CreatedPayment>;
  /** null when the provider has no payment with that id. */
  retrievePayment(id: string): Promise<RetrievedPayment | null>;
  /**
   * Make an unfinished payment impossible to complete (before its order is
   * cancelled). Returns the payment as it ends up: `succeeded` means it was
   * too late and the money was taken. null when unknown.
   */
  cancelPayment(id: string): Promise<RetrievedPayment | null>;
  /**
   * Issue #22: give back the whole amount of a succeeded payment the shop
   * could not record. The idempotency key makes a repeated call return the
   * first refund instead of refunding twice; a payment refunded already
   * answers its refund. Throws when the provider refuses or cannot be reached.
   */
  refundPayment(input: { paymentId: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<PaymentRefund>;
  /**
   * Issue #34: the payments that succeeded since a moment (newest first, at most `limit`), so the reconciliation finds
   * any payment that no order recorded, even one whose order never learnt of its intent.
   */
  listSucceededPayments(input: { since: Date; limit: number }): Promise<RetrievedPayment[]>;
  /**
   * Decision 208: send an invoice for a checkout placed on account, due in `daysUntilDue` days. The idempotency key
   * (the checkout's) makes a repeated call answer the first invoice.
   */
  createInvoice(input: {
    checkoutId: string;
    orderNumber: string;
    email: string;
    name: string;
    amountCents: number;
    daysUntilDue: number;
    idempotencyKey: string;
  }): Promise<AccountInvoice>;
  /** null when the provider has no invoice with that id. */
  retrieveInvoice(id: string): Promise<AccountInvoice | null>;
  /** Void an open invoice (its order was cancelled); answers the invoice as it ends up (`paid` if it was too late). */
  voidInvoice(id: string): Promise<AccountInvoice | null>;
  /** Verify a webhook's signature and parse it; throws WebhookSignatureError. Absent when the provider sends no webhooks. */
  constructWebhookEvent?(rawBody: Buffer, signature: string): PaymentWebhookEvent;
}

/** Issue #34: a refund's error message is always safe to show (provider-errors); `log` gets the real error. */
