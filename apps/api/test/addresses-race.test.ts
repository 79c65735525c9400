import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES } from '@shop/shared';
import { addresses } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { OREGON } from './support/ship-to';

/**
 * Issue #34 item 7: saves to one customer's address book run one at a time (the customer's user row is locked
 * for the transaction), so concurrent saves never break the one-default index (a 500) nor pass the cap.
 * The race only shows on PostgreSQL (PGlite runs one transaction at a time); run it with DATABASE_URL set too.
 */

let t: TestApp;
const save = (u: TestUser, payload: object, url = '/api/addresses', method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: bearer(u.token), payload });
const rowsOf = async (u: TestUser) => {
  const [{ n }] = await t.app.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, u.id));
  const [{ d }] = await t.app.db
    .select({ d: count() })
    .from(addresses)
    .where(and(eq(addresses.userId, u.id), eq(addresses.isDefault, true)));
  return { n: Number(n), defaults: Number(d) };
};

beforeAll(async () => {
  t = await createTestApp({ DB_CONNECT_TIMEOUT_MS: 120_000 });
});
afterAll(async () => t.close());

describe(`address book races on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('concurrent saves of a default address all succeed, and one address is the default', async () => {
    const u = await signUpUser(t.app);
    const first = await save(u, { address: OREGON });
    expect(first.statusCode).toBe(201);
    const creates = Array.from({ length: 6 }, (_, i) => save(u, { address: { ...OREGON, line2: `Unit ${i}` }, isDefault: true }));
    const edits = Array.from({ length: 4 }, (_, i) =>
      save(u, { address: { ...OREGON, line2: `Edit ${i}` }, isDefault: true }, `/api/addresses/${first.json()._id}`, 'PUT'),
    );
    const answers = await Promise.all([...creates, ...edits]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(4).fill(200), ...Array(6).fill(201)]);
    expect(await rowsOf(u)).toEqual({ n: 7, defaults: 1 });
  });

  it(`25 concurrent saves keep the cap of ${MAX_SAVED_ADDRESSES}: the rest get a clear 409`, async () => {
    const u = await signUpUser(t.app);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => save(u, { address: { ...OREGON, line2: `Unit ${i}` }, isDefault: i % 3 === 0 })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(25 - MAX_SAVED_ADDRESSES);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('ADDRESS_BOOK_FULL');
    }
    expect(await rowsOf(u)).toEqual({ n: MAX_SAVED_ADDRESSES, defaults: 1 });
  });
});
