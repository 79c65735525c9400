import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { queryTokens, tyreSizes } from '../src/modules/search/vocabulary';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #38 (decision 194): words as a parts counter hears them: two words run together, a tyre size however it is
 * written, and two letters swapped in a three-letter word.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(async () => t.close());

const names = async (q: string) => ((await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult).items.map((p) => p.name);

describe('words run together', () => {
  it.each([
    ['brakepads', 'Sintered Front Brake Pads – Pair'],
    ['clutchlever', 'CNC Adjustable Clutch Lever'],
    ['chainlube', 'Chain Lube Spray 400 ml'],
    ['forkseal', 'Fork Seal Kit 43 mm'],
    ['sinteredpads', 'Sintered Front Brake Pads – Pair'],
  ])('%s finds %s first', async (q, name) => {
    expect((await names(q))[0]).toBe(name);
  });

  it('a word that is no two catalogue words stays as typed', async () => {
    expect(await names('sinteredpadz')).toEqual([]);
  });
});

describe('tyre sizes', () => {
  it.each(['180/55 ZR17', '180/55ZR17', '180/55-17', '180 55 17', '180/55 R17', 'rear tyre 180/55'])('%s finds the 180/55 ZR17 tyre only', async (q) => {
    expect(await names(q)).toEqual(['Sport Radial Rear Tyre 180/55 ZR17']);
  });

  it('reads width and aspect, and keeps the rim where it says ZR', () => {
    expect(tyreSizes('120/70zr17')).toBe('120\uE00170 zr17');
    expect(queryTokens('180/55 ZR17')).toEqual([{ word: '180/55zr17', parts: ['180/55', 'zr17'] }]);
    expect(queryTokens('180 55 17')).toEqual([{ word: '180/55' }]);
  });

  it('leaves numbers that are no tyre size alone', () => {
    for (const q of ['mt 07 2019', 'chain 520 120', '2019 mt07', 'dot 4 500 ml', '43 mm', '12 v 14 ah']) expect(tyreSizes(q)).toBe(q);
  });
});

describe('a short word with two letters swapped', () => {
  it('"oli filter" finds the oil filter first; a three-letter word is corrected for a swap only', async () => {
    expect((await names('oli filter'))[0]).toBe('Spin-On Oil Filter HF204');
    // "oik" is one letter off "oil", not a swap: three letters are too few to guess more.
    expect(await names('oik filter')).toEqual([]);
  });
});

describe('typos allowed grow with the word (issue #38 item 3)', () => {
  it('three slips in a word of ten letters or more are corrected; a shorter word keeps to two', async () => {
    // "endicaterz" is three from "indicators" (i→e, o→e, s→z).
    expect((await names('endicaterz'))[0]).toBe('Smoked LED Indicators – Pair');
    // The length typed counts: "hondelbarr" (ten letters) is three from "handlebar" (o→a, el↔le, an extra r).
    expect((await names('hondelbarr grips'))[0]).toBe('Dual-Compound Handlebar Grips – Pair');
    // Eight letters allow two: "sprakkit" is three from "sprocket" and is not guessed.
    expect(await names('sprakkit')).toEqual([]);
  });
});

describe('a part the shop does not carry (decision 196)', () => {
  const answer = async (q: string) => (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as SearchResult;
  it('"caliper" is only in the pads’ description: they are shown as mentioning it, not as the answer', async () => {
    const r = await answer('caliper');
    expect(r.items.map((p) => p.name)).toContain('Sintered Front Brake Pads – Pair');
    expect(r.mentionsOnly).toBe(true);
  });
  it('a name, a brand or a part number that matches is an answer', async () => {
    for (const q of ['brake pads', 'EBC', 'FA244HH', 'pads caliper']) expect((await answer(q)).mentionsOnly, q).toBeUndefined();
  });
});
