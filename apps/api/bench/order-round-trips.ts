/**
 * The statements one `POST /api/order` sends to PostgreSQL, counted at the
 * driver (decision 140): `DATABASE_URL=postgres://… npx tsx bench/order-round-trips.ts`
 * from apps/api. The first order also loads the signing keys; the second is
 * the steady state. Uses a throwaway database (TEST_DB_PREFIX names it).
 */
import pg from 'pg';

if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
const sent: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
// Every statement of every pooled client goes through here, one round trip each.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const q = args[0] as string | { text?: string };
    sent.push((typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim());
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const { createTestApp, signUpUser, bearer } = await import('../test/helpers');
const { products } = await import('../src/db/schema');
const t = await createTestApp();
try {
  const customer = await signUpUser(t.app);
  const [product] = await t.app.db
    .insert(products)
    .values({ sku: 'ROUND-TRIPS-1', name: 'Round trips', img: '/x.svg', description: 'd', minOrder: 1, stock: 100, unitPriceCents: 100 })
    .returning();
  for (const label of ['first order', 'second order']) {
    sent.length = 0;
    counting = true;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: { productId: product.id, quantity: 1, country: 'USA', address: '1 Bench St', phone: '5550100' },
    });
    counting = false;
    console.log(`${label}: ${res.statusCode}, ${sent.length} round trips`);
    for (const s of sent) console.log(`  ${s.slice(0, 160)}`);
  }
} finally {
  await t.close();
}
