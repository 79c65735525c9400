import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkCopy } from '@shop/shared/copy/network';
import { ApiError, api } from './api-client';
import { fetchWithTimeout, MOBILE_NETWORK_TIMEOUT_MS, NETWORK_TIMEOUT_MS, NetworkTimeoutError, networkTimeoutMs } from './network-timeout';

type HappyWindow = Window & { happyDOM: { setViewport(v: { width: number; height: number }): void; setURL(url: string): void } };
const happyDOM = () => (window as unknown as HappyWindow).happyDOM;

afterEach(() => {
  happyDOM().setViewport({ width: 1024, height: 768 });
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the spec’s network time-out (§9: 30 s, 60 s on mobile)', () => {
  const device = (width: number, touchPoints: number) => {
    happyDOM().setViewport({ width, height: 800 });
    // happy-dom answers (pointer: coarse) from the number of touch points, as a touch device reports them.
    vi.spyOn(Object.getPrototypeOf(navigator), 'maxTouchPoints', 'get').mockReturnValue(touchPoints);
  };

  it('is 30 000 ms on a desktop with a mouse', () => {
    expect(NETWORK_TIMEOUT_MS).toBe(30_000);
    device(1280, 0);
    expect(networkTimeoutMs()).toBe(30_000);
    device(768, 0);
    expect(networkTimeoutMs()).toBe(30_000);
  });

  it('is 60 000 ms on a phone-sized viewport or a touch (coarse pointer) device', () => {
    expect(MOBILE_NETWORK_TIMEOUT_MS).toBe(60_000);
    device(390, 0);
    expect(networkTimeoutMs()).toBe(60_000);
    device(767, 0);
    expect(networkTimeoutMs()).toBe(60_000);
    // A tablet in landscape: wide, but a finger for a pointer.
    device(1280, 5);
    expect(networkTimeoutMs()).toBe(60_000);
  });
});

/** A real HTTP server on a free local port: some routes never answer, like a stalled backend. */
const open = new Set<ServerResponse>();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  open.add(res);
  res.on('close', () => open.delete(res));
  // Accepts the request, never answers: a stalled backend (shop API and identity routes alike).
  if (req.url === '/stall' || req.url?.startsWith('/api/')) return;
  if (req.url === '/stall-body') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"half":');
    return; // headers and half a body, then nothing
  }
  res.writeHead(200, { 'content-type': 'application/json', 'x-shop': 'yes' });
  res.end(JSON.stringify({ ok: true }));
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page and its API share one origin, as in the shop.
  happyDOM().setURL(`${base}/home`);
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchWithTimeout against a server that never answers', () => {
  it('gives up after the time-out with the clear, retryable message', async () => {
    const started = performance.now();
    const err = await fetchWithTimeout(`${base}/stall`, {}, 300).catch((e: unknown) => e);
    const waited = performance.now() - started;
    expect(err).toBeInstanceOf(NetworkTimeoutError);
    expect((err as Error).message).toBe(networkCopy.timeout);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(5_000);
  });

  it('also gives up when the headers came but the body stalls', async () => {
    await expect(fetchWithTimeout(`${base}/stall-body`, {}, 300)).rejects.toBeInstanceOf(NetworkTimeoutError);
  });

  it('hands back the answer of a server that does answer in time', async () => {
    const res = await fetchWithTimeout(`${base}/ok`, {}, 5_000);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-shop')).toBe('yes');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('leaves a cancel by the caller a cancel, not a time-out', async () => {
    const controller = new AbortController();
    const pending = fetchWithTimeout(`${base}/stall`, { signal: controller.signal }, 3_000);
    setTimeout(() => controller.abort(), 50);
    const err = await pending.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(NetworkTimeoutError);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('every shop API and identity call has the production time-out', () => {
  /** The stalled server has the request (vi.waitFor would move the fake clock while polling). */
  const arrived = () => new Promise<void>((resolve) => server.once('request', () => resolve()));

  /** Starts a call with the clock faked; it must still be pending at `ms` − 1 and settle at `ms`. */
  async function settlesAt<T>(call: () => Promise<T>, ms: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reached = arrived();
    let settled = false;
    const result = call().then(
      (value) => ({ value, error: undefined as unknown }),
      (error: unknown) => ({ value: undefined, error }),
    );
    void result.then(() => (settled = true));
    await reached;
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled, `settled before ${ms} ms`).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    return result;
  }

  it('api(): a stalled shop API call ends after 30 s with an ApiError carrying the time-out message', async () => {
    const { error } = await settlesAt(() => api('/stalled-products'), 30_000);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: networkCopy.timeout });
  });

  it('api(): 60 s on a phone', async () => {
    happyDOM().setViewport({ width: 390, height: 844 });
    const { error } = await settlesAt(() => api('/stalled-products'), 60_000);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });

  it('the identity client: a stalled Better Auth call ends after 30 s with the time-out message', async () => {
    // Imported here: the client takes its base URL from the page's origin, set above.
    const { authClient } = await import('./auth-client');
    const { error } = await settlesAt(() => authClient.getSession(), 30_000);
    expect(error).toBeInstanceOf(NetworkTimeoutError);
    expect((error as Error).message).toBe(networkCopy.timeout);
  });
});
