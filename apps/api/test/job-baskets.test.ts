import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { basketSchema, vehicleBasketsSchema, type AdminJobTemplate, type Basket } from '@shop/shared';
import { auditLog, products } from '../src/db/schema';
import { seedDemoData, seedJobTemplates } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #36 item 3 (decision 199): job baskets, read by anyone, their templates written by admins. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const basket = async (vehicle: string, template: string) => basketSchema.parse((await get(`/api/baskets/${vehicle}/${template}`)).json());
const slot = (b: Basket, name: string) => b.slots.find((s) => s.name === name)!;
const addProduct = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: bearer(admin.token),
    payload: {
      description: 'A test part for the job baskets.',
      image: 'https://images.example.com/part.jpg',
      brand: 'Demo',
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe('GET /api/baskets/{vehicle}/{template}', () => {
  it('fills every slot of the front brake pads for the 2019 MT-07: pads 2 per bike raised to their minimum order of 10', async () => {
    const b = await basket('2019-yamaha-mt-07', 'front-brake-pads');
    expect(b.name).toBe('Front brake pads');
    expect(b.vehicle).toMatchObject({ make: 'Yamaha', model: 'MT-07', year: 2019, slug: '2019-yamaha-mt-07' });
    const pads = slot(b, 'Front brake pads');
    expect(pads).toMatchObject({ category: 'brakes', position: 'front', quantityRule: 'per_vehicle', unavailable: null });
    expect(pads.chosen).toMatchObject({ quantity: 10, perVehicle: 2, position: 'front', product: { sku: 'FA244HH', minOrder: 10 } });
    // The product DTO comes with its fitment.
    expect(pads.chosen!.product.fitment.some((f) => f.model === 'MT-07' && f.position === 'front')).toBe(true);
    // A universal part: one bottle is a lot of 12.
    expect(slot(b, 'Brake fluid').chosen).toMatchObject({ quantity: 12, perVehicle: null, product: { sku: 'BF-DOT4-500' } });
  });

  it('a slot with no fitting part has nothing chosen and says so; the others are filled', async () => {
    const b = await basket('2019-yamaha-mt-07', 'chain-and-sprockets');
    expect(b.slots.map((s) => [s.name, s.chosen?.product.sku ?? null, s.chosen?.quantity ?? null])).toEqual([
      ['Drive chain', '520VX3G-120', 5],
      ['Front sprocket', null, null],
      ['Rear sprocket', 'RA-250-45', 5],
      ['Chain lube', 'CL-ROAD-400', 12],
    ]);
    const front = slot(b, 'Front sprocket');
    expect(front.unavailable).toBe('No part we sell fits this bike for Front sprocket');
    expect(front.alternatives).toEqual([]);
    // The SV650 has the 15T front sprocket: its chain job is full.
    const sv = await basket('2019-suzuki-sv650', 'chain-and-sprockets');
    expect(slot(sv, 'Front sprocket').chosen?.product.sku).toBe('JTF1370.15RB');
  });

  it('chooses the cheapest fitting part per piece in stock; the others follow, in stock first, then by price per piece', async () => {
    const before = await basket('2019-yamaha-mt-07', 'oil-service');
    expect(before.slots.map((s) => [s.name, s.chosen?.product.sku, s.chosen?.quantity])).toEqual([
      ['Oil filter', 'HF204', 20],
      ['Spark plugs', 'CR9EIX', 10],
    ]);
    // HF204: $144 a lot of 20, $7.20 a piece.
    await addProduct({ name: 'Budget Oil Filter', sku: 'OF-BUDGET', category: 'filters', minOrder: 1, stock: 0, unitPrice: 3, universal: true });
    await addProduct({ name: 'Premium Oil Filter', sku: 'OF-PREMIUM', category: 'filters', minOrder: 2, stock: 50, unitPrice: 30, universal: true });
    await addProduct({
      name: 'Value Oil Filter',
      sku: 'OF-VALUE',
      category: 'filters',
      minOrder: 4,
      stock: 40,
      unitPrice: 20,
      fitment: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024 }],
    });
    // Fits another bike only, or is an air filter: never offered.
    await addProduct({
      name: 'Cheap Oil Filter R6',
      sku: 'OF-R6',
      category: 'filters',
      minOrder: 1,
      stock: 40,
      unitPrice: 1,
      fitment: [{ make: 'Yamaha', model: 'YZF-R6', yearFrom: 2006, yearTo: 2016 }],
    });
    await addProduct({ name: 'Cheap Air Filter', sku: 'AF-CHEAP', category: 'filters', minOrder: 1, stock: 40, unitPrice: 1, universal: true });

    const oil = slot(await basket('2019-yamaha-mt-07', 'oil-service'), 'Oil filter');
    // $5 a piece, 1 wanted, sold from 4.
    expect(oil.chosen).toMatchObject({ quantity: 4, product: { sku: 'OF-VALUE' } });
    expect(oil.alternatives.map((a) => [a.product.sku, a.quantity])).toEqual([
      ['HF204', 20],
      ['OF-PREMIUM', 2],
      ['OF-BUDGET', 1],
    ]);
  });

  it('GET /api/baskets/{vehicle} lists every job with how many slots the bike fills', async () => {
    const list = vehicleBasketsSchema.parse((await get('/api/baskets/2019-yamaha-mt-07')).json());
    expect(list.vehicle.slug).toBe('2019-yamaha-mt-07');
    expect(list.templates.map((x) => [x.slug, x.filledCount, x.slotCount])).toEqual([
      ['chain-and-sprockets', 3, 4],
      ['front-brake-pads', 2, 2],
      ['oil-service', 2, 2],
    ]);
  });

  it('an unknown vehicle or job answers 404', async () => {
    expect((await get('/api/baskets/1999-yamaha-mt-07/oil-service')).statusCode).toBe(404);
    expect((await get('/api/baskets/yamaha/oil-service')).statusCode).toBe(404);
    expect((await get('/api/baskets/2019-yamaha-mt-07/valve-check')).statusCode).toBe(404);
    expect((await get('/api/baskets/1999-yamaha-mt-07')).statusCode).toBe(404);
  });
});

describe('search and the sitemap offer the jobs of a bike (issue #36 item 4, decision 199)', () => {
  const guides = async (q: string) =>
    ((await get(`/api/search?q=${encodeURIComponent(q)}`)).json() as { guides?: { kind: string; name: string; vehicle: string; path: string }[] }).guides;

  it('a bike named with words of a job offers its basket, beside the drawings; the year named is kept', async () => {
    expect(await guides('mt07 oil service')).toEqual([
      { kind: 'basket', name: 'Oil service', vehicle: '2024 Yamaha MT-07', path: '/baskets/2024-yamaha-mt-07/oil-service' },
    ]);
    expect(await guides('2019 mt07 chain')).toEqual([
      { kind: 'diagram', name: 'Drive chain and sprockets', vehicle: '2019 Yamaha MT-07', path: '/diagrams/2019-yamaha-mt-07/drive-chain' },
      { kind: 'basket', name: 'Chain and sprockets', vehicle: '2019 Yamaha MT-07', path: '/baskets/2019-yamaha-mt-07/chain-and-sprockets' },
    ]);
  });

  it('a job stays offered while its parts made for the bike are sold out (the page says so)', async () => {
    const [plugs] = await t.app.db.select().from(products).where(eq(products.sku, 'CR9EIX'));
    const [filter] = await t.app.db.select().from(products).where(eq(products.sku, 'HF204'));
    try {
      await t.app.db
        .update(products)
        .set({ stock: 0 })
        .where(inArray(products.id, [plugs.id, filter.id]));
      expect((await guides('2019 mt07 oil service'))?.map((g) => g.path)).toEqual(['/baskets/2019-yamaha-mt-07/oil-service']);
    } finally {
      await t.app.db.update(products).set({ stock: plugs.stock }).where(eq(products.id, plugs.id));
      await t.app.db.update(products).set({ stock: filter.stock }).where(eq(products.id, filter.id));
    }
  });

  it('no job for a bike no part is made for (a universal bottle of fluid alone does not make a basket), nor for words no job holds', async () => {
    expect(await guides('r7 brake pads')).toBeUndefined();
    expect((await guides('mt07 exhaust')) ?? []).toEqual([]);
    expect(await guides('oil service')).toBeUndefined();
  });

  it('the sitemap lists each job for each vehicle a part is made for, and none for the others', async () => {
    const body = (await get('/sitemap.xml')).body;
    const paths = [...body.matchAll(/<loc>[^<]*?(\/baskets\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(paths).toContain('/baskets/2019-yamaha-mt-07/oil-service');
    expect(paths).toContain('/baskets/2019-yamaha-mt-07/chain-and-sprockets');
    expect(paths).toContain('/baskets/2019-honda-cb500f/oil-service');
    expect(paths.some((p) => p.includes('yamaha-r7'))).toBe(false);
    // Every vehicle listed has all three jobs.
    const vehicles = new Set(paths.map((p) => p.split('/')[2]));
    expect(paths).toHaveLength(vehicles.size * 3);
  });
});

describe('admin: job templates', () => {
  let created: AdminJobTemplate;
  const body = {
    name: 'Tyres',
    slug: 'tyres',
    description: 'Both tyres.',
    slots: [
      { name: 'Front tyre', category: 'tyres', nameWords: 'front tyre', position: 'Front', quantityRule: 'fixed', quantity: 1 },
      { name: 'Rear tyre', category: 'tyres', position: 'rear', quantityRule: 'per_vehicle' },
    ],
  };

  it('creates a job, lists it and fills it for a bike; the write is audited', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/job-templates', headers: bearer(admin.token), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created.slots).toEqual([
      { name: 'Front tyre', category: 'tyres', nameWords: 'front tyre', position: 'front', quantityRule: 'fixed', quantity: 1 },
      { name: 'Rear tyre', category: 'tyres', nameWords: '', position: 'rear', quantityRule: 'per_vehicle', quantity: 1 },
    ]);
    const list = (await get('/api/admin/job-templates', bearer(admin.token))).json() as AdminJobTemplate[];
    expect(list.map((x) => x.slug)).toContain('tyres');
    const b = await basket('2019-yamaha-mt-07', 'tyres');
    expect(b.slots.map((s) => [s.chosen?.product.sku, s.chosen?.quantity])).toEqual([
      ['3445300', 2],
      ['3445600', 2],
    ]);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(audit.map((a) => a.action)).toEqual(['job-template.create']);

    const again = await t.app.inject({ method: 'POST', url: '/api/admin/job-templates', headers: bearer(admin.token), payload: body });
    expect(again.statusCode).toBe(409);
  });

  it('replaces the name, description and slots', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/job-templates/${created._id}`,
      headers: bearer(admin.token),
      payload: { name: 'Rear tyre', description: '', slots: [body.slots[1]] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Rear tyre', slug: 'tyres', description: '', slots: [{ name: 'Rear tyre' }] });
    expect((await basket('2019-yamaha-mt-07', 'tyres')).slots).toHaveLength(1);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/job-templates/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin.token),
      payload: { name: 'x', slots: [body.slots[1]] },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad job with a clear message', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/job-templates', headers: bearer(admin.token), payload: payload as object });
    const message = async (payload: unknown) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    const slot0 = body.slots[0];
    expect(await message({ ...body, slug: 'x1', slots: [] })).toMatch(/Add at least one slot/);
    expect(await message({ ...body, slug: 'x2', slots: Array.from({ length: 21 }, () => slot0) })).toMatch(/At most 20 slots per job/);
    expect(await message({ ...body, slug: 'x3', slots: [{ ...slot0, quantity: 0 }] })).toMatch(/Quantity must be from 1 to 99/);
    expect(await message({ ...body, slug: 'x4', slots: [{ ...slot0, quantity: 100 }] })).toMatch(/Quantity must be from 1 to 99/);
    expect(await message({ ...body, slug: 'x5', slots: [{ ...slot0, category: 'wheels' }] })).toMatch(/Category must be one of: brakes, drivetrain/);
    expect(await message({ ...body, slug: 'x6', slots: [{ ...slot0, position: 'front rear' }] })).toMatch(/Position “front rear” is not one the shop knows/);
    expect(await message({ ...body, slug: 'x7', slots: [{ ...slot0, quantityRule: 'per_lot' }] })).toMatch(/Quantity rule must be fixed or per_vehicle/);
    expect(await message({ ...body, slug: 'Bad Slug' })).toMatch(/Address word may hold lower-case letters/);
    expect(await message({ ...body, slug: 'x8', name: ' ' })).toMatch(/Name is Required/);
  });

  it('every admin call refuses a visitor (401) and a customer (403)', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/job-templates' },
      { method: 'POST' as const, url: '/api/admin/job-templates', payload: body },
      { method: 'PUT' as const, url: `/api/admin/job-templates/${created._id}`, payload: body },
      { method: 'DELETE' as const, url: `/api/admin/job-templates/${created._id}` },
    ];
    for (const c of calls) {
      expect((await t.app.inject({ ...c })).statusCode, `${c.method} ${c.url} visitor`).toBe(401);
      expect((await t.app.inject({ ...c, headers: bearer(customer.token) })).statusCode, `${c.method} ${c.url} customer`).toBe(403);
    }
  });

  it('deletes a job with its slots; seeding again adds nothing', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/job-templates/${created._id}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await get('/api/baskets/2019-yamaha-mt-07/tyres')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/job-templates/${created._id}`, headers: bearer(admin.token) })).statusCode).toBe(404);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(audit.map((a) => a.action).sort()).toEqual(['job-template.create', 'job-template.delete', 'job-template.update']);
    expect(await seedJobTemplates(t.app.db)).toBe(0);
    const list = (await get('/api/admin/job-templates', bearer(admin.token))).json() as AdminJobTemplate[];
    expect(list.map((x) => x.slug)).toEqual(['chain-and-sprockets', 'front-brake-pads', 'oil-service']);
  });
});
