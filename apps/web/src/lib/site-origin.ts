/**
 * The shop's own origin for absolute addresses (canonical links, Open Graph,
 * JSON-LD): the browser's, or, while a page is rendered on the server, the
 * one the server renderer sets from PUBLIC_URL (decision 106).
 */
let serverOrigin = '';

export function setServerOrigin(origin: string) {
  serverOrigin = origin;
}

export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
