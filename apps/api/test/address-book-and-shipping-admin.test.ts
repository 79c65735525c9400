import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress, ShippingZone, TaxRate } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { OREGON } from './support/ship-to';

/** Issue #24: the customer's address book, and the admin's shipping zones, methods, tax rates and tax setting. */

describe('address book and shipping administration', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
  });
  afterAll(async () => t.close());

  it('keeps a customer’s addresses, checked and normalised, with one default', async () => {
    const first = await api(alice, 'POST', '/api/addresses', { address: { ...OREGON, postalCode: '97214-1234' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isDefault: true, postalCode: '97214-1234', phone: '+15035550142', region: 'OR' });
    const toronto = {
      name: 'Tom Chan',
      line1: '100 King St W',
      city: 'Toronto',
      region: 'Ontario',
      postalCode: 'm5x1a9',
      country: 'ca',
      phone: '416 555 0199',
    };
    const second = await api(alice, 'POST', '/api/addresses', { address: toronto, isDefault: true });
    expect(second.json()).toMatchObject({ isDefault: true, region: 'ON', postalCode: 'M5X 1A9', country: 'CA', phone: '+14165550199' });
    let book: SavedAddress[] = (await api(alice, 'GET', '/api/addresses')).json();
    expect(book.map((x) => [x.city, x.isDefault])).toEqual([
      ['Toronto', true],
      ['Portland', false],
    ]);
    const edited = await api(alice, 'PUT', `/api/addresses/${first.json()._id}`, { address: { ...OREGON, line2: 'Unit 4' }, isDefault: true });
    expect(edited.json()).toMatchObject({ line2: 'Unit 4', isDefault: true });
    expect((await api(alice, 'DELETE', `/api/addresses/${first.json()._id}`)).statusCode).toBe(200);
    book = (await api(alice, 'GET', '/api/addresses')).json();
    expect(book.map((x) => [x.city, x.isDefault])).toEqual([['Toronto', true]]);
  });

  it('says what is wrong with a bad address and keeps nothing', async () => {
    const res = await api(alice, 'POST', '/api/addresses', { address: { ...OREGON, postalCode: '123', phone: '12', country: 'XX' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Choose a country from the list');
    const zip = await api(alice, 'POST', '/api/addresses', { address: { ...OREGON, postalCode: '123' } });
    expect(zip.json().error.message).toContain('Enter a valid ZIP code for United States, for example');
    expect((await api(alice, 'GET', '/api/addresses')).json()).toHaveLength(1);
  });

  it('shows and changes an address only to its owner', async () => {
    const [mine] = (await api(alice, 'GET', '/api/addresses')).json() as SavedAddress[];
    expect((await api(bob, 'GET', '/api/addresses')).json()).toEqual([]);
    expect((await api(bob, 'PUT', `/api/addresses/${mine._id}`, { address: OREGON })).statusCode).toBe(404);
    expect((await api(bob, 'DELETE', `/api/addresses/${mine._id}`)).statusCode).toBe(404);
    expect((await api(null, 'GET', '/api/addresses')).statusCode).toBe(401);
    expect((await api(null, 'POST', '/api/addresses', { address: OREGON })).statusCode).toBe(401);
  });

  it('lets an admin, and nobody else, read and change zones, methods, rates and the tax setting', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/shipping/zones'],
      ['POST', '/api/shipping/zones', { name: 'Australia', countries: ['AU'] }],
      ['GET', '/api/tax/rates'],
      ['POST', '/api/tax/rates', { country: 'AU', category: 'standard', ratePercent: 10 }],
      ['GET', '/api/tax/settings'],
      ['PUT', '/api/tax/settings', { pricesIncludeTax: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(null, method as 'GET', url, body)).statusCode).toBe(401);
      expect((await api(alice, method as 'GET', url, body)).statusCode).toBe(403);
    }
    const zones: ShippingZone[] = (await api(admin, 'GET', '/api/shipping/zones')).json();
    expect(zones.map((z) => z.name)).toEqual(['Canada', 'European Union', 'United States']);
    const us = zones.find((z) => z.name === 'United States')!;
    expect(us.methods.find((m) => m.name === 'Standard')).toMatchObject({ freeOver: 50, bands: expect.arrayContaining([{ upToGrams: 1000, price: 7.99 }]) });

    const au = await api(admin, 'POST', '/api/shipping/zones', { name: 'Australia', countries: ['au'] });
    expect(au.statusCode).toBe(201);
    const method = await api(admin, 'POST', `/api/shipping/zones/${au.json()._id}/methods`, {
      name: 'Standard',
      carrier: 'Australia Post',
      minDays: 6,
      maxDays: 12,
      bands: [
        { upToGrams: 2000, price: 29.99 },
        { upToGrams: 20000, price: 79.99 },
      ],
    });
    expect(method.statusCode).toBe(201);
    const badBands = await api(admin, 'PUT', `/api/shipping/methods/${method.json()._id}`, {
      name: 'Standard',
      carrier: 'Australia Post',
      minDays: 6,
      maxDays: 2,
      bands: [
        { upToGrams: 2000, price: 29.999 },
        { upToGrams: 1000, price: 10 },
      ],
    });
    expect(badBands.statusCode).toBe(400);
    expect(badBands.json().error.message).toMatch(/longest delivery time|at most 2 decimals|heavier/);
    expect((await api(admin, 'POST', '/api/shipping/zones', { name: 'Nowhere', countries: ['XX'] })).statusCode).toBe(400);

    const rate = await api(admin, 'POST', '/api/tax/rates', { country: 'AU', category: 'standard', ratePercent: 10, taxShipping: true });
    expect(rate.statusCode).toBe(201);
    expect(rate.json()).toMatchObject({ country: 'AU', region: '', ratePercent: 10, taxShipping: true });
    const twice = await api(admin, 'POST', '/api/tax/rates', { country: 'AU', category: 'standard', ratePercent: 10 });
    expect(twice.statusCode).toBe(409);
    const precise = await api(admin, 'PUT', `/api/tax/rates/${rate.json()._id}`, { country: 'AU', category: 'standard', ratePercent: 8.875 });
    expect((precise.json() as TaxRate).ratePercent).toBe(8.875);
    expect((await api(admin, 'PUT', `/api/tax/rates/${rate.json()._id}`, { country: 'AU', category: 'standard', ratePercent: 8.8755 })).statusCode).toBe(400);
    expect((await api(admin, 'PUT', '/api/tax/settings', { pricesIncludeTax: true })).json()).toEqual({ pricesIncludeTax: true });
    expect((await api(admin, 'PUT', '/api/tax/settings', { pricesIncludeTax: false })).json()).toEqual({ pricesIncludeTax: false });

    // Every change is in the audit log.
    const audit = (await api(admin, 'GET', '/api/audit?limit=50')).json();
    const actions = (audit.items ?? audit).map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['shipping_zone.create', 'shipping_method.create', 'tax_rate.create', 'tax_rate.update', 'tax_settings.update']),
    );

    expect((await api(admin, 'DELETE', `/api/shipping/zones/${au.json()._id}`)).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/shipping/methods/${method.json()._id}`)).statusCode).toBe(404);
    expect((await api(admin, 'DELETE', `/api/tax/rates/${rate.json()._id}`)).statusCode).toBe(200);
  });
});
