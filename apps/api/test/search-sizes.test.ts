import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { queryTokens } from '../src/modules/search/vocabulary';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #38 items 3 and 4 (decision 211): sizes read as attributes and matched as such on the demo catalogue (the
 * 43 mm fork seal kit, the 520 chain of 120 links, the 15T front and 45T rear sprockets, the 320 mm disc, the M10 spark
 * plug), a size the shop does not list answered with its other sizes apart, and a head noun no part's name holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(async () => t.close());

const answer = async (q: string) => (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult;
const names = async (q: string) => (await answer(q)).items.map((p) => p.name);

describe('a size finds the parts of that size', () => {
  it.each([
    ['43mm fork seals', 'Fork Seal Kit 43 mm'],
    ['43 mm fork seal', 'Fork Seal Kit 43 mm'],
    ['fork seals 43', 'Fork Seal Kit 43 mm'],
    ['15t front sprocket', '520 Front Sprocket 15T'],
    ['15 tooth sprocket', '520 Front Sprocket 15T'],
    ['sprocket 45 teeth', '7075 Aluminium Rear Sprocket 45T'],
    ['520 chain', '520 X-Ring Drive Chain 120L'],
    ['520 x 120 chain', '520 X-Ring Drive Chain 120L'],
    ['chain 520 120 links', '520 X-Ring Drive Chain 120L'],
    ['320mm disc', '320 mm Floating Wave Brake Disc'],
    ['m10 spark plug', 'Iridium Spark Plug CR9EIX'],
    ['M10x1.0 spark plug', 'Iridium Spark Plug CR9EIX'],
  ])('%s finds %s only', async (q, name) => {
    const r = await answer(q);
    expect(r.items.map((p) => p.name)).toEqual([name]);
    expect(r.otherSizes).toBeUndefined();
    expect(r.missingHead).toBeUndefined();
  });

  it('a size is one token that matches the size only, never a loose number', async () => {
    expect(queryTokens('43mm fork seals')[0]).toMatchObject({ word: '43mm', size: { kind: 'diameter', mm: 43 } });
    expect(queryTokens('525 x 118 chain').map((x) => x.word)).toEqual(['525x118', 'chain']);
    // "15 tooth" is no "15" anywhere: the front sprocket's "15T"; the rear sprocket (45 teeth) is not found.
    expect(await names('15 tooth sprocket')).not.toContain('7075 Aluminium Rear Sprocket 45T');
    // "520 sprocket" is the pitch: both 520 sprockets, and no chain.
    expect(await names('520 sprocket')).toEqual(['520 Front Sprocket 15T', '7075 Aluminium Rear Sprocket 45T']);
  });

  it('part numbers, years for bikes and lists keep their meaning', async () => {
    expect((await names('520VX3G-120'))[0]).toBe('520 X-Ring Drive Chain 120L');
    expect((await names('JTF1370.15RB'))[0]).toBe('520 Front Sprocket 15T');
    const bike = await answer('2019 mt07 520 chain');
    expect(bike.namedVehicle).toMatchObject({ model: 'MT-07', year: 2019, rest: '520 chain' });
    expect(bike.items.map((p) => p.name)).toEqual(['520 X-Ring Drive Chain 120L']);
    const list = await answer('43mm fork seals and brake fluid');
    expect(list.groups?.map((g) => [g.q, g.items.map((p) => p.name)])).toEqual([
      ['43mm fork seals', ['Fork Seal Kit 43 mm']],
      ['brake fluid', ['DOT 4 Brake Fluid 500 ml']],
    ]);
  });
});

describe('a size the shop does not list (honest misses)', () => {
  it.each([
    ['41mm fork seals', '41 mm', 'fork seals', 'Fork Seal Kit 43 mm'],
    ['fork seal 41 mm', '41 mm', 'fork seal', 'Fork Seal Kit 43 mm'],
    ['16t front sprocket', '16T', 'front sprocket', '520 Front Sprocket 15T'],
    ['525 chain', '525', 'chain', '520 X-Ring Drive Chain 120L'],
    ['525 x 118 chain', '525 × 118', 'chain', '520 X-Ring Drive Chain 120L'],
    ['300mm disc', '300 mm', 'disc', '320 mm Floating Wave Brake Disc'],
  ])('%s finds nothing as the answer; the parts of other sizes come apart', async (q, size, rest, other) => {
    const r = await answer(q);
    expect(r.total).toBe(0);
    expect(r.items).toEqual([]);
    expect(r.otherSizes).toMatchObject({ size, q: rest });
    // Only parts whose names carry a size of the same kind: not the chain lube for "525 chain".
    expect(r.otherSizes!.items.map((p) => p.name)).toEqual([other]);
    // Not cut into a list ("x", "chain") either.
    expect(r.groups).toBeUndefined();
  });

  it('no part of another size: nothing, as before', async () => {
    const r = await answer('m10x1.25 drain plug');
    expect(r.total).toBe(0);
    expect(r.otherSizes).toBeUndefined();
  });
});

describe('the head noun (issue #38 item 4)', () => {
  it('"sprocket bolts": the sprocket only mentions bolts, so the shop says it does not list them', async () => {
    const r = await answer('sprocket bolts');
    expect(r.items.map((p) => p.name)).toEqual(['7075 Aluminium Rear Sprocket 45T']);
    expect(r.missingHead).toBe('bolts');
    expect(r.mentionsOnly).toBeUndefined();
  });

  it('"pads caliper" asks for a caliper: the pads are related', async () => {
    expect((await answer('pads caliper')).missingHead).toBe('caliper');
  });

  it('"brake caliper bolt" finds nothing, and the shop lists no bolt: the parts "brake caliper" finds come as related', async () => {
    const r = await answer('brake caliper bolt');
    expect(r.total).toBe(0);
    expect(r.items).toEqual([]);
    expect(r.missingHead).toBe('bolt');
    expect(r.related?.q).toBe('brake caliper');
    expect(r.related?.items.map((p) => p.name)).toEqual(['Sintered Front Brake Pads – Pair']);
    // "wrench" is no word of the catalogue at all: the head is read from the words as typed.
    const wrench = await answer('oil filter wrench');
    expect(wrench.missingHead).toBe('wrench');
    expect(wrench.related?.items[0].name).toBe('Spin-On Oil Filter HF204');
  });

  it('a head noun the shop lists, found with no other word, is the empty page as before', async () => {
    // Levers are listed; no lever is a "chain" lever.
    const r = await answer('chain lever');
    expect(r.total).toBe(0);
    expect(r.related).toBeUndefined();
    expect(r.missingHead).toBeUndefined();
  });

  it('a head noun in a name, a brand or a category, a make, a side or a size is an answer', async () => {
    for (const q of [
      'brake pads',
      'sintered brake pads',
      'front brake pads pair',
      'pads ebc',
      'oil filter honda',
      'chain lube',
      '43mm fork seals',
      'drivetrain sprocket',
    ]) {
      const r = await answer(q);
      expect(r.total, q).toBeGreaterThan(0);
      expect(r.missingHead, q).toBeUndefined();
    }
  });
});

describe('a number inside a part number (issue #38, decision 213 addendum)', () => {
  it('"oil filter 204": the digits of the one oil filter whose part number holds them', async () => {
    const r = await answer('oil filter 204');
    expect(r.items.map((p) => p.sku)).toEqual(['HF204']);
    expect(r.total).toBe(1);
    expect((await answer('HF204 oil filter')).items[0]?.sku).toBe('HF204');
  });

  it('digits no part number of the parts found holds, or a size, keep their meaning', async () => {
    const none = await answer('oil filter 999');
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
    // A number a size reads is still the size (decision 213), a number first a quantity.
    expect((await names('rear sprocket 45'))[0]).toBe('7075 Aluminium Rear Sprocket 45T');
    expect((await answer('fork seals 41')).otherSizes?.items.map((p) => p.name)).toEqual(['Fork Seal Kit 43 mm']);
  });
});
