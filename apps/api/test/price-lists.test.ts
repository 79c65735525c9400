import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { priceListDetailSchema, type Cart, type Company, type PriceListDetail, type Product } from '@shop/shared';
import { auditLog, orders, priceListPrices } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';
import { companyInviteToken } from './support/company-invite';

/**
 * Issue #37 item 2 (decision 206): trade price lists. Two companies buy the same part at their own prices through
 * the cart, the quote, the checkout and the one-product order; a visitor, a plain customer and the public catalogue
 * never see either price; lists keep their dates; a list is never dearer than the public price.
 */

let t: TestApp;
let shopAdmin: TestUser;
let acmeBuyer: TestUser;
let birchBuyer: TestUser;
let carol: TestUser; // a plain customer
let acme: Company;
let birch: Company;
let disc: Product; // brakes, $60 a lot of 2, public tiers from 10 at $50
let chain: Product; // drivetrain, $100 a lot of 1
let acmeList: PriceListDetail;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    ...(payload !== undefined && { payload: payload as object | string }),
  });

async function join(company: Company, who: TestUser): Promise<void> {
  const invite = await call('POST', `/api/admin/companies/${company._id}/invites`, shopAdmin, { email: who.email, role: 'buyer' });
  expect(invite.statusCode, invite.body).toBe(201);
  const joined = await call('POST', '/api/company/join', who, { token: companyInviteToken(t.app, who.email) });
  expect(joined.statusCode, joined.body).toBe(200);
}

async function cartTotal(who: TestUser, product: Product, quantity: number): Promise<Cart> {
  expect((await call('PUT', `/api/cart/lines/${product._id}`, who, { quantity })).statusCode).toBe(200);
  const cart = (await call('GET', '/api/cart', who)).json() as Cart;
  expect((await call('PUT', `/api/cart/lines/${product._id}`, who, { quantity: 0 })).statusCode).toBe(200);
  return cart;
}

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpUser(t.app, { admin: true });
  [acmeBuyer, birchBuyer, carol] = await Promise.all([1, 2, 3].map(() => signUpUser(t.app)));
  disc = await addProduct(t.app, shopAdmin, { unitPrice: 60, minOrder: 2, stock: 500, category: 'brakes', brand: 'Brembo' });
  const tiers = await call('PATCH', `/api/product/${disc._id}`, shopAdmin, { version: disc.version, priceTiers: [{ minQuantity: 10, unitPrice: 50 }] });
  expect(tiers.statusCode, tiers.body).toBe(200);
  chain = await addProduct(t.app, shopAdmin, { unitPrice: 100, minOrder: 1, stock: 500, category: 'drivetrain', brand: 'DID' });
  acme = (await call('POST', '/api/admin/companies', shopAdmin, { name: 'Acme Moto Works' })).json();
  birch = (await call('POST', '/api/admin/companies', shopAdmin, { name: 'Birch Racing' })).json();
  await join(acme, acmeBuyer);
  await join(birch, birchBuyer);
});
afterAll(async () => t.close());

describe('the admin keeps price lists', () => {
  it('creates a list with a part price, a percentage and a company; refuses bad input with a message', async () => {
    const res = await call('POST', '/api/admin/price-lists', shopAdmin, {
      name: 'Acme trade',
      companyIds: [acme._id],
      discounts: [{ kind: 'category', value: 'Drivetrain', percentOff: 12.5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    acmeList = priceListDetailSchema.parse(res.json());
    expect(acmeList).toMatchObject({ name: 'Acme trade', current: true, priceCount: 0, companies: [{ name: 'Acme Moto Works' }] });
    expect(acmeList.discounts).toEqual([{ kind: 'category', value: 'drivetrain', percentOff: 12.5 }]);

    const price = await call('PUT', `/api/admin/price-lists/${acmeList._id}/prices/${disc._id}`, shopAdmin, {
      unitPrice: 40,
      priceTiers: [{ minQuantity: 20, unitPrice: 30 }],
    });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json()).toMatchObject({ sku: disc.sku, publicPrice: 60, unitPrice: 40, priceTiers: [{ minQuantity: 20, unitPrice: 30 }] });

    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/admin/price-lists', { name: 'acme TRADE' }, 409, 'already exists'],
      [
        'POST',
        '/api/admin/price-lists',
        { name: 'Dates', startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' },
        400,
        'Valid until must be after valid from',
      ],
      [
        'POST',
        '/api/admin/price-lists',
        { name: 'Cat', discounts: [{ kind: 'category', value: 'Spaceships', percentOff: 5 }] },
        400,
        'there is no category Spaceships',
      ],
      [
        'POST',
        '/api/admin/price-lists',
        { name: 'Pct', discounts: [{ kind: 'brand', value: 'DID', percentOff: 100 }] },
        400,
        'Percent off must be less than 100',
      ],
      ['POST', '/api/admin/price-lists', { name: 'Co', companyIds: ['6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'] }, 400, 'does not exist'],
      [
        'PUT',
        `/api/admin/price-lists/${acmeList._id}/prices/${disc._id}`,
        { unitPrice: 40, priceTiers: [{ minQuantity: 2, unitPrice: 30 }] },
        400,
        'above the minimum order (2)',
      ],
      ['PUT', `/api/admin/price-lists/${acmeList._id}/prices/${disc._id}`, { unitPrice: 0 }, 400, 'Unit price must be more than 0'],
      ['PUT', `/api/admin/price-lists/${acmeList._id}/prices/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f`, { unitPrice: 4 }, 404, 'No product'],
      ['GET', '/api/admin/price-lists/not-an-id', undefined, 404, 'No price list'],
    ];
    for (const [method, url, body, status, message] of cases) {
      const r = await call(method as 'POST', url, shopAdmin, body);
      expect(r.statusCode, `${method} ${url} ${r.body}`).toBe(status);
      expect(r.body).toContain(message);
    }
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'price_list.create'));
    expect(audit).toMatchObject({ entityType: 'price_list', actorId: shopAdmin.id });
  });

  it('every admin call refuses a visitor (401) and a customer, a trade buyer included (403)', async () => {
    const id = acmeList._id;
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/api/admin/price-lists'],
      ['POST', '/api/admin/price-lists', { name: 'Nope' }],
      ['GET', `/api/admin/price-lists/${id}`],
      ['PATCH', `/api/admin/price-lists/${id}`, { name: 'Nope' }],
      ['DELETE', `/api/admin/price-lists/${id}`],
      ['PUT', `/api/admin/price-lists/${id}/prices/${disc._id}`, { unitPrice: 1 }],
      ['DELETE', `/api/admin/price-lists/${id}/prices/${disc._id}`],
      ['GET', `/api/admin/price-lists/${id}/prices.csv`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, carol, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, acmeBuyer, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const upload = await call('POST', `/api/admin/price-lists/${id}/prices.csv`, acmeBuyer, 'sku,unit_price\nX,1\n', { 'content-type': 'text/csv' });
    expect(upload.statusCode).toBe(403);
    expect((await call('GET', `/api/prices/mine?ids=${disc._id}`)).statusCode).toBe(401);
  });
});

describe('two companies buy the same part at their own prices', () => {
  it('Birch gets 10 % off Brembo; the cart, the quote and the checkout price each buyer by their list', async () => {
    const birchList = await call('POST', '/api/admin/price-lists', shopAdmin, {
      name: 'Birch brakes',
      companyIds: [birch._id],
      discounts: [{ kind: 'brand', value: 'brembo', percentOff: 10 }],
    });
    expect(birchList.statusCode, birchList.body).toBe(201);

    // 4 discs = two lots: $120 public, $80 for Acme (its price), $108 for Birch (10 % off).
    const lineOf = async (who: TestUser) => (await cartTotal(who, disc, 4)).lines[0];
    expect((await lineOf(carol)).lineTotal).toBe(120);
    const acmeLine = await lineOf(acmeBuyer);
    expect(acmeLine.lineTotal).toBe(80);
    // The cart is the buyer's own answer: its part carries the price they pay.
    expect(acmeLine.product.unitPrice).toBe(40);
    expect((await lineOf(birchBuyer)).lineTotal).toBe(108);
    // Large quantities: Acme's own tier (20 at $30 a lot = $300) and Birch's percentage off the public tier ($45).
    expect((await cartTotal(acmeBuyer, disc, 20)).total).toBe(300);
    expect((await cartTotal(birchBuyer, disc, 20)).total).toBe(450);
    expect((await cartTotal(carol, disc, 20)).total).toBe(500);
    // Acme's 12.5 % off drivetrain: the $100 chain at $87.50.
    expect((await cartTotal(acmeBuyer, chain, 1)).total).toBe(87.5);
    expect((await cartTotal(birchBuyer, chain, 1)).total).toBe(100);

    // The quote and the checkout charge what the cart showed.
    for (const [who, goods] of [
      [acmeBuyer, 80],
      [birchBuyer, 108],
      [carol, 120],
    ] as const) {
      expect((await call('PUT', `/api/cart/lines/${disc._id}`, who, { quantity: 4 })).statusCode).toBe(200);
      const quote = await call('POST', '/api/checkout/quote', who, SHIP_TO.shippingAddress);
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().goods).toBe(goods);
      const placed = await call('POST', '/api/checkout', who, SHIP_TO);
      expect(placed.statusCode, placed.body).toBe(201);
      const checkout = placed.json() as { _id: string; orders: { price: number }[] };
      expect(checkout.orders[0].price).toBe(goods);
      // The line keeps the lot price it was priced with.
      const [line] = await t.app.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
      expect(line.unitPriceCents).toBe((goods / 2) * 100);
    }
  });

  it('the one-product order prices a trade buyer by their list too', async () => {
    const order = async (who: TestUser) => {
      const res = await call('POST', '/api/order', who, {
        productId: disc._id,
        quantity: 2,
        country: 'United States',
        address: '1 Main St, Portland',
        phone: '5035550142',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { price: number };
    };
    expect((await order(acmeBuyer)).price).toBe(40);
    expect((await order(carol)).price).toBe(60);
  });

  it('a buyer sees their prices privately; the public catalogue, a visitor and another company never see them', async () => {
    const mine = await call('GET', `/api/prices/mine?ids=${disc._id},${chain._id}`, acmeBuyer);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const discTrade = { unitPrice: 40, priceTiers: [{ minQuantity: 20, unitPrice: 30 }] };
    const chainTrade = { unitPrice: 87.5, priceTiers: [] };
    expect(mine.json().prices).toEqual(
      [
        { productId: disc._id, ...discTrade, offers: [discTrade] },
        { productId: chain._id, ...chainTrade, offers: [chainTrade] },
      ].sort((a, b) => a.productId.localeCompare(b.productId)),
    );
    expect((await call('GET', `/api/prices/mine?ids=${disc._id},${chain._id}`, carol)).json()).toEqual({ prices: [] });
    expect((await call('GET', `/api/prices/mine?ids=${chain._id}`, birchBuyer)).json()).toEqual({ prices: [] });
    expect((await call('GET', '/api/prices/mine?ids=nope', acmeBuyer)).statusCode).toBe(400);

    // After the trade buyers' visits, every public answer (read with their tokens too) holds the public price only.
    for (const who of [undefined, acmeBuyer, birchBuyer]) {
      const one = await call('GET', `/api/product/${disc._id}`, who);
      expect(one.json()).toMatchObject({ unitPrice: 60, priceTiers: [{ minQuantity: 10, unitPrice: 50 }] });
      const all = (await call('GET', '/api/products', who)).body;
      const search = (await call('GET', `/api/search?q=${encodeURIComponent(disc.sku)}`, who)).body;
      for (const body of [one.body, all, search]) {
        expect(body).not.toMatch(/"unitPrice":(40|54|87\.5)\b/);
      }
    }
  });

  it('a list outside its dates prices nobody, a list dearer than the public price is not used, a removed buyer loses it at once', async () => {
    const past = await call('PATCH', `/api/admin/price-lists/${acmeList._id}`, shopAdmin, { endsAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().current).toBe(false);
    // A change of the dates keeps the list's companies and percentages.
    expect(past.json()).toMatchObject({ companies: [{ _id: acme._id }], discounts: [{ kind: 'category', value: 'drivetrain' }] });
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(120);
    const future = await call('PATCH', `/api/admin/price-lists/${acmeList._id}`, shopAdmin, { startsAt: '2099-01-01T00:00:00Z', endsAt: null });
    expect(future.json().current).toBe(false);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(120);
    expect((await call('PATCH', `/api/admin/price-lists/${acmeList._id}`, shopAdmin, { startsAt: null })).json().current).toBe(true);

    // A list price above the public one: the buyer pays the public price.
    expect((await call('PUT', `/api/admin/price-lists/${acmeList._id}/prices/${disc._id}`, shopAdmin, { unitPrice: 70 })).statusCode).toBe(200);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(120);
    expect((await call('GET', `/api/prices/mine?ids=${disc._id}`, acmeBuyer)).json()).toEqual({ prices: [] });
    expect((await call('PUT', `/api/admin/price-lists/${acmeList._id}/prices/${disc._id}`, shopAdmin, { unitPrice: 40 })).statusCode).toBe(200);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(80);

    // Removed from the company: the next call is priced publicly.
    // The company page names the lists that price its members; the admin's company page too.
    const me = (await call('GET', '/api/company', acmeBuyer)).json() as { company: { _id: string }; priceLists: unknown[] };
    expect(me.company._id).toBe(acme._id);
    expect(me.priceLists).toEqual([{ _id: acmeList._id, name: 'Acme trade', startsAt: null, endsAt: null, current: true }]);
    expect((await call('GET', `/api/admin/companies/${birch._id}`, shopAdmin)).json().priceLists).toMatchObject([{ name: 'Birch brakes', current: true }]);
    const removed = await call('DELETE', `/api/admin/companies/${acme._id}/members/${acmeBuyer.id}`, shopAdmin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(120);
    expect((await call('GET', `/api/prices/mine?ids=${disc._id}`, acmeBuyer)).json()).toEqual({ prices: [] });
    await join(acme, acmeBuyer);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(80);
  });
});

describe('prices by CSV', () => {
  it('exports the list, refuses a file with a wrong row naming each one and changes nothing, then applies a good one', async () => {
    const csv = await call('GET', `/api/admin/price-lists/${acmeList._id}/prices.csv`, shopAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('sku,name,min_order,public_price,unit_price,price_tiers');
    expect(csv.body).toContain(`${disc.sku},`);
    expect(csv.body).toContain(',60.00,40.00,\n');

    const upload = (text: string) => call('POST', `/api/admin/price-lists/${acmeList._id}/prices.csv`, shopAdmin, text, { 'content-type': 'text/csv' });
    const bad = await upload(`sku,unit_price,price_tiers\n${chain.sku},80,\nNO-SUCH-PART,5,\n${disc.sku},35,2:20\n`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('line 3: no part has the number NO-SUCH-PART');
    expect(bad.body).toContain('line 4: Price tier 1: the quantity must be above the minimum order (2)');
    const before = await t.app.db.select().from(priceListPrices).where(eq(priceListPrices.priceListId, acmeList._id));
    expect(before).toHaveLength(1);

    const good = await upload(`sku,unit_price,price_tiers\n${chain.sku.toLowerCase()},$80.00,\n${disc.sku},,\n`);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ updated: 2, rows: 2 });
    const after = priceListDetailSchema.parse((await call('GET', `/api/admin/price-lists/${acmeList._id}`, shopAdmin)).json());
    expect(after.prices.map((p) => [p.sku, p.unitPrice])).toEqual([[chain.sku, 80]]);
    // The chain at $80 (its price beats the 12.5 % off); the disc at the public price again.
    expect((await cartTotal(acmeBuyer, chain, 1)).total).toBe(80);
    expect((await cartTotal(acmeBuyer, disc, 4)).total).toBe(120);

    expect((await upload('name\nx\n')).body).toContain('no sku column');
    expect((await call('DELETE', `/api/admin/price-lists/${acmeList._id}`, shopAdmin)).statusCode).toBe(204);
    expect((await cartTotal(acmeBuyer, chain, 1)).total).toBe(100);
  });
});
