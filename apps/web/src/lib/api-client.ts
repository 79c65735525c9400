/**
 * The only place the web app calls fetch for the shop API. Errors carry the
 * server's message ({ error: { message } }) and HTTP status.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send Authorization: Bearer {localStorage.accessToken}. */
  auth?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
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
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.auth) {
    const token = getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Cannot reach the shop right now. Check your connection and try again.', 0, 'NETWORK');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const e = (data as { error?: { message?: string; code?: string } } | undefined)?.error;
    throw new ApiError(e?.message ?? `Request failed (${res.status})`, res.status, e?.code);
  }
  return data as T;
}
