import { networkCopy } from '@shop/shared/copy/network';

/** Spec §9: network time-out 30 s, 60 s on mobile (decision 061). */
export const NETWORK_TIMEOUT_MS = 30_000;
export const MOBILE_NETWORK_TIMEOUT_MS = 60_000;
/** "Mobile": a touch screen as the main pointer, or a phone-sized viewport (below Tailwind's md). */
export const MOBILE_DEVICE_QUERIES = ['(pointer: coarse)', '(max-width: 767px)'] as const;

/** Read at each call: a window can be resized or a tablet docked between calls. */
export function networkTimeoutMs(): number {
  const mobile = typeof window.matchMedia === 'function' && MOBILE_DEVICE_QUERIES.some((q) => window.matchMedia(q).matches);
  return mobile ? MOBILE_NETWORK_TIMEOUT_MS : NETWORK_TIMEOUT_MS;
}

/** The server did not answer in time; worth trying again. */
export class NetworkTimeoutError extends Error {
  constructor(public readonly timeoutMs: number) {
    super(networkCopy.timeout);
    this.name = 'NetworkTimeoutError';
  }
}

/**
 * fetch() that gives up after `timeoutMs` (default: the spec's time-out for
 * this device) with a NetworkTimeoutError. The whole answer, body included,
 * must arrive in time: a server that sends headers and then stalls would
 * otherwise still hang the caller, so the body is read here and handed back
 * in a new Response. The caller's own signal still cancels the request.
 */
export async function fetchWithTimeout(input: RequestInfo | URL, init: RequestInit = {}, timeoutMs = networkTimeoutMs()): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  else outer?.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  // setTimeout, not AbortSignal.timeout(): the browser tests move this clock forward instead of waiting 30 s.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const res = await fetch(input, { ...init, signal: controller.signal });
    const body = await res.arrayBuffer();
    const empty = body.byteLength === 0 || res.status === 204 || res.status === 205 || res.status === 304;
    return new Response(empty ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  } catch (err) {
    if (timedOut) throw new NetworkTimeoutError(timeoutMs);
    throw err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}
