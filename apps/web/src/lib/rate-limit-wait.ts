/**
 * Issue #22: while the shop has answered 429 and the web app waits the time it named (Retry-After) before
 * trying again. A small store that the screens read (useRateLimitWait) to say so.
 */
let until = 0;
const listeners = new Set<() => void>();

/** The end of the current wait (epoch ms); 0 or past: no wait. */
export const rateLimitWaitUntil = () => until;

export function subscribeRateLimitWait(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setUntil(next: number) {
  if (next === until) return;
  until = next;
  listeners.forEach((l) => l());
}

/** The seconds a Retry-After header names (delta-seconds or an HTTP date); `fallback` when absent or unreadable. */
export function retryAfterSeconds(header: string | null, fallback = 5, now = Date.now()): number {
  if (header) {
    const value = header.trim();
    if (/^\d+$/.test(value)) return Math.max(1, Number(value));
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  }
  return fallback;
}

/** Waits `seconds` (announced to the screens), or until `signal` aborts (rejects with its reason). */
export function waitForRateLimit(seconds: number, signal?: AbortSignal): Promise<void> {
  const end = Date.now() + seconds * 1000;
  setUntil(Math.max(until, end));
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      if (until <= Date.now()) setUntil(0);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, seconds * 1000);
    const onAbort = () => {
      clearTimeout(timer);
      done();
      reject(signal!.reason);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
