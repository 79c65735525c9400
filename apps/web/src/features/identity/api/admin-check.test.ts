import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAdminCheck } from './admin-check';

describe('GET /admin/{email} (the admin check)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for JSON with the Bearer token, and sends no content-type since it has no body (decision 064)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ admin: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('accessToken', 'token-123');

    expect(await fetchAdminCheck('rider@example.com')).toEqual({ admin: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/rider%40example.com');
    expect(init.method).toBe('GET');
    const headers = new Headers(init.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer token-123');
    expect(headers.get('content-type')).toBeNull();
  });
});
