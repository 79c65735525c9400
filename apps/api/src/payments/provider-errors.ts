import { PaymentError } from '../lib/errors';
import type { PaymentProvider } from './providers/payment-provider';

/** What a user is told when a payment provider call failed for any reason other than the provider's own refusal. */
export const PROVIDER_UNREACHABLE_MESSAGE = 'The payment provider could not be reached; try again.';

/**
 * Issue #34 item 7: an error of a payment provider call whose message is safe to show (an admin's screen, a stored
 * refund failure): the provider's own refusal or decline, or the generic PROVIDER_UNREACHABLE_MESSAGE. The real
 * error, which may hold SQL ("Failed query: …") or a stack, stays in `cause` and in the log.
 */
export class ProviderError extends PaymentError {
  constructor(
    message: string,
    code: 'PAYMENT_PROVIDER_REFUSED' | 'PAYMENT_PROVIDER_UNAVAILABLE',
    /** True when the provider refused (its own words); false when the call failed for another reason. */
    readonly refusal: boolean,
    cause?: unknown,
  ) {
    super(message, code, 502);
    if (cause !== undefined) this.cause = cause;
  }
}

/** Stripe's own refusals (a declined card, a request it will not do): their messages are Stripe's words for people. */
const STRIPE_REFUSALS = new Set(['StripeCardError', 'StripeInvalidRequestError']);

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Any error of a provider call as one safe to show: the adapters' own errors (PaymentError: written for people)
 * and Stripe's refusals keep their message; anything else (a database error of the built-in processor, a bug) is
 * logged and becomes PROVIDER_UNREACHABLE_MESSAGE.
 */
export function toProviderError(err: unknown, log?: Log): PaymentError {
  if (err instanceof PaymentError) return err;
  const type = err && typeof err === 'object' ? (err as { type?: unknown }).type : undefined;
  if (typeof type === 'string' && STRIPE_REFUSALS.has(type) && err instanceof Error && err.message) {
    return new ProviderError(err.message, 'PAYMENT_PROVIDER_REFUSED', true, err);
  }
  log?.warn({ err }, 'a payment provider call failed');
  return new ProviderError(PROVIDER_UNREACHABLE_MESSAGE, 'PAYMENT_PROVIDER_UNAVAILABLE', false, err);
}

/**
 * The provider with refunds that throw only safe messages. Refunds are the calls whose error message the shop shows
 * and stores (an admin's refund, a refund of a payment that could not be recorded); the other calls' errors go to
 * the API's error handler, which never shows an unknown error's message (and answers a database outage with 503).
 */
export function withSafeErrors(provider: PaymentProvider, log?: Log): PaymentProvider {
  return {
    ...provider,
    async refundPayment(input) {
      try {
        return await provider.refundPayment(input);
      } catch (err) {
        throw toProviderError(err, log);
      }
    },
  };
}
