import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagramSchema, partDiagramListSchema, vehicleDiagramsSchema, type AdminDiagram, type Cart, type Diagram } from '@shop/shared';
import { seedDemoData, seedDiagrams } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #36 item 1 (decision 197): parts diagrams, read by anyone, written by admins; several cart lines in one request. */

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
const diagram = async (vehicle: string, assembly: string) => diagramSchema.parse((await get(`/api/diagrams/${vehicle}/${assembly}`)).json());
const productIdBySku = async (sku: string) => {
  const r = (await get(`/api/search?q=${encodeURIComponent(sku)}`)).json() as { items: { _id: string; sku: string }[] };
  return r.items.find((p) => p.sku === sku)!._id;
};

describe('GET /api/diagrams/{vehicle}/{assembly}', () => {
  it('answers the drawing, its callouts in number order, and the part sold for each number', async () => {
    const d = await diagram('2019-yamaha-mt-07', 'front-brake');
    expect(d.name).toBe('Front brake');
    expect(d.vehicle).toMatchObject({ make: 'Yamaha', model: 'MT-07', year: 2019, variant: null, slug: '2019-yamaha-mt-07' });
    expect(d.otherVehicleCount).toBe(10);
    expect(d.callouts.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const [pads, disc, , lever] = d.callouts;
    // An OEM number a part replaces resolves to that part and says so.
    expect(pads).toMatchObject({ partNumber: '1WS-W0045-00', quantity: 2, notes: 'One set per caliper', replaces: '1WS-W0045-00' });
    expect(pads.product?.sku).toBe('FA244HH');
    // A number nobody here carries is shown, not sold.
    expect(disc.product).toBeNull();
    expect(disc.replaces).toBeNull();
    expect(disc.label).toBe('Front brake disc');
    // Our own number: the part, without "Replaces".
    expect(lever.product?.sku).toBe('LV-BR-212');
    expect(lever.replaces).toBeNull();
    // Every hotspot lies inside the drawing.
    for (const c of d.callouts) expect(c.x + c.w <= 100.001 && c.y + c.h <= 100.001 && c.x >= 0 && c.y >= 0).toBe(true);
    expect(d.siblings.map((s) => s.slug)).toEqual(['drive-chain']);
  });

  it('a vehicle the drawing does not apply to, an unknown drawing or a made-up address answers 404', async () => {
    // The MT-09's handlebar drawing is for 2014-2020 only.
    expect((await get('/api/diagrams/2021-yamaha-mt-09/handlebar-controls')).statusCode).toBe(404);
    expect((await get('/api/diagrams/2019-yamaha-mt-09/handlebar-controls')).statusCode).toBe(200);
    expect((await get('/api/diagrams/2019-yamaha-mt-07/clutch')).statusCode).toBe(404);
    expect((await get('/api/diagrams/yamaha/front-brake')).statusCode).toBe(404);
    // An address longer than any the shop makes is refused before it is looked up.
    expect((await get(`/api/diagrams/2019-yamaha-mt-07/${'x'.repeat(121)}`)).statusCode).toBe(414);
  });

  it('a part added later with a drawn number is sold from the drawing at once', async () => {
    const before = await diagram('2019-yamaha-mt-07', 'drive-chain');
    expect(before.callouts.find((c) => c.number === 2)?.product).toBeNull();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(admin.token),
      payload: {
        name: 'Front Sprocket 15T for the MT-07',
        description: 'Steel front sprocket, 520 pitch, 15 teeth.',
        image: 'https://images.example.com/sprocket.jpg',
        minOrder: 2,
        stock: 40,
        unitPrice: 30,
        sku: 'SPR-15-MT07',
        brand: 'Demo',
        category: 'drivetrain',
        partNumbers: [{ kind: 'replaces', brand: 'Yamaha', number: '9383B 15217 00' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await diagram('2019-yamaha-mt-07', 'drive-chain');
    expect(after.callouts.find((c) => c.number === 2)).toMatchObject({ replaces: '9383B-15217-00', product: { sku: 'SPR-15-MT07' } });
  });
});

describe('a vehicle’s diagrams and a part’s', () => {
  it('GET /api/diagrams/{vehicle} lists the bike’s diagrams A to Z; an unknown bike answers 404', async () => {
    const list = vehicleDiagramsSchema.parse((await get('/api/diagrams/2019-yamaha-mt-07')).json());
    expect(list.diagrams.map((d) => [d.name, d.calloutCount])).toEqual([
      ['Drive chain and sprockets', 5],
      ['Front brake', 6],
    ]);
    expect((await get('/api/diagrams/1999-yamaha-mt-07')).statusCode).toBe(404);
  });

  it('GET /api/product/{id}/diagrams: where a part is drawn, by its own number or one it replaces', async () => {
    const lever = partDiagramListSchema.parse((await get(`/api/product/${await productIdBySku('LV-BR-212')}/diagrams`)).json());
    expect(lever.map((d) => [d.name, d.callout, d.vehicles.length])).toEqual([
      ['Front brake', 4, 11],
      // The MT-09 and MT-09 SP of 2014-2020.
      ['Handlebar controls', 1, 10],
    ]);
    const pads = partDiagramListSchema.parse((await get(`/api/product/${await productIdBySku('FA244HH')}/diagrams`)).json());
    expect(pads.map((d) => [d.slug, d.callout])).toEqual([['front-brake', 1]]);
    expect(pads[0].vehicles.map((v) => v.slug)).toContain('2019-yamaha-mt-07');
    const plug = partDiagramListSchema.parse((await get(`/api/product/${await productIdBySku('CR9EIX')}/diagrams`)).json());
    expect(plug).toEqual([]);
    expect((await get('/api/product/00000000-0000-4000-8000-000000000000/diagrams')).statusCode).toBe(404);
  });
});

describe('search offers the diagrams of the bike it names (issue #36 item 4)', () => {
  // The drawings among the guides (the job baskets beside them are job-baskets.test.ts's).
  const guides = async (q: string, more = '') => {
    const all = (
      (await get(`/api/search?q=${encodeURIComponent(q)}${more}`)).json() as { guides?: { kind: string; name: string; vehicle: string; path: string }[] }
    ).guides;
    return all && all.some((g) => g.kind === 'diagram') ? all.filter((g) => g.kind === 'diagram') : undefined;
  };

  it('"mt07 brake" offers the front brake drawing for the newest year; a year named is kept', async () => {
    expect(await guides('mt07 brake')).toEqual([
      { kind: 'diagram', name: 'Front brake', vehicle: '2024 Yamaha MT-07', path: '/diagrams/2024-yamaha-mt-07/front-brake' },
    ]);
    expect(await guides('2019 mt07 chain')).toEqual([
      { kind: 'diagram', name: 'Drive chain and sprockets', vehicle: '2019 Yamaha MT-07', path: '/diagrams/2019-yamaha-mt-07/drive-chain' },
    ]);
    // The words may be in the description ("pads" of the front brake), and the bike alone offers all its drawings.
    expect((await guides('mt-07 pads'))?.map((g) => g.name)).toEqual(['Front brake']);
    expect((await guides('yamaha mt07'))?.map((g) => g.name)).toEqual(['Drive chain and sprockets', 'Front brake']);
  });

  it('no bike named, a bike without drawings or words no drawing holds: no diagrams', async () => {
    expect(await guides('brake pads')).toBeUndefined();
    expect(await guides('cb500f brake')).toBeUndefined();
    expect(await guides('mt07 exhaust')).toBeUndefined();
    expect(await guides('mt07 brake', '&page=2')).toBeUndefined();
  });
});

describe('the sitemap lists every diagram page (issue #36 item 4)', () => {
  it('each diagram for each vehicle it applies to, and each such vehicle’s list, before the parts', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const paths = [...res.body.matchAll(/<loc>[^<]*?(\/diagrams\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(paths).toContain('/diagrams/2019-yamaha-mt-07');
    expect(paths).toContain('/diagrams/2019-yamaha-mt-07/front-brake');
    expect(paths).toContain('/diagrams/2019-yamaha-mt-09-sp/handlebar-controls');
    // 11 MT-07 years with two drawings, 10 MT-09 and MT-09 SP years with one, and a list per vehicle.
    expect(paths.filter((p) => p.split('/').length === 4)).toHaveLength(11 * 2 + 10);
    expect(paths.filter((p) => p.split('/').length === 3)).toHaveLength(21);
  });
});

describe('POST /api/cart/lines: several lines in one request, all or none', () => {
  it('sets every picked line, and refuses the whole request when one quantity breaks the rule', async () => {
    const pads = await productIdBySku('FA244HH');
    const lever = await productIdBySku('LV-BR-212');
    const fluid = await productIdBySku('BF-DOT4-500');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: bearer(customer.token),
      payload: {
        lines: [
          { productId: pads, quantity: 10 },
          { productId: lever, quantity: 2 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^CNC Adjustable Brake Lever: .*between 5 and/);
    expect(((await get('/api/cart', bearer(customer.token))).json() as Cart).lines).toEqual([]);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: bearer(customer.token),
      payload: {
        lines: [
          { productId: pads, quantity: 10 },
          { productId: lever, quantity: 5 },
          { productId: fluid, quantity: 12 },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as Cart).lines.map((l) => [l.product.sku, l.quantity]).sort()).toEqual([
      ['BF-DOT4-500', 12],
      ['FA244HH', 10],
      ['LV-BR-212', 5],
    ]);
  });

  it('an unknown part, an empty list or a visitor is refused', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: bearer(customer.token),
      payload: { lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: '/api/cart/lines', headers: bearer(customer.token), payload: { lines: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Pick at least one part/);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/lines', payload: { lines: [] } })).statusCode).toBe(401);
  });
});

describe('admin: diagrams', () => {
  const csv = [
    'number,part_number,label,quantity,notes,x,y,w,h',
    '1,LV-CL-212,Clutch lever,1,,10,10,6,8',
    '2,1WS-16321-00,Friction plate,8,"Soak in oil first, 5 min",30,40,6,8',
    '3,HF204,,1,,60,60,6,8',
  ].join('\n');
  let created: AdminDiagram;

  it('creates a diagram for every listed year of a model, imports callouts from CSV and exports them back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/diagrams',
      headers: bearer(admin.token),
      payload: {
        name: 'Clutch',
        slug: 'clutch',
        imageUrl: '/images/diagrams/mt07-drive-chain.svg',
        imageWidth: 800,
        imageHeight: 600,
        make: 'Yamaha',
        model: 'MT-07',
        yearFrom: 2018,
        yearTo: 2020,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created.vehicles.map((v) => v.year)).toEqual([2018, 2019, 2020]);

    const imported = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/diagrams/${created._id}/callouts`,
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 3 });

    const d: Diagram = await diagram('2019-yamaha-mt-07', 'clutch');
    expect(d.callouts.map((c) => [c.number, c.label, c.product?.sku ?? null])).toEqual([
      [1, 'Clutch lever', 'LV-CL-212'],
      [2, 'Friction plate', null],
      [3, 'Spin-On Oil Filter HF204', 'HF204'],
    ]);
    expect((await get('/api/diagrams/2021-yamaha-mt-07/clutch')).statusCode).toBe(404);

    const exported = await get(`/api/admin/diagrams/${created._id}/callouts.csv`, bearer(admin.token));
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('clutch-callouts.csv');
    expect(exported.body.trim().split('\n')).toEqual([
      'number,part_number,label,quantity,notes,x,y,w,h',
      '1,LV-CL-212,Clutch lever,1,,10,10,6,8',
      '2,1WS-16321-00,Friction plate,8,"Soak in oil first, 5 min",30,40,6,8',
      '3,HF204,,1,,60,60,6,8',
    ]);
  });

  it('a file with a bad row changes nothing and lists every bad row by line', async () => {
    const bad = ['number,part_number,label,quantity,notes,x,y,w,h', '1,LV-CL-212,,1,,10,10,6,8', '1,G154,,1,,20,20,6,8', '4,,x,0,,98,10,6,8'].join('\n');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/diagrams/${created._id}/callouts`,
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    const problems = (res.json().error.details as { problems: { line: number; message: string }[] }).problems;
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
    expect(problems[0].message).toBe('callout 1 is listed twice');
    expect(problems[1].message).toMatch(/part_number is Required.*quantity must be 1 or more.*inside the drawing/);
    expect((await diagram('2019-yamaha-mt-07', 'clutch')).callouts).toHaveLength(3);

    const noHeader = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/diagrams/${created._id}/callouts`,
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: 'a,b\n1,2',
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.message).toMatch(/missing: number, part_number, quantity, x, y, w, h/);
  });

  it('places a hotspot where the admin clicked, inside the drawing only', async () => {
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/diagrams/${created._id}/callouts/2`,
      headers: bearer(admin.token),
      payload: { x: 50, y: 20, w: 6, h: 8 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as AdminDiagram).callouts.find((c) => c.number === 2)).toMatchObject({ x: 50, y: 20 });
    const outside = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/diagrams/${created._id}/callouts/2`,
      headers: bearer(admin.token),
      payload: { x: 97, y: 20, w: 6, h: 8 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toMatch(/inside the drawing/);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/diagrams/${created._id}/callouts/9`,
      headers: bearer(admin.token),
      payload: { x: 5, y: 5, w: 6, h: 8 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a second diagram with the same address word for a vehicle, a model with no listed years, and a foreign drawing', async () => {
    const base = {
      name: 'Clutch 2',
      slug: 'clutch',
      imageUrl: '/images/diagrams/mt07-drive-chain.svg',
      imageWidth: 800,
      imageHeight: 600,
      make: 'Yamaha',
      model: 'MT-07',
    };
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/diagrams',
      headers: bearer(admin.token),
      payload: { ...base, yearFrom: 2020, yearTo: 2022 },
    });
    expect(taken.statusCode).toBe(409);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/diagrams',
      headers: bearer(admin.token),
      payload: { ...base, slug: 'x', yearFrom: 1990, yearTo: 1991 },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/No Yamaha MT-07 is listed for 1990–1991/);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/admin/diagrams',
      headers: bearer(admin.token),
      payload: { ...base, slug: 'y', imageUrl: 'https://evil.example/x.svg', yearFrom: 2020, yearTo: 2020 },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('every admin call refuses a visitor (401) and a customer (403)', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/diagrams' },
      { method: 'GET' as const, url: `/api/admin/diagrams/${created._id}` },
      { method: 'POST' as const, url: '/api/admin/diagrams', payload: {} },
      { method: 'DELETE' as const, url: `/api/admin/diagrams/${created._id}` },
      { method: 'PUT' as const, url: `/api/admin/diagrams/${created._id}/callouts`, payload: 'number', headers: { 'content-type': 'text/csv' } },
      { method: 'GET' as const, url: `/api/admin/diagrams/${created._id}/callouts.csv` },
      { method: 'PATCH' as const, url: `/api/admin/diagrams/${created._id}/callouts/1`, payload: { x: 1, y: 1, w: 1, h: 1 } },
    ];
    for (const c of calls) {
      expect((await t.app.inject({ ...c, headers: { ...(c.headers ?? {}) } })).statusCode, `${c.method} ${c.url} visitor`).toBe(401);
      expect((await t.app.inject({ ...c, headers: { ...(c.headers ?? {}), ...bearer(customer.token) } })).statusCode, `${c.method} ${c.url} customer`).toBe(
        403,
      );
    }
  });

  it('deletes a diagram with its callouts; seeding again adds nothing', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/diagrams/${created._id}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await get('/api/diagrams/2019-yamaha-mt-07/clutch')).statusCode).toBe(404);
    expect(await seedDiagrams(t.app.db)).toBe(0);
    const list = (await get('/api/admin/diagrams', bearer(admin.token))).json() as AdminDiagram[];
    expect(list.map((d) => d.slug).sort()).toEqual(['drive-chain', 'front-brake', 'handlebar-controls']);
  });
});
