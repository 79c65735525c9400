import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

/** The headers of the one request `call` makes, read at the network boundary. */
async function headersOf(call: () => Promise<unknown>) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  await call();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  return new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
}

describe('api() request headers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a call without a body asks for JSON and declares no content-type', async () => {
    const headers = await headersOf(() => api('/products'));
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBeNull();
  });

  it('a call with a body declares it as JSON; the token goes only with auth: true', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const plain = await headersOf(() => api('/newsletter', { method: 'POST', body: { email: 'a@b.co' } }));
    expect(plain.get('content-type')).toBe('application/json');
    expect(plain.get('authorization')).toBeNull();
    const authed = await headersOf(() => api('/review', { method: 'POST', body: { review: 5 }, auth: true }));
    expect(authed.get('authorization')).toBe('Bearer token-123');
  });
});
