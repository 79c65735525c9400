import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { PaymentError } from '../src/lib/errors';
import { PROVIDER_UNREACHABLE_MESSAGE, ProviderError, toProviderError } from '../src/payments/provider-errors';
import { createPaymentProvider } from '../src/payments/providers/create-payment-provider';
import { openTestDatabase } from './helpers';

/**
 * Issue #34 item 7: a payment provider's error never shows SQL. The built-in processor keeps its state in the
 * database, so a database error of a refund (drizzle's "Failed query: select …") used to reach the admin's screen.
 */

const SQL_TEXT = /select|insert|update|failed query|params:/i;

describe('payment provider errors are safe to show', () => {
  let database: Database;
  const logged: object[] = [];
  const log = { warn: (obj: object) => void logged.push(obj) };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const provider = () => createPaymentProvider(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYMENT_PROVIDER: 'test' }, {}), database.db, log);

  it('a refund refused by the processor keeps its own words', async () => {
    const p = await provider();
    const err = await p.refundPayment({ paymentId: 'pi_nothere', amountCents: 100, idempotencyKey: 'k-refused', reason: 'test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect((err as Error).message).toBe('No payment pi_nothere to refund.');
  });

  it('a database error of the test processor becomes the generic message; the real one is logged and kept as the cause', async () => {
    const p = await provider();
    await database.db.execute(sql`drop table test_payment_refunds cascade`);
    const err = await p.refundPayment({ paymentId: 'pi_abc', amountCents: 100, idempotencyKey: 'k-broken', reason: 'test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toBe(PROVIDER_UNREACHABLE_MESSAGE);
    expect((err as ProviderError).message).not.toMatch(SQL_TEXT);
    expect((err as ProviderError).statusCode).toBe(502);
    expect((err as ProviderError).refusal).toBe(false);
    expect(String(((err as ProviderError).cause as Error).message)).toMatch(/Failed query/);
    expect(logged).toHaveLength(1);
  });

  it('Stripe’s own refusals keep their message; any other error is generic', () => {
    const refusal = Object.assign(new Error('This charge has already been refunded.'), { type: 'StripeInvalidRequestError' });
    expect(toProviderError(refusal)).toMatchObject({ message: 'This charge has already been refunded.', code: 'PAYMENT_PROVIDER_REFUSED', refusal: true });
    const bug = new Error('Failed query: insert into "payment_refunds" ("id") values ($1)\nparams: 1');
    expect(toProviderError(bug).message).toBe(PROVIDER_UNREACHABLE_MESSAGE);
  });
});
