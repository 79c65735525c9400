import crypto from 'node:crypto';
import type { AppConfig } from '../../config/env';
import { resolveAuthSecret } from '../../lib/auth';
import { isUuid } from '../../lib/errors';

/**
 * Issue #39 item 9 (decision 188): the link a guest follows their order with. The token is the checkout's id and
 * an HMAC-SHA256 of it under a key derived from the shop's secret, so it is unguessable, needs no table, and can be
 * written into every e-mail about the order again. It opens that one order and nothing else.
 */

const keys = new WeakMap<AppConfig, Buffer>();

function keyOf(config: AppConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = crypto.createHmac('sha256', resolveAuthSecret(config)).update('guest-order-link:v1').digest();
    keys.set(config, key);
  }
  return key;
}

const macOf = (config: AppConfig, checkoutId: string) => crypto.createHmac('sha256', keyOf(config)).update(checkoutId.toLowerCase()).digest('base64url');

/** The token of one guest checkout: `{id}.{mac}`. */
export const guestToken = (config: AppConfig, checkoutId: string) => `${checkoutId.toLowerCase()}.${macOf(config, checkoutId)}`;

/** The checkout id a token opens, or null when it is malformed or its MAC does not match (compared in constant time). */
export function checkoutIdOfToken(config: AppConfig, token: string | undefined): string | null {
  if (!token || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot).toLowerCase();
  if (!isUuid(id)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(config, id));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return id;
}

/**
 * The guest order page's address with the token. The token travels in the fragment, which browsers never send to a
 * server nor put in a Referer: it does not land in access logs; the page sends it in the X-Guest-Token header.
 */
export const guestOrderUrl = (config: AppConfig, checkoutId: string) => `${config.publicUrl}/guest-order#${guestToken(config, checkoutId)}`;

/** The request header the guest order page sends the token in. */
export const GUEST_TOKEN_HEADER = 'x-guest-token';
