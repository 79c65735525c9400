import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, searchResultSchema, searchSynonymListSchema, type SearchResult } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct } from './orders-fixtures';

/**
 * Issue #26, items 1 and 2 (decision 158): relevance in a defined order, and the shopper's vocabulary (word forms,
 * synonyms an admin edits, transposed letters, letters-and-digits words), on a fixture catalogue added through the API.
 */

interface Part {
  sku: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  stock?: number;
}

// In the order they are added: a later part is newer. The last ones are new parts whose names hold "brake" and "chain".
const parts: Part[] = [
  {
    sku: 'FA244HH',
    name: 'Sintered Front Brake Pads – Pair',
    brand: 'EBC Brakes',
    category: 'brakes',
    description: 'HH-rated sintered copper pads for radial calipers.',
  },
  {
    sku: 'MD2093X',
    name: '320 mm Floating Wave Brake Disc',
    brand: 'EBC Brakes',
    category: 'brakes',
    description: 'Stainless wave rotor on an anodised aluminium carrier.',
  },
  { sku: 'CK3440', name: 'Clutch Friction Plate Kit', brand: 'EBC Brakes', category: 'drivetrain', description: 'Cork-composite friction plates.' },
  {
    sku: 'LV-BR-212',
    name: 'CNC Adjustable Brake Lever',
    brand: 'ASV Inventions',
    category: 'controls',
    description: 'Billet aluminium front lever with a folding tip that gives way in a tip-over.',
  },
  { sku: 'LV-CL-212', name: 'CNC Adjustable Clutch Lever', brand: 'ASV Inventions', category: 'controls', description: 'Matching lever with a folding tip.' },
  {
    sku: 'BF-DOT4-500',
    name: 'DOT 4 Brake Fluid 500 ml',
    brand: 'Motul',
    category: 'fluids',
    description: 'Synthetic fluid for hydraulic brake and clutch systems.',
  },
  { sku: 'PT-100', name: 'Caliper Piston Tool', brand: 'Motion Pro', category: 'accessories', description: 'Pushes the pistons back for new brake pads.' },
  {
    sku: '520VX3G-120',
    name: '520 X-Ring Drive Chain 120L',
    brand: 'D.I.D',
    category: 'drivetrain',
    description: 'Gold-plated X-ring chain, 120 links with a rivet master link.',
  },
  {
    sku: 'CL-ROAD-400',
    name: 'Chain Lube Spray 400 ml',
    brand: 'Motul',
    category: 'fluids',
    description: 'Fling-resistant lube for O-, X- and Z-ring chains.',
  },
  { sku: 'CR-44-AL', name: 'Alloy Chainring 44T', brand: 'Supersprox', category: 'drivetrain', description: 'Anodised alloy ring for 520 pitch.' },
  {
    sku: '3445600',
    name: 'Sport Radial Rear Tyre 180/55 ZR17',
    brand: 'Pirelli',
    category: 'tyres',
    description: 'Harder centre strip with softer shoulders.',
    stock: 80,
  },
  // Newer than the rear tyre but out of stock: stock breaks the tie before newness does.
  {
    sku: '3445300',
    name: 'Sport Radial Front Tyre 120/70 ZR17',
    brand: 'Pirelli',
    category: 'tyres',
    description: 'Dual-compound radial sport tyre.',
    stock: 0,
  },
  {
    sku: 'CR9EIX',
    name: 'Iridium Spark Plug CR9EIX',
    brand: 'NGK',
    category: 'ignition',
    description: 'Three times the life of nickel plugs, with an iridium tip.',
  },
  {
    sku: 'S-Y9SO7-HRC',
    name: 'Stainless Slip-On Exhaust Silencer',
    brand: 'Akrapovič',
    category: 'exhaust',
    description: 'Carbon end cap and removable dB killer.',
  },
  {
    sku: 'IND-204-SMK',
    name: 'Smoked LED Indicators – Pair',
    brand: 'Kellermann',
    category: 'electrical',
    description: 'E-marked indicators on rubber stems.',
  },
  {
    sku: 'MR-5531-BK',
    name: 'Sport Mirrors with LED Indicators – Pair',
    brand: 'Highsider',
    category: 'accessories',
    description: 'Folding mirrors with integrated LED indicators.',
  },
  {
    sku: 'RA-250-45',
    name: '7075 Aluminium Rear Sprocket 45T',
    brand: 'Renthal',
    category: 'drivetrain',
    description: 'Hard-anodised rear sprocket, 520 pitch.',
  },
  { sku: 'JTF1370.15', name: '520 Front Sprocket 15T', brand: 'JT Sprockets', category: 'drivetrain', description: 'Chromoly countershaft sprocket.' },
  { sku: 'RG-RAD-MT07', name: 'Radiator Guard for Yamaha MT-07', brand: 'R&G', category: 'accessories', description: 'Stainless mesh guard.' },
  { sku: 'RG-RAD-Z900', name: 'Radiator Guard for Kawasaki Z900', brand: 'R&G', category: 'accessories', description: 'Stainless mesh guard.' },
  { sku: 'PU-MG-1', name: 'Carbon Rear Mudguard', brand: 'Puig', category: 'accessories', description: 'Keeps road spray off the shock.' },
  // The newest parts: their names hold "brake" and "chain", but they are not what a rider asking for either wants first.
  { sku: 'BLS-1', name: 'Brake Light Switch', brand: 'Oxford', category: 'electrical', description: 'Hydraulic switch for the rear brake line.' },
  { sku: 'CA-520', name: 'Chain Adjuster Blocks', brand: 'Gilles Tooling', category: 'drivetrain', description: 'Billet adjusters for the swingarm.' },
];

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  for (const p of parts) await addProduct(t.app, admin, { ...p, stock: p.stock ?? 50, minOrder: 1, unitPrice: 20 });
});
afterAll(async () => t.close());

async function search(q: string): Promise<SearchResult> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${new URLSearchParams({ q, limit: '48' })}` });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
}
const skus = (r: SearchResult) => r.items.map((p) => p.sku);

interface Case {
  q: string;
  /** The first result (one of, when several tie at the top). */
  first: string | string[];
  /** Pairs [a, b]: a is found and ranks above b (when b is found at all). */
  above?: [string, string][];
  /** Never found. */
  absent?: string[];
  /** Exactly these, in this order. */
  exactly?: string[];
}

const cases: Case[] = [
  // "brake": the pads and the disc (brake parts in the brakes category) before the lever and the fluid, the new
  // switch, the clutch kit whose only "brake" is its brand, and the tool whose description mentions brake pads.
  {
    q: 'brake',
    first: ['FA244HH', 'MD2093X'],
    above: ['FA244HH', 'MD2093X'].flatMap((top) => ['BLS-1', 'LV-BR-212', 'BF-DOT4-500', 'CK3440', 'PT-100'].map((b): [string, string] => [top, b])),
  },
  {
    q: 'brake pads',
    first: 'FA244HH',
    above: [['FA244HH', 'PT-100']],
  },
  // The chain (its name's head word) before the chain lube and the new chain adjusters; the chainring, which "chain"
  // only starts (an inexact match), after the exact name matches.
  {
    q: 'chain',
    first: '520VX3G-120',
    above: [
      ['520VX3G-120', 'CL-ROAD-400'],
      ['520VX3G-120', 'CA-520'],
      ['CL-ROAD-400', 'CR-44-AL'],
      ['CA-520', 'CR-44-AL'],
    ],
  },
  // Synonyms and word forms: no lever ("tip") or spark plug ("times", "tip") any more.
  { q: 'tire', first: '3445600', exactly: ['3445600', '3445300'] },
  { q: 'tires', first: '3445600', exactly: ['3445600', '3445300'] },
  // Stock before newness: the front tyre is newer but out of stock.
  { q: 'tyre', first: '3445600', exactly: ['3445600', '3445300'] },
  { q: 'Tyres', first: '3445600', exactly: ['3445600', '3445300'] },
  // Transposed letters are one typo.
  { q: 'brkae pads', first: 'FA244HH', absent: ['CK3440'] },
  { q: 'chian', first: '520VX3G-120', above: [['520VX3G-120', 'CL-ROAD-400']] },
  { q: 'muffler', first: 'S-Y9SO7-HRC', exactly: ['S-Y9SO7-HRC'] },
  { q: 'exhaust', first: 'S-Y9SO7-HRC' },
  // The indicators before the mirrors that have indicators (newer), whose head word is "mirrors".
  { q: 'blinker', first: 'IND-204-SMK', above: [['IND-204-SMK', 'MR-5531-BK']] },
  { q: 'turn signals', first: 'IND-204-SMK', above: [['IND-204-SMK', 'MR-5531-BK']] },
  { q: 'aluminum sprocket', first: 'RA-250-45', absent: ['JTF1370.15'] },
  // Both sprockets' head word; the front one's brand (JT Sprockets) holds the word too.
  { q: 'sprockets', first: 'JTF1370.15', exactly: ['JTF1370.15', 'RA-250-45'] },
  { q: 'spark plug', first: 'CR9EIX' },
  { q: 'sparkplug', first: 'CR9EIX' },
  // Letters and digits in any writing.
  ...['mt07', 'mt-07', 'mt 07', 'MT07', 'MT-07'].map((q): Case => ({ q, first: 'RG-RAD-MT07', absent: ['RG-RAD-Z900'] })),
  { q: 'yamaha mt 07', first: 'RG-RAD-MT07', absent: ['RG-RAD-Z900'] },
  { q: 'z 900', first: 'RG-RAD-Z900', absent: ['RG-RAD-MT07'] },
  { q: 'dot4 fluid', first: 'BF-DOT4-500' },
  // An exact part number, however it is written.
  ...['FA244HH', 'fa244hh', 'fa-244-hh', 'fa 244 hh', 'Fa.244.HH', ' FA 244HH '].map((q): Case => ({ q, first: 'FA244HH' })),
  ...['520vx3g-120', '520 VX3G 120'].map((q): Case => ({ q, first: '520VX3G-120' })),
  // Brand and category, below the names.
  { q: 'ebc', first: ['FA244HH', 'MD2093X', 'CK3440'], exactly: ['CK3440', 'MD2093X', 'FA244HH'] },
  { q: 'ebc brake', first: ['FA244HH', 'MD2093X'], above: [['MD2093X', 'CK3440']] },
  { q: 'electrical', first: 'BLS-1', exactly: ['BLS-1', 'IND-204-SMK'] },
];

describe('relevance in a defined order (decision 158)', () => {
  it.each(cases)('$q', async ({ q, first, above = [], absent = [], exactly }) => {
    const found = skus(await search(q));
    const ranks = (sku: string) => found.indexOf(sku);
    expect(found.length, `nothing found for '${q}'`).toBeGreaterThan(0);
    if (Array.isArray(first)) expect(first, `first of ${found.join(', ')}`).toContain(found[0]);
    else expect(found[0], found.join(', ')).toBe(first);
    for (const [a, b] of above) {
      expect(ranks(a), `${a} is found: ${found.join(', ')}`).toBeGreaterThanOrEqual(0);
      if (ranks(b) >= 0) expect(ranks(a), `${a} above ${b}: ${found.join(', ')}`).toBeLessThan(ranks(b));
    }
    for (const sku of absent) expect(found, `${sku} is not found`).not.toContain(sku);
    if (exactly) expect(found).toEqual(exactly);
  });

  it('the tie-breaks: in stock before out of stock, then the newest first', async () => {
    // "ebc": three brand matches only; all in stock, so newest first.
    expect(skus(await search('ebc'))).toEqual(['CK3440', 'MD2093X', 'FA244HH']);
  });
});

describe('synonyms an admin edits (decision 158)', () => {
  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async () => searchSynonymListSchema.parse((await api(admin, 'GET', '/api/search/synonyms')).json()).items;
  const audit = async (action: string) =>
    auditPageSchema.parse((await api(admin, 'GET', `/api/audit?action=${action}&entityType=search_synonym`)).json()).items;

  it('are seeded with what riders type', async () => {
    const groups = (await list()).map((g) => g.terms);
    for (const terms of [
      ['tyre', 'tire'],
      ['exhaust', 'muffler', 'silencer'],
      ['indicator', 'blinker', 'turn signal'],
      ['aluminium', 'aluminum'],
      ['footpeg', 'footrest'],
      ['shock', 'shock absorber', 'damper'],
      ['sparkplug', 'spark plug'],
    ])
      expect(
        groups.some((g) => terms.every((x) => g.includes(x))),
        terms.join('/'),
      ).toBe(true);
  });

  it('a group added, changed and deleted through the API changes what the next search finds, and is audited', async () => {
    expect((await search('hugger')).total).toBe(0);
    const created = await api(admin, 'POST', '/api/search/synonyms', { terms: ['Hugger', 'rear  Mudguard', 'hugger'] });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as { _id: string; terms: string[] };
    expect(group.terms).toEqual(['hugger', 'rear mudguard']);
    expect(skus(await search('hugger'))).toEqual(['PU-MG-1']);
    expect(skus(await search('huggers'))).toEqual(['PU-MG-1']);
    expect((await list()).map((g) => g._id)).toContain(group._id);
    expect((await audit('search_synonym.create')).find((e) => e.entityId === group._id)).toMatchObject({
      actor: { email: admin.email },
      after: { terms: ['hugger', 'rear mudguard'] },
    });

    const changed = await api(admin, 'PUT', `/api/search/synonyms/${group._id}`, { terms: ['hugger', 'fender'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await search('hugger')).total).toBe(0);
    expect((await audit('search_synonym.update')).find((e) => e.entityId === group._id)).toMatchObject({
      before: { terms: ['hugger', 'rear mudguard'] },
      after: { terms: ['hugger', 'fender'] },
    });

    await api(admin, 'PUT', `/api/search/synonyms/${group._id}`, { terms: ['hugger', 'mudguard'] });
    expect(skus(await search('hugger'))).toEqual(['PU-MG-1']);
    const deleted = await api(admin, 'DELETE', `/api/search/synonyms/${group._id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await search('hugger')).total).toBe(0);
    expect((await list()).map((g) => g._id)).not.toContain(group._id);
    expect((await audit('search_synonym.delete')).find((e) => e.entityId === group._id)).toMatchObject({ before: { terms: ['hugger', 'mudguard'] } });
  });

  it('are an admin’s to read and edit', async () => {
    expect((await api(null, 'GET', '/api/search/synonyms')).statusCode).toBe(401);
    expect((await api(customer, 'GET', '/api/search/synonyms')).statusCode).toBe(403);
    expect((await api(customer, 'POST', '/api/search/synonyms', { terms: ['a', 'b'] })).statusCode).toBe(403);
    const [first] = await list();
    expect((await api(customer, 'DELETE', `/api/search/synonyms/${first._id}`)).statusCode).toBe(403);
  });

  it.each([
    [{ terms: ['hugger'] }, /at least two different terms/],
    [{ terms: ['hugger', 'HUGGER '] }, /at least two different terms/],
    [{ terms: ['hugger', '--'] }, /needs a letter or a digit/],
    [{ terms: ['hugger', 'a very long term of four words'] }, /3 words or fewer/],
    [{ terms: ['hugger', 'x'.repeat(41)] }, /40 characters or fewer/],
    [{ terms: 'hugger' }, /list of terms/],
  ])('refuses %j with a message', async (body, message) => {
    const res = await api(admin, 'POST', '/api/search/synonyms', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses a group that exists already, and answers 404 for an unknown group', async () => {
    const dup = await api(admin, 'POST', '/api/search/synonyms', { terms: ['Tire', 'tyre'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('SYNONYM_EXISTS');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api(admin, 'PUT', `/api/search/synonyms/${unknown}`, { terms: ['a', 'b'] })).statusCode).toBe(404);
    expect((await api(admin, 'DELETE', `/api/search/synonyms/${unknown}`)).statusCode).toBe(404);
    expect((await api(admin, 'DELETE', '/api/search/synonyms/nope')).statusCode).toBe(404);
  });
});
