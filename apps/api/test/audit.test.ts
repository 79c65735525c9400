import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { changedFields, recordAudit } from '../src/modules/audit/audit.service';

/** GET /api/audit: admin only, newest first, keyset pages, filters; entries written in the caller's transaction. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  const actor = { id: admin.id, email: admin.email };
  for (let i = 1; i <= 5; i++) {
    await recordAudit(t.app.db, { actor, action: 'product.update', entityType: 'product', entityId: `p${i}`, before: { stock: i }, after: { stock: i + 1 } });
  }
  await recordAudit(t.app.db, { actor: null, action: 'payment.reconcile', entityType: 'order', entityId: 'o1', note: 'paid by reconciliation' });
  // One second apart, in the order written: PGlite's clock can give two quick writes the same instant, and equal
  // times fall back to the (random) id, which made "newest first" a coin toss.
  await t.app.db.execute(
    sql`UPDATE audit_log SET at = now() - interval '1 minute' + (CASE WHEN entity_id = 'o1' THEN 6 ELSE substr(entity_id, 2)::int END) * interval '1 second'`,
  );
});
afterAll(async () => t.close());

const getAudit = (query = '', headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });

describe('GET /api/audit', () => {
  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await getAudit('', {})).statusCode).toBe(401);
    expect((await getAudit('', bearer(customer.token))).statusCode).toBe(403);
  });

  it('answers the newest entries first, with who, what and the changed fields', async () => {
    const res = await getAudit();
    expect(res.statusCode).toBe(200);
    const { items, nextBefore } = res.json();
    expect(nextBefore).toBeNull();
    expect(items).toHaveLength(6);
    expect(items[0]).toMatchObject({ actor: null, action: 'payment.reconcile', entityType: 'order', entityId: 'o1', note: 'paid by reconciliation' });
    expect(items[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      action: 'product.update',
      entityId: 'p5',
      before: { stock: 5 },
      after: { stock: 6 },
    });
    expect(new Date(items[0].at).getTime()).toBeGreaterThanOrEqual(new Date(items[5].at).getTime());
  });

  it('pages with the nextBefore cursor without repeating or skipping an entry', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await getAudit(`?limit=2${cursor ? `&before=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { _id: string }[]; nextBefore: string | null };
      seen.push(...page.items.map((i) => i._id));
      cursor = page.nextBefore;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it('filters by action and entity type', async () => {
    const byAction = (await getAudit('?action=payment.reconcile')).json();
    expect(byAction.items.map((i: { entityId: string }) => i.entityId)).toEqual(['o1']);
    const byEntity = (await getAudit('?entityType=product&limit=50')).json();
    expect(byEntity.items).toHaveLength(5);
  });

  it('answers 400 with a message for a bad limit or cursor', async () => {
    const badLimit = await getAudit('?limit=0');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.message).toMatch(/limit/);
    const badCursor = await getAudit('?before=yesterday');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.message).toMatch(/before/);
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose values changed', () => {
    expect(changedFields({ name: 'A', stock: 3, images: ['x'] }, { name: 'A', stock: 5, images: ['x'] })).toEqual({
      before: { stock: 3 },
      after: { stock: 5 },
    });
    expect(changedFields({ name: 'A' }, { name: 'A' })).toBeNull();
  });
});
