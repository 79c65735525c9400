import { vi } from 'vitest';

/**
 * Stands in for the shop's HTTP API at the network boundary (global fetch):
 * each handler gets the method, path, query and JSON body and answers with
 * a status and a JSON body, the way the real API does.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** A body that is not JSON (FormData of an upload, CSV text), as sent. */
  raw?: BodyInit | null;
}
export type FakeHandler = (req: FakeRequest) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

export function fakeApi(handler: FakeHandler) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const req: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' && isJson(init) ? JSON.parse(init.body) : undefined,
      raw: init?.body,
    };
    calls.push(req);
    const res = await handler(req);
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function isJson(init: RequestInit) {
  const type = new Headers(init.headers).get('content-type');
  return !type || type.includes('json');
}

export const notFound = (req: FakeRequest) => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.path}` } } });
