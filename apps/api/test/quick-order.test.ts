import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cartSchema, quickOrderResultSchema, type QuickOrderResult } from '@shop/shared';
import { cartLines, products } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct, placeOrder } from './orders-fixtures';

/** Issue #37 item 3 (decision 202): quick order (a pasted list to the cart in one step) and order again. */

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let other: TestUser;
const pad = (n: number) => String(n).padStart(4, '0');
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  buyer = await signUpUser(t.app);
  other = await signUpUser(t.app);
  // 500 plain parts QO-0001…QO-0500 (1 to 100 in stock, sold from 1), and the parts of the special lines.
  const rows = [
    ...Array.from({ length: 500 }, (_, i) => ({ sku: `QO-${pad(i + 1)}`, name: `Quick part ${i + 1}`, minOrder: 1, stock: 100 })),
    {
      sku: 'OEM-TARGET',
      name: 'Oil filter (OEM replacement)',
      minOrder: 1,
      stock: 50,
      partNumbers: [{ kind: 'replaces' as const, brand: 'Yamaha', number: '5YU-14451-00' }],
    },
    {
      sku: 'AMB-A',
      name: 'Brake pads A',
      brand: 'EBC',
      minOrder: 1,
      stock: 50,
      partNumbers: [{ kind: 'equivalent' as const, brand: 'SBS', number: 'AMB-500' }],
    },
    {
      sku: 'AMB-B',
      name: 'Brake pads B',
      brand: 'Brembo',
      minOrder: 1,
      stock: 50,
      partNumbers: [{ kind: 'equivalent' as const, brand: 'SBS', number: 'AMB-500' }],
    },
    { sku: 'MIN-10', name: 'Spark plug lot', minOrder: 10, stock: 100 },
    { sku: 'LOW-5', name: 'Rare gasket', minOrder: 1, stock: 5 },
    { sku: 'ZERO-1', name: 'Sold-out lever', minOrder: 1, stock: 0 },
  ];
  const inserted = await t.app.db
    .insert(products)
    .values(
      rows.map((r) => ({
        brand: 'Demo',
        img: '/images/products/oil-filter-hf204.svg',
        description: 'A part for the quick-order tests.',
        unitPriceCents: 1000,
        ...r,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  for (const p of inserted) ids.set(p.sku, p.id);
  // A part a customer once ordered and the shop deleted since: its number is "no longer sold".
  const old = await addProduct(t.app, admin, { sku: 'OLD-1', name: 'Old chain tensioner', stock: 10 });
  await placeOrder(t.app, other, old._id, 2);
  const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${old._id}`, headers: bearer(admin.token) });
  expect(del.statusCode, del.body).toBe(200);
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, user: TestUser | null = buyer) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: user ? bearer(user.token) : {}, payload: payload as Record<string, unknown> });
const quick = async (payload: unknown, user: TestUser = buyer): Promise<QuickOrderResult> => {
  const res = await post('cart/quick-order', payload, user);
  expect(res.statusCode, res.body).toBe(200);
  return quickOrderResultSchema.parse(res.json());
};
const cartOf = async (user: TestUser) =>
  cartSchema.parse((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) })).json()).lines.map((l) => [l.product.sku, l.quantity]);
const clearCart = async (user: TestUser) => t.app.db.delete(cartLines).where(eq(cartLines.userId, user.id));

/** "QO-0007, 3" in one of five formattings, by n. */
function plainLine(n: number, q: number): string {
  const p = pad(n);
  return [`QO-${p}, ${q}`, `qo ${p};${q}`, `QO.${p}\t${q}`, `${q} x QO${p}`, `qo-${p} ${q}`][n % 5];
}

describe('POST /api/cart/quick-order', () => {
  it('a 200-line paste with 12 bad lines: the 188 good ones go to the cart, the 12 are reported exactly', async () => {
    await clearCart(buyer);
    const bad: Record<number, string> = {
      7: 'NOPE-1, 2',
      19: 'AMB-500, 2',
      33: 'MIN-10, 4',
      48: 'LOW-5, 8',
      61: 'ZERO-1, 1',
      77: 'old 1, 3',
      90: 'QO-0001, lots',
      104: ', 5',
      121: '12345-X 1',
      150: 'QO-0002, 0',
      166: 'sbs amb 500; 1',
      199: 'ZZZ-999',
    };
    const lines: string[] = [];
    let n = 0;
    for (let line = 1; line <= 200; line++) {
      if (bad[line]) lines.push(bad[line]);
      else if (line === 40) lines.push('yamaha 5yu 14451 00, 2');
      else if (line === 140) lines.push('5YU.14451.00;3');
      else if (line === 180) lines.push('qo 0001 4');
      else {
        n++;
        lines.push(plainLine(n, (n % 7) + 1));
      }
    }
    expect(n).toBe(185);
    const text = lines.join('\n');

    // The check first: the same report, nothing written.
    const check = await quick({ text, dryRun: true });
    expect(check.dryRun).toBe(true);
    expect(check.cart).toBeUndefined();
    expect(await cartOf(buyer)).toEqual([]);

    const r = await quick({ text });
    expect(r.lineCount).toBe(200);
    expect(r.problems.map((p) => [p.line, p.reason])).toEqual([
      [7, 'unknown'],
      [19, 'ambiguous'],
      [33, 'below_minimum'],
      [48, 'out_of_stock'],
      [61, 'out_of_stock'],
      [77, 'discontinued'],
      [90, 'unreadable'],
      [104, 'unreadable'],
      [121, 'unknown'],
      [150, 'unreadable'],
      [166, 'ambiguous'],
      [199, 'unknown'],
    ]);
    expect(check.problems).toEqual(r.problems);
    expect(check.added).toEqual(r.added);
    const problem = (line: number) => r.problems.find((p) => p.line === line)!;
    expect(problem(7)).toMatchObject({ text: 'NOPE-1, 2', message: 'We don’t know the part number “NOPE-1”.' });
    expect(problem(19).choices!.map((c) => [c.sku, c.brand, c.name])).toEqual([
      ['AMB-B', 'Brembo', 'Brake pads B'],
      ['AMB-A', 'EBC', 'Brake pads A'],
    ]);
    expect(problem(33)).toMatchObject({ minOrder: 10, message: 'MIN-10 is sold from 10: 4 is too few.' });
    expect(problem(48)).toMatchObject({ available: 5, message: 'Only 5 of LOW-5 available: 8 asked for.' });
    expect(problem(61)).toMatchObject({ available: 0, message: 'ZERO-1 is out of stock.' });
    expect(problem(77)).toMatchObject({ message: 'Old chain tensioner (OLD-1) is no longer sold.' });
    expect(problem(90).message).toBe('“lots” is not a quantity: write a whole number from 1 to 1,000,000.');
    expect(problem(121).message).toBe('We don’t know the part number “12345-X”.');

    // 185 plain parts (QO-0001 twice, merged) and the OEM part (two formattings of its Yamaha number, merged).
    expect(r.added).toHaveLength(186);
    const qo1 = r.added.find((a) => a.sku === 'QO-0001')!;
    expect(qo1).toMatchObject({ lines: [1, 180], quantity: 2 + 4 });
    expect(r.added.find((a) => a.sku === 'OEM-TARGET')).toMatchObject({ lines: [40, 140], quantity: 5, unitPrice: 10, lineTotal: 50 });
    const cart = await cartOf(buyer);
    expect(cart).toHaveLength(186);
    expect(r.cart!.lines).toHaveLength(186);
    expect(cart).toContainEqual(['QO-0001', 6]);
    expect(cart).toContainEqual(['QO-0185', (185 % 7) + 1]);
    expect(cart).toContainEqual(['OEM-TARGET', 5]);
  });

  it('a line without a quantity takes the part’s minimum order; a pick chooses an ambiguous line’s part', async () => {
    await clearCart(buyer);
    const r = await quick({ text: 'min-10\nAMB 500, 3', picks: [{ line: 2, productId: ids.get('AMB-A') }] });
    expect(r.problems).toEqual([]);
    expect(r.added.map((a) => [a.sku, a.quantity, a.defaultQuantity])).toEqual([
      ['MIN-10', 10, true],
      ['AMB-A', 3, false],
    ]);
    // A pick that is not one of the line's choices changes nothing: the line stays ambiguous.
    const wrong = await quick({ text: 'AMB-500, 3', picks: [{ line: 1, productId: ids.get('QO-0001') }], dryRun: true });
    expect(wrong.problems.map((p) => p.reason)).toEqual(['ambiguous']);
  });

  it('merged lines are checked together: two lines of LOW-5 over its stock are both reported', async () => {
    const r = await quick({ text: 'LOW-5, 3\nQO-0003, 1\nlow 5; 3', dryRun: true });
    expect(r.added.map((a) => a.sku)).toEqual(['QO-0003']);
    expect(r.problems.map((p) => [p.line, p.reason, p.message])).toEqual([
      [1, 'out_of_stock', 'Only 5 of LOW-5 available: 6 asked for (lines 1, 3 together).'],
      [3, 'out_of_stock', 'Only 5 of LOW-5 available: 6 asked for (lines 1, 3 together).'],
    ]);
  });

  it('takes rows read already, and a CSV with a header', async () => {
    const rows = await quick({ rows: [{ line: 3, partNumber: 'qo 0010', quantity: 2 }], dryRun: true });
    expect(rows.added).toMatchObject([{ sku: 'QO-0010', quantity: 2, lines: [3] }]);
    const csv = await quick({ text: 'Description;Qty;Part No\nFilter;2;QO-0011\n', dryRun: true });
    expect(csv.added).toMatchObject([{ sku: 'QO-0011', quantity: 2, lines: [2] }]);
  });

  it('500 lines at once are all added; 501 is a 400 that says so', async () => {
    await clearCart(buyer);
    const text = Array.from({ length: 500 }, (_, i) => plainLine(i + 1, 1)).join('\n');
    const r = await quick({ text });
    expect(r.problems).toEqual([]);
    expect(r.added).toHaveLength(500);
    expect(await cartOf(buyer)).toHaveLength(500);
    const tooLong = await post('cart/quick-order', { text: `${text}\nQO-0001, 1` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('Your list has 501 lines; a quick order takes at most 500 at once.');
    await clearCart(buyer);
  });

  it('nothing is half-added when the cart write fails', async () => {
    await clearCart(buyer);
    await quick({ text: 'QO-0020, 1' });
    const failing = ids.get('QO-0022')!;
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION qo_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.product_id = '${failing}' THEN RAISE EXCEPTION 'cart write failed'; END IF; RETURN NEW; END $$`),
    );
    await t.app.db.execute(sql.raw('CREATE TRIGGER qo_fail BEFORE INSERT OR UPDATE ON cart_lines FOR EACH ROW EXECUTE FUNCTION qo_fail()'));
    try {
      const res = await post('cart/quick-order', { text: 'QO-0020, 9\nQO-0021, 1\nQO-0022, 1\nQO-0023, 1' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(await cartOf(buyer)).toEqual([['QO-0020', 1]]);
    } finally {
      await t.app.db.execute(sql.raw('DROP TRIGGER qo_fail ON cart_lines'));
      await t.app.db.execute(sql.raw('DROP FUNCTION qo_fail()'));
    }
  });

  it('writes only the caller’s cart; a visitor gets 401', async () => {
    await clearCart(buyer);
    await clearCart(other);
    await quick({ text: 'QO-0030, 1' }, other);
    await quick({ text: 'QO-0031, 2\nQO-0030, 5' });
    expect(await cartOf(other)).toEqual([['QO-0030', 1]]);
    expect(await cartOf(buyer)).toEqual([
      ['QO-0030', 5],
      ['QO-0031', 2],
    ]);
    const visitor = await post('cart/quick-order', { text: 'QO-0030, 1' }, null);
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses an empty list and a body without text or rows with 400', async () => {
    expect((await post('cart/quick-order', { text: '\n \n' })).statusCode).toBe(400);
    expect((await post('cart/quick-order', {})).statusCode).toBe(400);
  });
});

describe('POST /api/cart/reorder/{ref}', () => {
  it('re-adds one’s own order’s lines still sold; a deleted part is reported; anyone else’s order is 404; a visitor 401', async () => {
    await clearCart(buyer);
    const order = await placeOrder(t.app, buyer, ids.get('QO-0040')!, 3);
    const res = await post(`cart/reorder/${order._id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const r = quickOrderResultSchema.parse(res.json());
    expect(r.added).toMatchObject([{ sku: 'QO-0040', quantity: 3 }]);
    expect(r.problems).toEqual([]);
    expect(await cartOf(buyer)).toEqual([['QO-0040', 3]]);

    // The other customer's order of a part deleted since: to them it is reported, to the buyer it is 404.
    const [theirs] = await t.app.db
      .execute<{ id: string }>(sql`select id from orders where user_id = ${other.id} and product_id is null limit 1`)
      .then((x) => (x as unknown as { rows: { id: string }[] }).rows);
    const mine = await post(`cart/reorder/${theirs.id}`, { dryRun: true }, other);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(quickOrderResultSchema.parse(mine.json()).problems).toMatchObject([
      { line: 1, reason: 'discontinued', message: 'Old chain tensioner is no longer sold.' },
    ]);
    const notYours = await post(`cart/reorder/${theirs.id}`, {});
    expect(notYours.statusCode).toBe(404);
    expect((await post(`cart/reorder/${order._id}`, {}, other)).statusCode).toBe(404);
    expect((await post('cart/reorder/TT-999999', {})).statusCode).toBe(404);
    expect((await post(`cart/reorder/${order._id}`, {}, null)).statusCode).toBe(401);
  });
});
