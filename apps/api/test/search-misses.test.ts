import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMissesSchema, searchResultSchema, type SearchMisses } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { SEARCH_MISS_RETENTION_DAYS, SearchMissCounter } from '../src/modules/search/search-misses.service';
import { searchMissClients, searchMisses } from '../src/db/schema';

/**
 * Issue #26 item 6 (decision 168): searches that found nothing, and results nobody opened, counted per normalised
 * query without personal data; an admin list with dismiss; the zero-result answer suggests what was meant.
 */

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

/** Two visitors (issue #34: a query is listed once several clients searched for it). */
const A = '198.51.100.7';
const B = '203.0.113.9';
const search = async (qs: string, from = A) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}`, remoteAddress: from });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
};
const misses = async (token = admin.token) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/search/misses', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return searchMissesSchema.parse(res.json()) as SearchMisses;
};

describe('search misses', () => {
  it('counts submitted searches per normalised query and client, not suggestions, pages or e-mail addresses', async () => {
    await search('q=Flux+Capacitor&track=true');
    await search('q=flux-capacitor++&track=true');
    await search('q=flux+capacitor&track=true&page=2');
    await search('q=flux+capacitor&limit=8');
    await search('q=someone%40example.com&track=true');
    await search('q=someone%40example.com&track=true', B);
    // One client so far: not listed.
    expect((await misses()).zeroResults.map((r) => r.query)).not.toContain('flux capacitor');
    await search('q=FLUX+capacitor&track=true', B);
    const list = await misses();
    expect(list.zeroResults.find((r) => r.query === 'flux capacitor')).toMatchObject({ searches: 2, zeroResults: 2, opened: 0 });
    expect(JSON.stringify(list)).not.toContain('example');
  });

  it('one visitor cannot put text on the list: 25 searches from one client count once, and are not listed', async () => {
    for (let i = 0; i < 25; i++) await search('q=buy+cheap+pills+here&track=true');
    expect((await misses()).zeroResults.map((r) => r.query)).not.toContain('buy cheap pills here');
    const [row] = await t.app.db.select().from(searchMisses).where(eq(searchMisses.query, 'buy cheap pills here'));
    expect(row).toMatchObject({ searches: 1, zeroResults: 1, clients: 1 });
    // No address is kept: the client is a keyed hash, of the address and the query.
    const clients = await t.app.db.select().from(searchMissClients).where(eq(searchMissClients.query, 'buy cheap pills here'));
    expect(clients).toHaveLength(1);
    expect(JSON.stringify(clients)).not.toContain(A);
    const flux = await t.app.db.select().from(searchMissClients).where(eq(searchMissClients.query, 'flux capacitor'));
    expect(flux.map((c) => c.client)).not.toContain(clients[0].client);
    // The next day the same client counts again, but is still one client.
    await t.app.db.update(searchMissClients).set({ day: '2000-01-01' }).where(eq(searchMissClients.query, 'buy cheap pills here'));
    await search('q=buy+cheap+pills+here&track=true');
    await misses();
    const [again] = await t.app.db.select().from(searchMisses).where(eq(searchMisses.query, 'buy cheap pills here'));
    expect(again).toMatchObject({ searches: 2, clients: 1 });
  });

  it('lists searches whose results nobody opened, until one is opened', async () => {
    await search('q=chain+lube&track=true');
    await search('q=chain+lube&track=true', B);
    expect((await misses()).notOpened.find((r) => r.query === 'chain lube')).toMatchObject({ searches: 2, zeroResults: 0, opened: 0 });
    // Issue #34 item 7: an open from a client that never searched for it (one request) takes nothing off the list.
    const stranger = await t.app.inject({ method: 'POST', url: '/api/search/opened', payload: { q: 'Chain Lube' }, remoteAddress: '192.0.2.66' });
    expect(stranger.statusCode).toBe(204);
    expect((await misses()).notOpened.find((r) => r.query === 'chain lube')).toMatchObject({ opened: 0 });
    // A shopper who searched for it opens a result: it leaves the list.
    const opened = await t.app.inject({ method: 'POST', url: '/api/search/opened', payload: { q: 'Chain Lube' }, remoteAddress: B });
    expect(opened.statusCode).toBe(204);
    const after = await misses();
    expect(after.notOpened.map((r) => r.query)).not.toContain('chain lube');
    const [row] = await t.app.db.select().from(searchMisses).where(eq(searchMisses.query, 'chain lube'));
    expect(row.opened).toBe(1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/search/opened', payload: { q: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('q is required');
  });

  it('an admin dismisses a query, audited; a visitor and a customer are refused', async () => {
    await search('q=zzqx+widget&track=true');
    await search('q=zzqx+widget&track=true', B);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/misses' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/misses', headers: bearer(customer.token) })).statusCode).toBe(403);
    const url = `/api/search/misses/${encodeURIComponent('zzqx widget')}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(customer.token) })).statusCode).toBe(403);
    expect((await misses()).zeroResults.map((r) => r.query)).toContain('zzqx widget');
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await misses()).zeroResults.map((r) => r.query)).not.toContain('zzqx widget');
    // It comes back when several clients search for it again, the same ones included.
    await search('q=zzqx+widget&track=true');
    await search('q=zzqx+widget&track=true', B);
    expect((await misses()).zeroResults.find((r) => r.query === 'zzqx widget')).toMatchObject({ searches: 2 });
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?action=search_miss.dismiss', headers: bearer(admin.token) });
    expect(audit.json().items[0]).toMatchObject({ entityId: 'zzqx widget', actor: { email: admin.email } });
  });
});

describe('the two lists are apart (issue #39 item 8)', () => {
  it('lists a query under "found nothing" only while none of its searches found a part, and on neither list once a result was opened', async () => {
    const row = (query: string, counts: { searches: number; zeroResults: number; opened: number }) => ({
      query,
      ...counts,
      clients: 2,
      lastSearchedAt: new Date(),
    });
    await t.app.db
      .insert(searchMisses)
      .values([
        row('never found sissy bar', { searches: 3, zeroResults: 3, opened: 0 }),
        row('found later sissy bar', { searches: 3, zeroResults: 2, opened: 0 }),
        row('found and opened sissy bar', { searches: 3, zeroResults: 2, opened: 1 }),
      ]);
    const list = await misses();
    const zero = list.zeroResults.map((r) => r.query);
    const notOpened = list.notOpened.map((r) => r.query);
    expect(zero).toContain('never found sissy bar');
    expect(notOpened).not.toContain('never found sissy bar');
    expect(notOpened).toContain('found later sissy bar');
    expect(zero).not.toContain('found later sissy bar');
    expect([...zero, ...notOpened]).not.toContain('found and opened sissy bar');
    // No query is on both lists.
    expect(zero.filter((q) => notOpened.includes(q))).toEqual([]);
  });
});

describe('old search counts are forgotten (decision 170)', () => {
  it('a query nobody searched for in the retention period is deleted on the next write; a recent one stays', async () => {
    const day = 24 * 60 * 60 * 1000;
    await t.app.db.insert(searchMisses).values([
      {
        query: 'stale carburettor kit',
        searches: 3,
        zeroResults: 3,
        opened: 0,
        clients: 3,
        lastSearchedAt: new Date(Date.now() - (SEARCH_MISS_RETENTION_DAYS + 1) * day),
      },
      {
        query: 'recent carburettor kit',
        searches: 2,
        zeroResults: 2,
        opened: 0,
        clients: 2,
        lastSearchedAt: new Date(Date.now() - (SEARCH_MISS_RETENTION_DAYS - 1) * day),
      },
    ]);
    expect((await misses()).zeroResults.map((r) => r.query)).toEqual(expect.arrayContaining(['stale carburettor kit', 'recent carburettor kit']));
    // A process's first write prunes (the shop's own counter pruned when it first wrote, before these rows existed).
    const counter = new SearchMissCounter(t.app.db, t.app.log, 'another-secret');
    counter.searched('bar end weights', 1, new Date(), A);
    await counter.flush();
    const after = (await misses()).zeroResults.map((r) => r.query);
    expect(after).not.toContain('stale carburettor kit');
    expect(after).toContain('recent carburettor kit');
  });
});

describe('the zero-result answer suggests what the shopper meant', () => {
  it.each([
    ['fa244hx', 'partNumbers', 'FA244HH'],
    ['sinteredpadz', 'parts', 'Sintered Front Brake Pads – Pair'],
    ['sprocketz45', 'parts', '7075 Aluminium Rear Sprocket 45T'],
    ['himalyan', 'bikes', 'Himalayan'],
  ] as const)('%s: its closest %s include %s', async (q, kind, want) => {
    const r = await search(`q=${encodeURIComponent(q)}`);
    expect(r.total).toBe(0);
    const found =
      kind === 'partNumbers' ? r.didYouMean!.partNumbers : kind === 'parts' ? r.didYouMean!.parts.map((p) => p.name) : r.didYouMean!.bikes.map((b) => b.model);
    expect(found).toContain(want);
  });

  it('answers without suggestions when something is found', async () => {
    expect((await search('q=chain')).didYouMean).toBeUndefined();
  });
});
