import { networkCopy } from '@shop/shared/copy/network';
import { fetchWithTimeout, NetworkTimeoutError } from './network-timeout';
import { storedKey } from './stored-key';
import { retryAfterSeconds, waitForRateLimit } from './rate-limit-wait';

/**
 * The only way the web app calls the shop API (fetch goes through
 * fetchWithTimeout, which the identity client uses too). Every call ends
 * within the spec's network time-out (lib/network-timeout.ts). Errors carry the
 * server's message ({ error: { message } }) and HTTP status.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: string,
    /** A 429's Retry-After, in seconds. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Issue #22: a read (GET) that meets a 429 (too many requests) is asked again after the wait the shop names in
 * Retry-After, at most this many times, while the screens say so (lib/rate-limit-wait). A write is not sent
 * again behind the person's back: its form shows the server's message (the contact form's "Too many messages").
 */
export const RATE_LIMIT_RETRIES = 3;

export const ACCESS_TOKEN_KEY = 'accessToken';

/** The spec's localStorage.accessToken (kept for this page only while storage is blocked). */
export const accessTokenStore = storedKey(ACCESS_TOKEN_KEY);

export const getAccessToken = (): string | null => accessTokenStore.read();

/**
 * Called when a call made with `auth: true` answers 401 (identity, #3): it may
 * renew the access token and answer true to have the call retried once, or
 * sign the user out and answer false.
 */
type AuthFailureHandler = () => Promise<boolean>;
let authFailureHandler: AuthFailureHandler | null = null;
export function setAuthFailureHandler(handler: AuthFailureHandler | null) {
  authFailureHandler = handler;
}

/**
 * Server rendering (decision 106): the server hands in its own fetch for the
 * public reads a page makes while it is rendered, so they never leave the
 * process. The browser never sets it.
 */
type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;
let serverFetch: ServerFetch | null = null;
export function setServerFetch(fetchImpl: ServerFetch | null) {
  serverFetch = fetchImpl;
}

/**
 * Decision 187: a read the server renderer makes for a signed-in page marks that it wants the page's session
 * (`auth: true`); apps/api's page renderer swaps the mark for the bearer of the session it checked.
 */
export const SERVER_AUTH_HEADER = 'x-shop-render-auth';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as is instead of JSON: FormData (multipart uploads) or text with `contentType` (CSV). */
  rawBody?: FormData | string;
  contentType?: string;
  /** Send Authorization: Bearer {localStorage.accessToken}. */
  auth?: boolean;
  /** More request headers (decision 188: a guest order's X-Guest-Token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce<T>(path, opts);
    } catch (err) {
      // The server renderer never waits: its page answers 429 itself.
      const read = (opts.method ?? 'GET') === 'GET';
      if (serverFetch || !read || !(err instanceof ApiError) || err.status !== 429 || attempt >= RATE_LIMIT_RETRIES) throw err;
      await waitForRateLimit(err.retryAfterSeconds ?? 5, opts.signal);
    }
  }
}

async function requestOnce<T>(path: string, opts: RequestOptions): Promise<T> {
  try {
    return await request<T>(path, opts);
  } catch (err) {
    if (opts.auth && err instanceof ApiError && err.status === 401 && authFailureHandler && (await authFailureHandler())) {
      return request<T>(path, opts);
    }
    throw err;
  }
}

async function request<T>(path: string, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  // FormData sets its own multipart boundary.
  if (typeof opts.rawBody === 'string') headers['content-type'] = opts.contentType ?? 'text/plain';
  if (opts.auth) {
    // Rendering a signed-in page on the server (decision 187): the renderer adds the bearer of the session it read
    // from the page's cookie. This process has no token of its own, and no call without this mark gets one.
    if (serverFetch) headers[SERVER_AUTH_HEADER] = '1';
    else {
      const token = getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
    }
  }
  let res: Response;
  try {
    const init: RequestInit = {
      method: opts.method ?? 'GET',
      headers,
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      credentials: 'same-origin',
      signal: opts.signal,
    };
    res = serverFetch ? await serverFetch(`/api${path}`, init) : await fetchWithTimeout(`/api${path}`, init);
  } catch (err) {
    if (err instanceof NetworkTimeoutError) throw new ApiError(err.message, 0, 'TIMEOUT');
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(networkCopy.unreachable, 0, 'NETWORK');
  }
  const text = await res.text();
  let data: unknown = undefined;
  // Non-JSON answers (CSV exports) come back as their text.
  const isJson = (res.headers.get('content-type') ?? 'application/json').includes('json');
  if (text && !isJson && res.ok) return text as T;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const e = (data as { error?: { message?: string; code?: string } } | undefined)?.error;
    const wait = res.status === 429 ? retryAfterSeconds(res.headers.get('retry-after')) : undefined;
    throw new ApiError(e?.message ?? `Request failed (${res.status})`, res.status, e?.code, wait);
  }
  return data as T;
}

/**
 * Issue #25 (decision 156): a file the API answers (an invoice's PDF), fetched
 * like `api` (the bearer token, the time-out, the server's error message, one
 * retry after the token is renewed) and returned as a Blob.
 */
export async function apiBlob(path: string, opts: { auth?: boolean; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Blob> {
  const once = async (): Promise<Blob> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.auth) {
      const token = getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await fetchWithTimeout(`/api${path}`, { method: 'GET', headers, credentials: 'same-origin', signal: opts.signal });
    } catch (err) {
      if (err instanceof NetworkTimeoutError) throw new ApiError(err.message, 0, 'TIMEOUT');
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(networkCopy.unreachable, 0, 'NETWORK');
    }
    if (res.ok) return res.blob();
    let e: { message?: string; code?: string } | undefined;
    try {
      e = ((await res.json()) as { error?: { message?: string; code?: string } }).error;
    } catch {
      e = undefined;
    }
    throw new ApiError(e?.message ?? `Request failed (${res.status})`, res.status, e?.code);
  };
  try {
    return await once();
  } catch (err) {
    if (opts.auth && err instanceof ApiError && err.status === 401 && authFailureHandler && (await authFailureHandler())) return once();
    throw err;
  }
}
