import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, searchResultSchema, type SearchResult } from '@shop/shared';
import { countsStatement, pageStatement, queryWords, type BranchSizes, type SearchExecutor } from '../src/modules/search/search.service';
import { eq, sql } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { eventually } from './eventually';

const base = new Date('2026-01-01T00:00:00Z').getTime();
type Seed = { sku: string; name: string; brand: string; category: string; cents: number; stock?: number; minOrder?: number; description?: string };
const seeds: Seed[] = [
  { sku: 'CR9EIX', name: 'Iridium spark plug', brand: 'NGK', category: 'ignition', cents: 1290 },
  { sku: 'CR9E', name: 'Standard spark plug', brand: 'NGK', category: 'ignition', cents: 490 },
  { sku: 'TOOL-16', name: 'Spark plug socket for CR9EIX', brand: 'Motion Pro', category: 'accessories', cents: 1500 },
  { sku: 'FA196HH', name: 'Sintered brake pads', brand: 'EBC', category: 'brakes', cents: 3450 },
  { sku: 'FA196', name: 'Organic brake pads', brand: 'EBC', category: 'brakes', cents: 2200, stock: 3, minOrder: 4 },
  { sku: 'JTR1332.42', name: 'Rear sprocket 42T', brand: 'JT Sprockets', category: 'drivetrain', cents: 2890 },
  { sku: '520VX3-120', name: 'X-ring chain 520', brand: 'DID', category: 'drivetrain', cents: 8900, description: 'Gold chain, matches a new rear sprocket.' },
  { sku: 'HF-204', name: 'Oil filter', brand: 'HiFlofiltro', category: 'filters', cents: 850 },
  { sku: 'BCK-01', name: 'Brake caliper rebuild kit', brand: 'Tourmax', category: 'brakes', cents: 2590 },
  { sku: 'DOT4-500', name: 'Brake fluid DOT 4', brand: 'Motul', category: 'fluids', cents: 1190, description: 'For hydraulic caliper and clutch systems.' },
  { sku: 'LVR-7', name: 'Folding clutch lever', brand: 'Tourmax', category: 'controls', cents: 1990, stock: 0 },
];

describe('GET /api/search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.insert(products).values(
      seeds.map((s, i) => ({
        sku: s.sku,
        name: s.name,
        brand: s.brand,
        category: s.category,
        img: `/images/products/${s.sku.toLowerCase()}.svg`,
        description: s.description ?? `${s.name} by ${s.brand}.`,
        minOrder: s.minOrder ?? 1,
        stock: s.stock ?? 100,
        unitPriceCents: s.cents,
        createdAt: new Date(base + i * 60_000),
      })),
    );
  });
  afterAll(async () => t.close());

  const search = async (qs: string): Promise<SearchResult> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return searchResultSchema.parse(res.json());
  };
  const skus = (r: SearchResult) => r.items.map((p) => p.sku);
  const rows = async <R>(statement: ReturnType<typeof sql>) => ((await t.app.db.execute(statement)) as unknown as { rows: R[] }).rows;

  describe('ranking', () => {
    it.each([
      ['an exact part number in lower case without dashes', 'hf204', ['HF-204']],
      ['an exact part number with dots, dashes and spaces', 'cr-9e.ix ', ['CR9EIX']],
      ['an exact part number before a name that mentions it', 'cr9eix', ['CR9EIX', 'TOOL-16']],
      ['an exact part number, then its prefixes', 'CR9E', ['CR9E', 'CR9EIX']],
      ['a part-number prefix', 'fa19', ['FA196', 'FA196HH']],
      ['a part-number prefix typed with dots', 'jtr1332', ['JTR1332.42']],
      ['a name with a typo', 'sitered brake pads', ['FA196HH']],
      ['a misspelt word', 'sprokit', ['JTR1332.42']],
      ['a name before a description', 'caliper', ['BCK-01', 'DOT4-500']],
    ])('%s: %s', async (_label, q, first) => {
      const r = await search(`q=${encodeURIComponent(q)}`);
      expect(skus(r).slice(0, first.length)).toEqual(first);
    });

    it('ranks name matches before description matches, and guesses typos only when the words match nothing as typed', async () => {
      // "socket" is close to "sprocket", but the words as typed match, so no guess is added.
      expect(skus(await search('q=sprocket'))).toEqual(['JTR1332.42', '520VX3-120']);
      // A typo: the closest names first.
      expect(skus(await search('q=sprocet'))[0]).toBe('JTR1332.42');
      // A part number is never guessed.
      expect((await search('q=cr9eiy')).total).toBe(0);
    });

    it('finds a brand', async () => {
      expect(skus(await search('q=tourmax')).sort()).toEqual(['BCK-01', 'LVR-7']);
    });

    it('finds nothing for words that match nothing', async () => {
      const r = await search('q=xyzzyq');
      expect(r).toMatchObject({ items: [], total: 0, pages: 1, facets: { category: [], brand: [], price: { min: null, max: null } } });
    });

    it('answers items in the Product shape', async () => {
      const r = await search('q=cr9eix&limit=1');
      expect(r.items[0]).toMatchObject({ sku: 'CR9EIX', brand: 'NGK', category: 'ignition', unitPrice: 12.9, images: ['/images/products/cr9eix.svg'] });
      expect(r.items[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('treats LIKE wildcards in the query as text', async () => {
      expect((await search('q=%25%25')).total).toBe(0);
      expect((await search('q=c_9')).items.map((p) => p.sku)).not.toContain('CR9EIX');
    });
  });

  describe('filters and facets', () => {
    const sum = (f: { count: number }[]) => f.reduce((a, b) => a + b.count, 0);

    it.each(['', 'q=brake', 'q=spark', 'q=brake&inStock=true', 'q=sprocket&maxPrice=50', 'minPrice=10&maxPrice=30'])(
      'facet counts add up to the total without their own filter (%s)',
      async (qs) => {
        const r = await search(qs);
        expect(r.total).toBeGreaterThan(0);
        expect(sum(r.facets.category)).toBe(r.total);
        expect(sum(r.facets.brand)).toBe(r.total);
        // The price facet follows every filter but the price range.
        const withoutPrice = qs.replace(/&?(min|max)Price=[^&]*/g, '');
        const prices = (await search(`${withoutPrice}&limit=48`)).items.map((p) => p.unitPrice);
        expect(r.facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
      },
    );

    it('a facet count is what that filter answers, and the other facets follow the filter', async () => {
      const all = await search('q=brake');
      for (const { value, count } of all.facets.category) {
        const filtered = await search(`q=brake&category=${value}`);
        expect(filtered.total).toBe(count);
        expect(filtered.items.every((p) => p.category === value)).toBe(true);
        // The category facet ignores the category filter; the brand facet follows it.
        expect(filtered.facets.category).toEqual(all.facets.category);
        expect(sum(filtered.facets.brand)).toBe(count);
      }
      for (const { value, count } of all.facets.brand) {
        const filtered = await search(`q=brake&brand=${encodeURIComponent(value)}`);
        expect(filtered.total).toBe(count);
        expect(filtered.facets.brand).toEqual(all.facets.brand);
      }
    });

    it('with every filter at once, each facet leaves out its own filter only (counted once, grouped)', async () => {
      const filters: Record<string, string> = { category: 'brakes', brand: 'ebc', inStock: 'true', minPrice: '20', maxPrice: '40' };
      const qs = (f: Record<string, string>) => new URLSearchParams({ q: 'brake', ...f, limit: '48' }).toString();
      const without = (...keys: string[]) => Object.fromEntries(Object.entries(filters).filter(([k]) => !keys.includes(k)));
      const r = await search(qs(filters));
      expect(skus(r)).toEqual(['FA196HH']);
      expect(r.total).toBe(1);
      // Each category count is what choosing that category answers with the other filters kept; likewise brands.
      for (const { value, count } of r.facets.category) expect((await search(qs({ ...filters, category: value }))).total).toBe(count);
      for (const { value, count } of r.facets.brand) expect((await search(qs({ ...filters, brand: value }))).total).toBe(count);
      expect(sum(r.facets.category)).toBe((await search(qs(without('category')))).total);
      expect(sum(r.facets.brand)).toBe((await search(qs(without('brand')))).total);
      const prices = (await search(qs(without('minPrice', 'maxPrice')))).items.map((p) => p.unitPrice);
      expect(r.facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    });

    it('in stock keeps what can be ordered (stock ≥ minimum order)', async () => {
      const all = await search('limit=48');
      const inStock = await search('inStock=true&limit=48');
      expect(skus(all)).toEqual(expect.arrayContaining(['FA196', 'LVR-7']));
      expect(skus(inStock)).not.toContain('FA196');
      expect(skus(inStock)).not.toContain('LVR-7');
      expect(inStock.total).toBe(all.total - 2);
      expect((await search('inStock=false')).total).toBe(all.total);
    });

    it('the price range keeps unit prices within it, both ends included', async () => {
      const r = await search('minPrice=12.9&maxPrice=25.9&limit=48');
      expect(r.items.map((p) => p.unitPrice).sort((a, b) => a - b)).toEqual([12.9, 15, 19.9, 22, 25.9]);
      // The price facet ignores the price filter.
      expect(r.facets.price).toEqual({ min: 4.9, max: 89 });
    });

    it('matches the brand whatever its case', async () => {
      expect(skus(await search('brand=ngk&sort=price-asc'))).toEqual(['CR9E', 'CR9EIX']);
    });
  });

  describe('sort and paging', () => {
    it('sorts by price both ways and by newest', async () => {
      const asc = (await search('sort=price-asc&limit=48')).items.map((p) => p.unitPrice);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect(asc).toHaveLength(seeds.length);
      const desc = (await search('sort=price-desc&limit=48')).items.map((p) => p.unitPrice);
      expect(desc).toEqual([...asc].reverse());
      expect(skus(await search('sort=newest&limit=3'))).toEqual(['LVR-7', 'DOT4-500', 'BCK-01']);
      expect(skus(await search('q=brake&sort=price-asc'))[0]).toBe('DOT4-500');
    });

    it('pages without gaps or repeats', async () => {
      const pages: string[][] = [];
      const first = await search('q=spark&limit=1');
      expect(first).toMatchObject({ page: 1, limit: 1 });
      expect(first.pages).toBe(first.total);
      for (let page = 1; page <= first.pages; page++) pages.push(skus(await search(`q=spark&limit=1&page=${page}`)));
      const all = skus(await search('q=spark&limit=48'));
      expect(pages.flat()).toEqual(all);
      expect(new Set(all).size).toBe(all.length);
      expect((await search(`q=spark&limit=1&page=${first.pages + 1}`)).items).toEqual([]);
    });

    it('answers at most 8 suggestions with limit=8', async () => {
      const r = await search('q=b&limit=8');
      expect(r.items.length).toBeLessThanOrEqual(8);
    });
  });

  describe('the page read either way (decisions 112 and 158)', () => {
    // A small catalogue always walks an index; a large one reads a sparse branch from its matches; without the
    // counts, one branch reads every match and orders it by tier. All must give the same page, in every order, for
    // part numbers, names, descriptions and typos.
    it.each([
      'q=cr9e',
      'q=brake',
      'q=caliper',
      'q=sprokit',
      'q=brake+pads',
      'q=brake&sort=price-asc',
      'q=brake&sort=price-desc&limit=2&page=2',
      'q=brake&limit=2&page=2',
      'q=brake&limit=1&page=4',
      'q=spark&sort=newest',
      'q=brake&brand=ebc&inStock=true',
      'sort=price-asc&limit=4&page=2',
      'category=brakes',
    ])('%s', async (qs) => {
      const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const exec: SearchExecutor = async (statement) => rows(statement);
      const answer = await search(qs);
      const ids = (items: { id?: string; _id?: string }[]) => items.map((i) => i.id ?? i._id);
      const words = query.q ? await queryWords(exec, query.q) : undefined;
      const [{ sizes }] = await exec<{ sizes: BranchSizes }>(countsStatement(query, { words }));
      for (const [label, s] of [
        ['without the counts', undefined],
        ['walking', { ...sizes, catalogue: 0 }],
        ['from the matches', { ...sizes, catalogue: 1e9, matches: 1e9 }],
      ] as const) {
        const [{ items }] = await exec<{ items: { id: string }[] }>(pageStatement(query, { words }, s));
        expect(ids(items), label).toEqual(ids(answer.items));
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['sort=cheapest', /sort must be one of: relevance, price-asc, price-desc, newest/],
      ['limit=0', /limit must be 1 or more/],
      ['limit=1000', /limit must be 48 or less/],
      ['page=0', /page must be 1 or more/],
      ['page=two', /page must be a whole number/],
      ['minPrice=cheap', /minPrice must be a number/],
      ['minPrice=-1', /minPrice cannot be negative/],
      ['minPrice=30&maxPrice=10', /minPrice must not be more than maxPrice/],
      ['category=spoilers', /Category must be one of/],
      ['inStock=yes', /inStock must be true or false/],
      [`q=${'x'.repeat(101)}`, /q must be 100 characters or fewer/],
    ])('%s answers 400 with a message', async (qs, message) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    });
  });

  describe('the vocabulary typos are corrected against (decision 111)', () => {
    type Word = { word: string; products: number; names: number };
    const vocabulary = () => rows<Word>(sql`SELECT word, products, names FROM search_words ORDER BY word`);
    // What the triggers must keep: every word of the full text, how many products hold it, and how many hold it in
    // the name, brand or category (weights A to C, decision 158).
    const recomputed = () =>
      rows<Word>(
        sql`SELECT u.lexeme AS word, count(*)::int AS products, (count(*) FILTER (WHERE u.weights && '{A,B,C}'::text[]))::int AS names
            FROM products p, unnest(p.search_vector) AS u GROUP BY u.lexeme ORDER BY u.lexeme COLLATE "C"`,
      );

    it('follows inserts, edits, stock changes and deletes, so a typo is corrected to a word some product has', async () => {
      expect(await vocabulary()).toEqual(await recomputed());
      const [part] = await t.app.db
        .insert(products)
        .values({
          sku: 'ZW-1',
          name: 'Zephyrine widget',
          brand: 'Quillon',
          category: 'accessories',
          img: '/images/products/zw-1.svg',
          description: 'A widget.',
          minOrder: 1,
          stock: 5,
          unitPriceCents: 100,
        })
        .returning();
      // Written straight into the database, not through the API: the search's kept counts and words (decision 112)
      // learn of it from the database's notification, as the catalogue cache does (decision 100), hence `eventually`.
      await eventually(async () => expect(skus(await search('q=zefyrine'))).toEqual(['ZW-1']));
      expect(await vocabulary()).toEqual(await recomputed());

      await t.app.db.update(products).set({ name: 'Quartzite widget' }).where(eq(products.id, part.id));
      await eventually(async () => expect((await search('q=zefyrine')).total).toBe(0));
      await eventually(async () => expect(skus(await search('q=quarzite'))).toEqual(['ZW-1']));
      await t.app.db.update(products).set({ stock: 7 }).where(eq(products.id, part.id));
      expect(await vocabulary()).toEqual(await recomputed());

      await t.app.db.delete(products).where(eq(products.id, part.id));
      await eventually(async () => expect((await search('q=quarzite')).total).toBe(0));
      const words = (await vocabulary()).map((w) => w.word);
      expect(words).not.toContain('quartzite');
      expect(words).not.toContain('quillon');
      expect(await vocabulary()).toEqual(await recomputed());
    });
  });
});
