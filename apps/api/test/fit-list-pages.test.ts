import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupFitment } from '@shop/shared/fitment-list';
import { fitmentListPageSchema, type FitmentListPage } from '@shop/shared/schemas/fitment-list';
import type { Product } from '@shop/shared';
import { productFitments } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * Issue #35 item 6 (decision 217): the part page pages its fit list. GET /product/{id}/fitment answers one page of the
 * list grouped as the page shows it (make, then model, with year spans), optionally one make's, with every make and
 * its counts.
 */

let t: TestApp;
let admin: TestUser;
let big: Product;
const MAKES = ['Honda', 'Kawasaki', 'Yamaha'];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  admin = await signUpUser(t.app, { admin: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: bearer(admin.token),
    payload: { name: 'Feed part with 2,002 applications', unitPrice: 10, stock: 5, minOrder: 1, description: 'Probe.', image: '/images/products/x.svg' },
  });
  expect(res.statusCode).toBe(201);
  big = res.json() as Product;
  // 2,001 models (667 per make, M000–M666), one application each, as a feed gives them; Yamaha M000 has a second
  // span, which joins its entry ("2000–2003, 2010–2012").
  const rows = Array.from({ length: 2001 }, (_, i) => ({
    productId: big._id,
    make: MAKES[i % 3],
    model: `M${String(Math.floor(i / 3)).padStart(3, '0')}`,
    yearFrom: 2000,
    yearTo: 2003,
    position: i % 2 ? 'front' : null,
    perVehicle: i % 2 ? 2 : null,
    source: 'aces',
    sourceRef: String(i + 1),
  }));
  rows.push({ ...rows[2], yearFrom: 2010, yearTo: 2012, sourceRef: '9999' });
  await t.app.db.insert(productFitments).values(rows);
});
afterAll(async () => t.close());

async function fits(id: string, query = ''): Promise<FitmentListPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}/fitment${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return fitmentListPageSchema.parse(res.json());
}
const models = (p: FitmentListPage) => p.groups.flatMap((g) => g.models.map((m) => `${g.make} ${m.model} ${m.years}${m.details ? ` · ${m.details}` : ''}`));

describe('a part with 2,002 applications', () => {
  it('answers 25 models a page, grouped by make, with every make and its counts', async () => {
    const first = await fits(big._id);
    expect(first).toMatchObject({ applications: 2002, make: null, entries: 2001, page: 1, limit: 25, pages: 81, universal: false });
    expect(first.makes).toEqual([
      { make: 'Honda', models: 667, applications: 667 },
      { make: 'Kawasaki', models: 667, applications: 667 },
      { make: 'Yamaha', models: 667, applications: 668 },
    ]);
    expect(first.groups.map((g) => g.make)).toEqual(['Honda']);
    expect(models(first)).toHaveLength(25);
    expect(models(first).slice(0, 2)).toEqual(['Honda M000 2000–2003', 'Honda M001 2000–2003 · front · 2 per bike']);
    // The product answer itself still has every line (the spec's shape, the admin form and the fit check read it).
    const product = (await t.app.inject({ method: 'GET', url: `/api/product/${big._id}` })).json() as Product;
    expect(product.fitment).toHaveLength(2002);
  });

  it('a page that crosses from one make to the next names both, and the last page has what is left', async () => {
    // Entries 651–675: Honda's last 17 (M650–M666), then Kawasaki's first 8.
    const p27 = await fits(big._id, '?page=27');
    expect(p27.groups.map((g) => [g.make, g.models.length])).toEqual([
      ['Honda', 17],
      ['Kawasaki', 8],
    ]);
    expect(p27.groups[0].models[0].model).toBe('M650');
    expect(p27.groups[1].models[0].model).toBe('M000');
    const last = await fits(big._id, '?page=81');
    expect(models(last)).toEqual(['Yamaha M666 2000–2003']);
    // Past the last page: nothing, and how many pages there are.
    expect(await fits(big._id, '?page=82')).toMatchObject({ groups: [], pages: 81, entries: 2001 });
  });

  it('one make at a time, in any case; its spans joined in one entry; a make it does not fit has none', async () => {
    const yamaha = await fits(big._id, '?make=yamaha&limit=10');
    expect(yamaha).toMatchObject({ make: 'Yamaha', entries: 667, pages: 67, limit: 10 });
    expect(models(yamaha)[0]).toBe('Yamaha M000 2000–2003, 2010–2012');
    expect(yamaha.groups.map((g) => g.make)).toEqual(['Yamaha']);
    const page2 = await fits(big._id, '?make=Yamaha&limit=10&page=2');
    expect(models(page2)[0]).toBe('Yamaha M010 2000–2003');
    expect(await fits(big._id, '?make=Ducati')).toMatchObject({ make: 'Ducati', entries: 0, pages: 1, groups: [] });
  });

  it('the same grouping as the part page: every entry once over all the pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 21; page++) seen.push(...models(await fits(big._id, `?page=${page}&limit=100`)));
    const product = (await t.app.inject({ method: 'GET', url: `/api/product/${big._id}` })).json() as Product;
    expect(seen).toEqual(models({ groups: groupFitment(product.fitment) } as FitmentListPage));
    expect(new Set(seen).size).toBe(2001);
  });
});

describe('parts with few applications, universal parts and bad input', () => {
  it("a demo part's list is one page, the same as its product answer grouped", async () => {
    const pads = ((await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[]).find((p) => p.sku === 'FA244HH')!;
    const list = await fits(pads._id);
    expect(list).toMatchObject({ applications: pads.fitment.length, pages: 1, page: 1 });
    expect(list.groups).toEqual(groupFitment(pads.fitment));
    expect(models(list)).toContain('Yamaha MT-07 2014–2024 · front · 2 per bike · One set per caliper');
  });

  it('a universal part lists no bikes', async () => {
    const universal = ((await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[]).find((p) => p.universal)!;
    expect(await fits(universal._id)).toMatchObject({ universal: true, applications: 0, entries: 0, groups: [], makes: [] });
  });

  it('an edit of the fitment is in the next answer (the kept answer is dropped)', async () => {
    const part = (
      await t.app.inject({
        method: 'POST',
        url: '/api/product',
        headers: bearer(admin.token),
        payload: {
          name: 'Fit list edit probe',
          unitPrice: 10,
          stock: 5,
          minOrder: 1,
          description: 'Probe.',
          image: '/images/products/x.svg',
          fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2016, yearTo: 2020 }],
        },
      })
    ).json() as Product;
    expect(models(await fits(part._id))).toEqual(['Honda CB500F 2016–2020']);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${part._id}`,
      headers: bearer(admin.token),
      payload: { version: part.version, fitment: [...part.fitment, { make: 'Honda', model: 'CB500X', yearFrom: 2019, yearTo: 2023, position: 'rear' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(models(await fits(part._id))).toEqual(['Honda CB500F 2016–2020', 'Honda CB500X 2019–2023 · rear']);
  });

  it('answers 400 with the reason for a bad page, limit or make, and 404 for no such part', async () => {
    const bad = async (query: string, message: RegExp) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${big._id}/fitment${query}` });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toMatch(message);
    };
    await bad('?page=0', /page must be 1 or more/);
    await bad('?page=two', /page must be a whole number/);
    await bad('?page=1.5', /page must be a whole number/);
    await bad('?limit=101', /limit must be 100 or less/);
    await bad(`?make=${'x'.repeat(61)}`, /make must be 60 characters or fewer/);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}/fitment` });
      expect(res.statusCode, id).toBe(404);
      expect((res.json() as { error: { code: string } }).error.code).toBe('PRODUCT_NOT_FOUND');
    }
  });
});
