import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PiesItem, Product } from '@shop/shared';
import { openPiesFeed } from '../src/modules/feeds/pies';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * Decision 217: a discontinued part. The admin sets and clears the flag; the part stays sellable while its stock
 * lasts, cannot be restocked, and its page names the part that replaces it. The PIES reader reads the life-cycle code.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const base = { unitPrice: 10, stock: 5, minOrder: 1, description: 'Probe.', image: '/images/products/x.svg', brand: 'EndCo' };
async function add(payload: object): Promise<Product> {
  const res = await t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(admin.token), payload: { ...base, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}
const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
const patch = (id: string, payload: object, token = admin.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers: bearer(token), payload });
const adjust = (id: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/product/${id}/stock`, headers: bearer(admin.token), payload });

describe('the discontinued flag', () => {
  it('an admin sets and clears it; the answer has discontinuedAt only while it is set', async () => {
    const part = await add({ sku: 'END-1', name: 'Lever to end' });
    expect(part.discontinuedAt).toBeUndefined();
    const set = await patch(part._id, { version: part.version, discontinued: true });
    expect(set.statusCode, set.body).toBe(200);
    const discontinued = set.json() as Product;
    expect(Date.parse(discontinued.discontinuedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(discontinued.version).toBe(part.version + 1);
    expect((await get(part._id)).discontinuedAt).toBe(discontinued.discontinuedAt);
    // The list answers carry it too.
    const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
    expect(list.find((p) => p._id === part._id)!.discontinuedAt).toBe(discontinued.discontinuedAt);
    // Setting it again keeps its date and the version.
    const again = (await patch(part._id, { version: discontinued.version, discontinued: true })).json() as Product;
    expect(again).toMatchObject({ discontinuedAt: discontinued.discontinuedAt, version: discontinued.version });
    const cleared = (await patch(part._id, { version: discontinued.version, discontinued: false })).json() as Product;
    expect(cleared.discontinuedAt).toBeUndefined();
    expect((await get(part._id)).discontinuedAt).toBeUndefined();
  });

  it('is refused with a clear message when it is not true or false, and to a customer', async () => {
    const part = await add({ sku: 'END-2', name: 'Grip to end' });
    const bad = await patch(part._id, { version: part.version, discontinued: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/discontinued must be true or false/);
    expect((await patch(part._id, { version: part.version, discontinued: true }, customer.token)).statusCode).toBe(403);
    expect((await get(part._id)).discontinuedAt).toBeUndefined();
  });

  it('a discontinued part cannot be restocked; a count correction and damage still book', async () => {
    const part = await add({ sku: 'END-3', name: 'Cable to end', stock: 4 });
    await patch(part._id, { version: part.version, discontinued: true });
    const restock = await adjust(part._id, { delta: 10, reason: 'restock' });
    expect(restock.statusCode).toBe(409);
    expect(restock.json().error).toMatchObject({ code: 'PRODUCT_DISCONTINUED' });
    expect(restock.json().error.message).toMatch(/Cable to end \(END-3\) is discontinued: it cannot be restocked/);
    expect((await get(part._id)).stock).toBe(4);
    expect((await adjust(part._id, { delta: -1, reason: 'damaged' })).statusCode).toBe(200);
    expect((await adjust(part._id, { delta: 2, reason: 'correction' })).statusCode).toBe(200);
    expect((await get(part._id)).stock).toBe(5);
    // A part still made is restocked as before.
    const made = await add({ sku: 'END-4', name: 'Cable still made' });
    expect((await adjust(made._id, { delta: 10, reason: 'restock' })).statusCode).toBe(200);
  });
});

describe('the replacement of a discontinued part', () => {
  it('is a part that supersedes or replaces its number, still made; an equivalent is not one', async () => {
    const old = await add({ sku: 'OLD-77', name: 'Old filter', stock: 0 });
    await add({ sku: 'EQ-77', name: 'Equivalent filter', partNumbers: [{ kind: 'equivalent', brand: 'EndCo', number: 'OLD-77' }] });
    const gone = await add({ sku: 'MID-77', name: 'Middle filter', partNumbers: [{ kind: 'supersedes', brand: 'EndCo', number: 'OLD 77' }] });
    await patch(gone._id, { version: gone.version, discontinued: true });
    // Not discontinued yet: no replacement is named.
    expect((await get(old._id)).replacement).toBeUndefined();
    await patch(old._id, { version: old.version, discontinued: true });
    // Only a discontinued successor (MID-77) and an equivalent: none.
    expect((await get(old._id)).replacement).toBeUndefined();
    const next = await add({ sku: 'NEW-77', name: 'New filter', partNumbers: [{ kind: 'supersedes', brand: 'EndCo', number: 'old-77' }] });
    expect((await get(old._id)).replacement).toEqual({ _id: next._id, sku: 'NEW-77', name: 'New filter', brand: 'EndCo' });
  });
});

describe('the PIES reader reads the life-cycle code (EXPI LIF)', () => {
  const item = (lif: string | null) => `<Item MaintenanceType="A"><PartNumber>P-${lif ?? 'none'}</PartNumber><BrandLabel>EndCo</BrandLabel>
    ${lif === null ? '' : `<ExtendedInformation><ExtendedProductInformation EXPICode="NPC">A</ExtendedProductInformation><ExtendedProductInformation EXPICode="LIF" LanguageCode="EN"> ${lif} </ExtendedProductInformation></ExtendedInformation>`}
    <Descriptions><Description DescriptionCode="DES">Part</Description></Descriptions></Item>`;
  it('as a code 0–9 or A (any case), null when absent, a problem when PIES has no such code', async () => {
    const xml = `<PIES><Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header><Items>${['8', 'a', '2', null, 'Z'].map(item).join('')}</Items></PIES>`;
    const feed = await openPiesFeed(Readable.from([xml]));
    const items: PiesItem[] = [];
    for await (const i of feed.items) items.push(i);
    expect(items.map((i) => i.lifeCycle)).toEqual(['8', 'A', '2', null, null]);
    expect(items.map((i) => i.problems.length)).toEqual([0, 0, 0, 0, 1]);
    expect(items[4].problems[0].message).toBe('Life-cycle status “Z” (EXPI LIF) is not a PIES code: use 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, A');
  });
});
