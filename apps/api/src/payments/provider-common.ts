import crypto from 'node:crypto';

/** Both providers' payment ids look like Stripe's: pi_ followed by letters, digits and underscores. */
export const PAYMENT_ID_RE = /^pi_[A-Za-z0-9_]{1,200}$/;

export class WebhookSignatureError extends Error {}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-style opaque id: `prefix_` plus 24 random base62 characters. */
export function randomId(prefix: string, length = 24): string {
  let out = '';
  while (out.length < length) {
    for (const b of crypto.randomBytes(length)) {
      // 248 is the largest multiple of 62 below 256; skipping above it keeps the characters uniform.
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return `${prefix}_${out}`;
}
