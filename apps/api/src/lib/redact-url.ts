/** Query parameters that carry a secret: one-time tokens, OAuth codes and state, OTPs. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'access_token', 'id_token', 'refresh_token', 'otp', 'secret', 'client_secret', 'password']);

/** Paths whose last segment is a token, e.g. Better Auth's /reset-password/<token> link. */
const TOKEN_IN_PATH = [/^(\/api\/auth\/reset-password\/)[^/?#]+/, /^(\/api\/auth\/magic-link\/verify\/)[^/?#]+/];

export const REDACTED = '[redacted]';

/**
 * A request URL as it may be logged (issue #7): reset, verification and
 * callback links carry bearer secrets, so their tokens never reach the logs.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  for (const re of TOKEN_IN_PATH) pathPart = pathPart.replace(re, `$1${REDACTED}`);
  if (q === -1) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        /* a malformed name is logged as sent */
      }
      return SECRET_PARAMS.has(name.toLowerCase()) && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}
