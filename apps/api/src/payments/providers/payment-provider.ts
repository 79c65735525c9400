import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';

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
}
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey: string | null;
  createPayment(input: { orderId: string; amountCents: number; email: string; idempotencyKey: string }): Promise<CreatedPayment>;
  retrievePayment(id: string): Promise<RetrievedPayment | null>;
}

export function createPaymentProvider(config: AppConfig, db: Db): PaymentProvider {
  void config;
  void db;
  const notYet = async (): Promise<never> => {
    throw new Error('payments are not implemented yet');
  };
  return { name: 'test', publishableKey: null, createPayment: notYet, retrievePayment: notYet };
}
