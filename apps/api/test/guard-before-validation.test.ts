import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * DESIGN.md §6 and docs/authorization.md: no token is 401 and the wrong role 403, whatever else the request gets
 * wrong. The user routes checked the caller only after validating the request, so a visitor or a customer who sent
 * a malformed one was told 400 (what the call takes) before being told they may not make it at all.
 */
describe('the caller is checked before the request is read', () => {
  let t: TestApp;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUpUser(t.app, { name: 'Curious Customer' });
  });
  afterAll(() => t.close());

  const malformed = [
    { method: 'GET', url: '/api/users?page=zero', admin: true },
    { method: 'PUT', url: '/api/users/not-an-id', payload: { role: 'emperor' }, admin: true },
    { method: 'DELETE', url: '/api/users/not-an-id/admin', admin: true },
    { method: 'PUT', url: '/api/users/not-an-id/tax-exemption', payload: { exempt: 'maybe' }, admin: true },
    { method: 'GET', url: '/api/user/ab', admin: false },
    { method: 'GET', url: '/api/admin/ab', admin: false },
  ] as const;

  for (const call of malformed) {
    it(`${call.method} ${call.url.slice(0, 40)}: a visitor gets 401${call.admin ? ', a customer 403' : ''}, not 400`, async () => {
      const payload = 'payload' in call ? call.payload : undefined;
      const visitor = await t.app.inject({ method: call.method, url: call.url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, visitor.body).toBe(401);
      if (!call.admin) return;
      const asCustomer = await t.app.inject({ method: call.method, url: call.url, headers: bearer(customer.token), ...(payload ? { payload } : {}) });
      expect(asCustomer.statusCode, asCustomer.body).toBe(403);
    });
  }
});
