import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError } from '../lib/errors';

// --- Resilience (#12): a dependency that is away answers 503 + Retry-After, never 500 ---

/** Seconds a client is asked to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL SQLSTATEs meaning "the server cannot serve right now" (class 08, shutdown, too many connections, time-outs). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports these without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end/,
];

/** True when the error (or one it wraps, e.g. Drizzle's DrizzleQueryError) says the database could not be reached or timed out. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/** One error handler for the whole API: `{ error: { code, message } }`, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message, details: issues } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        return { field, message: v.message ?? 'is invalid' };
      });
      const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message, details: issues } });
    }
    // Input the schemas let through but PostgreSQL cannot store (a NUL character, a number
    // beyond its integer range) is the client's mistake: answer 400, not 500.
    const dbCode = (err as { cause?: { code?: unknown } }).cause?.code;
    if (dbCode === '22021' || dbCode === '22P05') {
      return reply.status(400).send({
        error: { code: 'INVALID_TEXT', message: 'The request contains a character that cannot be stored (such as a NUL byte). Remove it and try again.' },
      });
    }
    if (dbCode === '22003') {
      return reply.status(400).send({ error: { code: 'NUMBER_OUT_OF_RANGE', message: 'A number in the request is too large.' } });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, cause: (err.cause as Error | undefined)?.message } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: `The shop cannot reach its database right now. Please try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
          },
        });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    }
    // @fastify/rate-limit throws the body its errorResponseBuilder made, already in our shape.
    const shaped = (err as unknown as { error?: { code?: unknown; message?: unknown } }).error;
    if (shaped && typeof shaped.code === 'string' && typeof shaped.message === 'string') {
      return reply.status(status).send({ error: { code: shaped.code, message: shaped.message } });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…)
    const code = err.code ? String(err.code).replace(/^FST_ERR_/, '') : 'BAD_REQUEST';
    return reply.status(status).send({ error: { code, message: err.message || 'The request could not be processed.' } });
  });
});
