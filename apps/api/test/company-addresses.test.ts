import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyAddress } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { companyInviteToken } from './support/company-invite';

/**
 * Issue #37 item 5 (decision 209): a company's delivery addresses. Its admin adds and removes them, every member
 * reads them (the checkout offers them); a buyer cannot change them, and nobody outside the company sees them.
 */

let t: TestApp;
let shopAdmin: TestUser;
let boss: TestUser;
let buyer: TestUser;
let rival: TestUser;
let loner: TestUser;

type Call = 'GET' | 'POST' | 'DELETE';
const call = (method: Call, url: string, who: TestUser | null, payload?: unknown) =>
  t.app.inject({ method, url, ...(who && { headers: bearer(who.token) }), ...(payload !== undefined && { payload: payload as object }) });

const WORKSHOP = {
  name: 'Receiving dock',
  company: 'Branch Moto',
  line1: '77 Harbour Rd',
  city: 'Portland',
  region: 'OR',
  postalCode: '97214',
  country: 'US',
  phone: '+1 503 555 0199',
};

async function companyWith(name: string, members: [TestUser, 'admin' | 'buyer'][]) {
  const company = (await call('POST', '/api/admin/companies', shopAdmin, { name })).json() as Company;
  for (const [who, role] of members) {
    expect((await call('POST', `/api/admin/companies/${company._id}/invites`, shopAdmin, { email: who.email, role })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', who, { token: companyInviteToken(t.app, who.email) })).statusCode).toBe(200);
  }
  return company;
}

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpUser(t.app, { admin: true });
  [boss, buyer, rival, loner] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
  await companyWith('Branch Moto', [
    [boss, 'admin'],
    [buyer, 'buyer'],
  ]);
  await companyWith('Rival Racing', [[rival, 'admin']]);
});
afterAll(async () => t.close());

describe('a company’s delivery addresses', () => {
  it('its admin adds one, checked and normalised as at checkout; every member reads it; its admin removes it', async () => {
    const added = await call('POST', '/api/company/addresses', boss, { address: WORKSHOP });
    expect(added.statusCode, added.body).toBe(201);
    const address = added.json() as CompanyAddress;
    expect(address).toMatchObject({ name: 'Receiving dock', line1: '77 Harbour Rd', country: 'US', region: 'OR', phone: '+15035550199' });
    for (const who of [boss, buyer]) {
      const list = (await call('GET', '/api/company/addresses', who)).json() as CompanyAddress[];
      expect(list.map((a) => a._id)).toEqual([address._id]);
    }
    expect((await call('DELETE', `/api/company/addresses/${address._id}`, boss)).statusCode).toBe(204);
    expect((await call('GET', '/api/company/addresses', buyer)).json()).toEqual([]);
  });

  it('says what is wrong with a bad address (400) and changes nothing', async () => {
    const bad = await call('POST', '/api/company/addresses', boss, { address: { ...WORKSHOP, postalCode: 'nope', country: 'XX' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/country|postal/i);
    expect((await call('GET', '/api/company/addresses', boss)).json()).toEqual([]);
  });

  it('refuses a visitor (401), a buyer changing them (403), someone of no company (404) and another company (404)', async () => {
    const address = (await call('POST', '/api/company/addresses', boss, { address: WORKSHOP })).json() as CompanyAddress;
    expect((await call('GET', '/api/company/addresses', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/company/addresses', null, { address: WORKSHOP })).statusCode).toBe(401);
    expect((await call('POST', '/api/company/addresses', buyer, { address: WORKSHOP })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/company/addresses/${address._id}`, buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/company/addresses', loner)).statusCode).toBe(404);
    expect((await call('POST', '/api/company/addresses', loner, { address: WORKSHOP })).statusCode).toBe(404);
    // Another company's admin neither sees nor removes it.
    expect((await call('GET', '/api/company/addresses', rival)).json()).toEqual([]);
    expect((await call('DELETE', `/api/company/addresses/${address._id}`, rival)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/company/addresses/not-an-id', boss)).statusCode).toBe(404);
    expect(((await call('GET', '/api/company/addresses', buyer)).json() as CompanyAddress[]).map((a) => a._id)).toContain(address._id);
  });
});
