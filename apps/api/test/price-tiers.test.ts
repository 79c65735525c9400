import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import type { Order, Product } from '@shop/shared';
import { orders } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, orderRequest, placeOrder } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/** Issue #11 part 5: quantity price tiers (decision 131). */

let t: TestApp;
let admin: TestUser;
let alice: TestUser;

const TIERS = [
  { minQuantity: 20, unitPrice: 8 },
  { minQuantity: 100, unitPrice: 7 },
];
const MODAL = SHIP_TO;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
  alice = await signUpUser(t.app, { name: 'Alice Rider' });
});
afterAll(async () => t.close());

const post = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: '/api/product', headers, payload });
const patch = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers, payload });
const getProduct = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
const putLine = (productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(alice.token), payload: { quantity } });
const storedLot = async (orderId: string) =>
  (await t.app.db.select({ unitPriceCents: orders.unitPriceCents, minOrder: orders.minOrder }).from(orders).where(eq(orders.id, orderId)))[0];
// 100 g a unit: an order of 100 units (10 kg) still ships to Germany (decision 160).
const NEW = {
  name: 'Tiered pads',
  unitPrice: 10,
  stock: 1000,
  minOrder: 2,
  weightGrams: 100,
  description: 'Sold in pairs.',
  image: '/images/products/oil-filter-hf204.svg',
};

/** The acceptance product: base $10 per lot of 2, from 20 units $8, from 100 units $7. */
async function tieredProduct(fields: Record<string, unknown> = {}): Promise<Product> {
  const res = await post({ ...NEW, ...fields, priceTiers: TIERS });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('tiers on the product', () => {
  it('are stored on POST, answered sorted by quantity, and [] when none', async () => {
    const p = await tieredProduct();
    expect(p.priceTiers).toEqual(TIERS);
    expect((await getProduct(p._id)).priceTiers).toEqual(TIERS);
    expect((await catalogue()).find((x) => x._id === p._id)!.priceTiers).toEqual(TIERS);
    const plain = await addProduct(t.app, admin);
    expect(plain.priceTiers).toEqual([]);
    const search = await t.app.inject({ method: 'GET', url: '/api/search?q=Tiered' });
    expect(search.statusCode).toBe(200);
    expect(search.json().items.find((x: Product) => x._id === p._id).priceTiers).toEqual(TIERS);
  });

  it('PATCH replaces them, raises the version and drops the catalogue cache; the same tiers keep the version', async () => {
    const p = await tieredProduct();
    await catalogue(); // fill the cache
    let res = await patch(p._id, { version: p.version, priceTiers: [{ minQuantity: 50, unitPrice: 6.5 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: p.version + 1, priceTiers: [{ minQuantity: 50, unitPrice: 6.5 }] });
    expect((await catalogue()).find((x) => x._id === p._id)!.priceTiers).toEqual([{ minQuantity: 50, unitPrice: 6.5 }]);
    expect((await getProduct(p._id)).priceTiers).toEqual([{ minQuantity: 50, unitPrice: 6.5 }]);

    res = await patch(p._id, { version: p.version + 1, priceTiers: [{ minQuantity: 50, unitPrice: 6.5 }] });
    expect(res.json().version).toBe(p.version + 1);

    res = await patch(p._id, { version: p.version + 1, priceTiers: [] });
    expect(res.json()).toMatchObject({ version: p.version + 2, priceTiers: [] });

    const audit = await t.app.inject({ method: 'GET', url: `/api/audit?action=product.update`, headers: bearer(admin.token) });
    expect(JSON.stringify(audit.json())).toContain('priceTiers');
  });

  it.each([
    [[{ minQuantity: 2, unitPrice: 8 }], 'Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price.'],
    [[{ minQuantity: 1, unitPrice: 8 }], 'Tier quantity must be at least 2'],
    [[{ minQuantity: 20, unitPrice: 0 }], 'Tier price must be more than 0'],
    [[{ minQuantity: 20.5, unitPrice: 8 }], 'Tier quantity must be a whole number'],
    [
      [
        { minQuantity: 20, unitPrice: 8 },
        { minQuantity: 20, unitPrice: 7 },
      ],
      'Tier quantities must increase from tier to tier (20 follows 20)',
    ],
    [Array.from({ length: 11 }, (_, i) => ({ minQuantity: 10 + i, unitPrice: 5 })), 'At most 10 price tiers'],
    ['20:8', 'priceTiers must be a list of { minQuantity, unitPrice }'],
  ])('POST refuses %j with 400 and a clear message', async (priceTiers, message) => {
    const res = await post({ ...NEW, name: 'Refused tiers', priceTiers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await catalogue()).some((x) => x.name === 'Refused tiers')).toBe(false);
  });

  it('PATCH checks the tiers against the new minimum order, and a raised minimum order against the kept tiers', async () => {
    const p = await tieredProduct();
    let res = await patch(p._id, { version: p.version, minOrder: 20 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_PRICE_TIERS',
      message: 'Price tier 1: the quantity must be above the minimum order (20); the price at the minimum order is the unit price.',
    });
    res = await patch(p._id, { version: p.version, minOrder: 5, priceTiers: [{ minQuantity: 4, unitPrice: 9 }] });
    expect(res.statusCode).toBe(400);
    expect((await getProduct(p._id)).minOrder).toBe(2);
    res = await patch(p._id, { version: p.version, minOrder: 20, priceTiers: [{ minQuantity: 40, unitPrice: 70 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ minOrder: 20, priceTiers: [{ minQuantity: 40, unitPrice: 70 }] });
  });

  it('are admin-only writes: visitor 401, customer 403', async () => {
    const p = await tieredProduct();
    expect((await post({ ...NEW, priceTiers: TIERS }, {})).statusCode).toBe(401);
    expect((await post({ ...NEW, priceTiers: TIERS }, bearer(alice.token))).statusCode).toBe(403);
    expect((await patch(p._id, { version: p.version, priceTiers: [] }, {})).statusCode).toBe(401);
    expect((await patch(p._id, { version: p.version, priceTiers: [] }, bearer(alice.token))).statusCode).toBe(403);
    expect((await getProduct(p._id)).priceTiers).toEqual(TIERS);
  });
});

describe('the server prices with the tier of the largest minQuantity not above the quantity', () => {
  it('orders of 10, 20 and 100 units cost $50, $80 and $350 (the acceptance check)', async () => {
    const p = await tieredProduct();
    const prices = [];
    for (const q of [10, 20, 100]) prices.push((await placeOrder(t.app, alice, p._id, q)).price);
    expect(prices).toEqual([50, 80, 350]);
  });

  it.each([
    [19, 95, 10],
    [20, 80, 8],
    [21, 84, 8],
    [99, 396, 8],
    [100, 350, 7],
    [101, 353.5, 7],
  ])('an order of %i units costs $%s, priced at $%s per lot; a client-sent price is ignored', async (quantity, price, lot) => {
    const p = await tieredProduct();
    const res = await orderRequest(t.app, alice, p._id, quantity, { price: 0.01, unitPrice: 0.01, priceTiers: [{ minQuantity: 2, unitPrice: 0.01 }] });
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json();
    expect(order.price).toBe(price);
    expect(order.quantity).toBe(quantity);
    // The order keeps the lot price it was priced with, so price = unitPrice / minOrder × quantity still holds.
    expect(await storedLot(order._id)).toEqual({ unitPriceCents: lot * 100, minOrder: 2 });
  });

  it('prices cart lines at each boundary, and the checkout takes the same prices', async () => {
    const p = await tieredProduct();
    const plain = await addProduct(t.app, admin, { name: 'Plain part', unitPrice: 12.5, minOrder: 1, stock: 50 });
    const expected: [number, number][] = [
      [2, 10],
      [19, 95],
      [20, 80],
      [21, 84],
      [99, 396],
      [100, 350],
      [101, 353.5],
    ];
    for (const [quantity, total] of expected) {
      const res = await putLine(p._id, quantity);
      expect(res.statusCode, res.body).toBe(200);
      const line = res.json().lines.find((l: { productId: string }) => l.productId === p._id);
      expect([quantity, line.lineTotal]).toEqual([quantity, total]);
      expect(line.product.priceTiers).toEqual(TIERS);
    }
    const cart = (await putLine(plain._id, 2)).json();
    expect(cart.total).toBe(353.5 + 25);

    await putLine(p._id, 100);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(alice.token), payload: MODAL });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json();
    expect(checkout.total).toBe(350 + 25);
    const tiered = checkout.orders.find((o: Order) => o.productId === p._id);
    expect(tiered).toMatchObject({ quantity: 100, price: 350 });
    expect(await storedLot(tiered._id)).toEqual({ unitPriceCents: 700, minOrder: 2 });
    const other = checkout.orders.find((o: Order) => o.productId === plain._id);
    expect(other).toMatchObject({ quantity: 2, price: 25 });
    expect(await storedLot(other._id)).toEqual({ unitPriceCents: 1250, minOrder: 1 });
  });
});

describe('catalogue CSV', () => {
  const exportCsv = () => t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin.token) });
  const importCsv = (csv: string) =>
    t.app.inject({ method: 'POST', url: '/api/products/import?dryRun=false', headers: { ...bearer(admin.token), 'content-type': 'text/csv' }, payload: csv });

  it('exports price_tiers after the fitment columns and imports it back; a file without it keeps the tiers', async () => {
    const p = await tieredProduct({ sku: 'TIER-CSV-1', name: 'CSV tiered' });
    const rows = parse((await exportCsv()).body, { columns: true }) as Record<string, string>[];
    // Issue #24's shipping and tax columns follow it.
    expect(Object.keys(rows[0]).indexOf('price_tiers')).toBe(Object.keys(rows[0]).indexOf('fitment') + 1);
    const row = rows.find((r) => r.sku === 'TIER-CSV-1')!;
    expect(row.price_tiers).toBe('20:8.00; 100:7.00');

    // Change the tiers in the file.
    let res = await importCsv(stringify([{ ...row, price_tiers: '10:9.50; 50:8.25' }], { header: true, columns: Object.keys(row) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 1 });
    const changed = await getProduct(p._id);
    expect(changed.priceTiers).toEqual([
      { minQuantity: 10, unitPrice: 9.5 },
      { minQuantity: 50, unitPrice: 8.25 },
    ]);
    expect(changed.version).toBe(p.version + 1);

    // A file made before this change (no price_tiers column) leaves them as they are.
    const { price_tiers: _dropped, ...old }: Record<string, string> = { ...row, name: 'CSV tiered renamed' };
    res = await importCsv(stringify([old], { header: true, columns: Object.keys(old) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await getProduct(p._id)).toMatchObject({ name: 'CSV tiered renamed', priceTiers: changed.priceTiers });

    // A new product from the file gets its tiers; an empty cell clears them.
    res = await importCsv(
      stringify(
        [
          { ...row, sku: 'TIER-CSV-2', name: 'CSV new tiered', price_tiers: '30:5' },
          { ...row, price_tiers: '' },
        ],
        { header: true, columns: Object.keys(row) },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await catalogue()).find((x) => x.sku === 'TIER-CSV-2')!.priceTiers).toEqual([{ minQuantity: 30, unitPrice: 5 }]);
    expect((await getProduct(p._id)).priceTiers).toEqual([]);
  });

  it('names a bad tier cell by its line', async () => {
    const header = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images,price_tiers';
    const res = await importCsv(
      `${header}\nTIER-BAD,Bad,Acme,brakes,10.00,2,5,Bad,/images/products/x.svg,2:8.00\nTIER-BAD2,Bad,Acme,brakes,10.00,2,5,Bad,/images/products/x.svg,20=8\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { line: 2, message: 'price_tiers: Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price' },
      { line: 3, message: 'price_tiers: "20=8" is not a price tier (write quantity:price, tiers separated by ;, e.g. 20:8.00; 100:7.00)' },
    ]);
  });

  it('refuses a row that raises minOrder to or above the stored tiers, as the PATCH does; tiers changed in the same row are fine', async () => {
    const p = await tieredProduct({ sku: 'TIER-CSV-MIN', name: 'CSV tiered minimum' });
    const other = await tieredProduct({ sku: 'TIER-CSV-MIN2', name: 'CSV tiered minimum 2' });
    // The PATCH's answer to the same change, for comparison.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${p._id}`,
      headers: bearer(admin.token),
      payload: { version: p.version, minOrder: 20 },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.code).toBe('INVALID_PRICE_TIERS');

    const rows = (parse((await exportCsv()).body, { columns: true }) as Record<string, string>[]).filter((r) => r.sku.startsWith('TIER-CSV-MIN'));
    const withoutTiers = rows.map(({ price_tiers: _dropped, ...r }) => r);
    const [mine, theirs] = [withoutTiers.find((r) => r.sku === 'TIER-CSV-MIN')!, withoutTiers.find((r) => r.sku === 'TIER-CSV-MIN2')!];
    const file = (list: Record<string, string>[]) => stringify(list, { header: true, columns: Object.keys(list[0]) });

    // minOrder 20 equals the lowest tier (20 units), 25 is above it: both refused with their lines; nothing changes.
    const bad = file([
      { ...mine, minOrder: '20' },
      { ...theirs, minOrder: '25', name: 'Renamed' },
    ]);
    const res = await importCsv(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMPORT_INVALID');
    expect(res.json().errors).toEqual([
      {
        line: 2,
        message:
          "minOrder: 20 is not below the part's lowest stored price tier (from 20 units): Price tier 1: the quantity must be above the minimum order (20); the price at the minimum order is the unit price. Change or remove the tiers in the same row (price_tiers column) or in the product form first.",
      },
      { line: 3, message: expect.stringMatching(/^minOrder: 25 is not below the part's lowest stored price tier \(from 20 units\)/) },
    ]);
    expect(await getProduct(p._id)).toMatchObject({ minOrder: 2, version: p.version });
    expect(await getProduct(other._id)).toMatchObject({ minOrder: 2, name: 'CSV tiered minimum 2' });
    // The dry run lists the same problems.
    const dry = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=true',
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: bad,
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ created: 0, updated: 0, errors: res.json().errors });
    // One refused row among valid ones is still reported (and nothing is applied).
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=true',
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: file([
        { ...mine, minOrder: '20' },
        { ...theirs, name: 'Renamed' },
      ]),
    });
    expect(mixed.json()).toMatchObject({ updated: 1, errors: [{ line: 2 }] });

    // Below the lowest tier is fine; so is a minOrder above the old tiers when the row brings new ones.
    const ok = await importCsv(file([{ ...mine, minOrder: '19' }]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await getProduct(p._id)).toMatchObject({ minOrder: 19, priceTiers: [{ minQuantity: 20 }, { minQuantity: 100 }] });
    const retiered = await importCsv(
      stringify([{ ...rows.find((r) => r.sku === 'TIER-CSV-MIN2')!, minOrder: '50', price_tiers: '60:7.50' }], { header: true, columns: Object.keys(rows[0]) }),
    );
    expect(retiered.statusCode, retiered.body).toBe(200);
    expect(await getProduct(other._id)).toMatchObject({ minOrder: 50, priceTiers: [{ minQuantity: 60, unitPrice: 7.5 }] });
  });
});
