import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #38 (decision 193): the words European riders type for common parts, and riders' slang, find the part the
 * English word finds, through the seeded synonym groups (migration 0035) the owner can edit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(async () => t.close());

const first = async (q: string) =>
  ((await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult).items[0]?.name ?? '(nothing)';

describe('European words and slang', () => {
  it.each([
    ['Luftfilter', 'Washable High-Flow Air Filter'],
    ['filtre à air', 'Washable High-Flow Air Filter'],
    ['airfilter', 'Washable High-Flow Air Filter'],
    ['Ölfilter', 'Spin-On Oil Filter HF204'],
    ['Kupplungshebel', 'CNC Adjustable Clutch Lever'],
    ["levier d'embrayage", 'CNC Adjustable Clutch Lever'],
    ['Bremsbeläge', 'Sintered Front Brake Pads – Pair'],
    ['plaquettes de frein', 'Sintered Front Brake Pads – Pair'],
    ['chaîne', '520 X-Ring Drive Chain 120L'],
    ['Kette 520', '520 X-Ring Drive Chain 120L'],
    ['Zündkerze', 'Iridium Spark Plug CR9EIX'],
    ['Bremsflüssigkeit', 'DOT 4 Brake Fluid 500 ml'],
    ['pipe', 'Stainless Slip-On Exhaust Silencer'],
    ['casque', 'Full-Face Sport Helmet – ECE 22.06'],
  ])('%s finds %s first', async (q, name) => {
    expect(await first(q)).toBe(name);
  });

  it('the groups are the owner’s to edit: they are listed with the others', async () => {
    const { searchSynonyms } = await import('../src/db/schema');
    const rows = await t.app.db.select().from(searchSynonyms);
    expect(rows.find((r) => r.terms.includes('luftfilter'))?.terms).toContain('air filter');
  });
});
