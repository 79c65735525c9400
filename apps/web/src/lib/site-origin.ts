/**
 * The shop's public origin for absolute addresses (canonical links, Open
 * Graph). A server renderer sets it from PUBLIC_URL with setSiteOrigin before
 * rendering; in the browser it is the page's own origin. Without either, ''
 * (addresses stay relative), so nothing here needs `window` to exist.
 */
let configured: string | undefined;

export function setSiteOrigin(origin: string | undefined): void {
  configured = origin ? origin.replace(/\/+$/, '') : undefined;
}

export function siteOrigin(): string {
  if (configured !== undefined) return configured;
  return typeof globalThis.location?.origin === 'string' && globalThis.location.origin !== 'null' ? globalThis.location.origin : '';
}

/** An absolute address for a path on this shop (a full URL is kept as it is); relative when the origin is unknown. */
export function siteUrl(pathOrUrl: string, origin = siteOrigin()): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!origin) return pathOrUrl;
  return new URL(pathOrUrl, `${origin}/`).toString();
}
