/**
 * An absolute address on the shop's own public origin (PUBLIC_URL) for a
 * request target. Only the target's path and query are used: `//evil.example/x`
 * or a Host header can never move canonical links, Open Graph or JSON-LD
 * addresses to another site (issue #22).
 */
export function publicAddress(publicUrl: string, target: string): URL {
  const origin = new URL(publicUrl).origin;
  // Leading slashes (and backslashes, which URLs read as slashes) collapse to one, so the target stays a path.
  const url = new URL(`${origin}/${target.replace(/^[/\\]+/, '')}`);
  if (url.origin !== origin) throw new Error(`not a path on ${origin}: ${target}`);
  return url;
}
