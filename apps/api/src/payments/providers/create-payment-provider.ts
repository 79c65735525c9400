import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { withSafeErrors } from '../provider-errors';
import type { PaymentProvider } from './payment-provider';
import { createTestProvider } from './test-provider';

/**
 * The adapter this configuration asks for. Apart from the port (payment-provider.ts), so the adapters import the
 * port's types and the port imports no adapter (issue #34: no import cycle).
 */
export async function createPaymentProvider(config: AppConfig, db: Db, log?: { warn(obj: object, msg: string): void }): Promise<PaymentProvider> {
  // The Stripe SDK (the largest dependency) is loaded only by a shop that takes payments with it (decision 141).
  if (config.PAYMENT_PROVIDER === 'stripe') return withSafeErrors((await import('./stripe-provider')).createStripeProvider(config), log);
  return withSafeErrors(createTestProvider(db, config.publicUrl), log);
}
