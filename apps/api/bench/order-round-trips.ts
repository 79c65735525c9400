/**
 * The statements one `POST /api/order` sends to PostgreSQL, counted at the
 * driver (decisions 140 and 143): `DATABASE_URL=postgres://… npx tsx bench/order-round-trips.ts`
 * from apps/api. The first order also loads the signing keys; the second is
 * the steady state. Uses a throwaway database (TEST_DB_PREFIX names it).
 */
import pg from 'pg';

if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
const sent: string[] = [];
let roundTrips = 0;
let counting = false;
const inFlight = new WeakMap<pg.Client, number>();
const query = pg.Client.prototype.query;
// Every statement of every pooled client goes through here. One sent while another is still unanswered on the same
// client (pipeline mode, decision 143) travels in the same round trip.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const q = args[0] as string | { text?: string };
    const pending = inFlight.get(this) ?? 0;
    if (pending === 0) roundTrips++;
    sent.push(`${pending > 0 ? '+ ' : ''}${(typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim()}`);
    inFlight.set(this, pending + 1);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const last = args.length - 1;
    // pg-pool passes a callback and gets no promise back.
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        done();
        callback(...r);
      };
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const { createTestApp, bearer } = await import('../test/helpers');
// Ordering needs a verified e-mail address (issue #22).
const { signUpUser } = await import('../test/verify-support');
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
    roundTrips = 0;
    counting = true;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer.token),
      payload: { productId: product.id, quantity: 1, country: 'USA', address: '1 Bench St', phone: '5550100' },
    });
    counting = false;
    console.log(`${label}: ${res.statusCode}, ${sent.length} statements in ${roundTrips} round trips (+: sent with the one before)`);
    for (const s of sent) console.log(`  ${s.slice(0, 160)}`);
  }
} finally {
  await t.close();
}
