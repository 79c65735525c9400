/**
 * Typed domain errors. Services throw these; the error handler maps them to
 * `{ error: { code, message } }` with the status below.
 */
export class DomainError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, code = 'BAD_REQUEST', details?: unknown) {
    super(400, code, message, details);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Please log in to continue.', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do that.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message: string, code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
export class OutOfStockError extends DomainError {
  constructor(message = 'Not enough stock left for that quantity.') {
    super(409, 'OUT_OF_STOCK', message);
  }
}
export class PaymentError extends DomainError {
  constructor(message: string, code = 'PAYMENT_FAILED', statusCode = 402) {
    super(statusCode, code, message);
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s);
