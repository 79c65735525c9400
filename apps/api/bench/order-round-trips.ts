/**
 * The statements one `POST /api/order` sends to PostgreSQL, counted at the
 * driver (decisions 140 and 143): `DATABASE_URL=postgres://… npx tsx bench/order-round-trips.ts`
 * from apps/api (QUERY_LOG_FULL=1 prints whole statements, to copy into bench/direct-order.ts). The first order
 * also loads the signing keys; the second is the steady state. Uses a throwaway database (TEST_DB_PREFIX names it).
 */
import { logStatements } from './query-log';

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
    // The bench's body (bench/run.ts): since issue #24 the country, the address and a phone number valid there are required.
    const res = await logStatements(label, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(customer.token),
        payload: { productId: product.id, quantity: 1, country: 'USA', address: '1 Bench St, New York, NY 10001', phone: '+1 212 736 5000' },
      }),
    );
    if (res.statusCode !== 201) console.log(`  answer: ${res.body}`);
  }
} finally {
  await t.close();
}
