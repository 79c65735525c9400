/**
 * The statements one `POST /api/checkout` of a 5-line cart to Tennessee sends to PostgreSQL, counted at the driver:
 * `DATABASE_URL=postgres://… npx tsx bench/checkout-round-trips.ts` from apps/api (QUERY_LOG_FULL=1 prints whole
 * statements, to copy into bench/direct-checkout.ts). The first checkout also loads the signing keys; the second
 * is the steady state. Uses a throwaway database (TEST_DB_PREFIX names it).
 */
import { logStatements } from './query-log';
import { BENCH_SHIP_TO } from './direct-checkout';

const { createTestApp, bearer } = await import('../test/helpers');
// Checking out needs a verified e-mail address (issue #22).
const { signUpUser } = await import('../test/verify-support');
const { products } = await import('../src/db/schema');
const t = await createTestApp();
try {
  const customer = await signUpUser(t.app);
  const parts = await t.app.db
    .insert(products)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        sku: `ROUND-TRIPS-${i}`,
        name: `Round trips ${i}`,
        img: '/x.svg',
        description: 'd',
        minOrder: 10,
        stock: 100_000,
        unitPriceCents: 420 + i,
      })),
    )
    .returning();
  for (const label of ['first checkout', 'second checkout']) {
    for (const p of parts) {
      const put = await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${p.id}`, headers: bearer(customer.token), payload: { quantity: 10 } });
      if (put.statusCode !== 200) throw new Error(`cart line: ${put.statusCode} ${put.body}`);
    }
    const res = await logStatements(label, () =>
      t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(customer.token), payload: { shippingAddress: BENCH_SHIP_TO } }),
    );
    if (res.statusCode !== 201) console.log(`  answer: ${res.body}`);
    else console.log(`  answer: total ${res.json().total}, tax ${res.json().tax}, shipping ${res.json().shipping} (${res.json().shippingMethod?.name})`);
  }
} finally {
  await t.close();
}
