/**
 * A small, bounded load test of the API on its real stack: a listening
 * Fastify server on loopback, PGlite in memory (or a throwaway PostgreSQL
 * database with DATABASE_URL), plain fetch clients with keep-alive.
 *
 *   npm run bench -w apps/api
 *   BENCH_SECONDS=5 BENCH_CONCURRENCY=10 BENCH_MAX_REQUESTS=3000 npm run bench -w apps/api
 *
 * Each scenario stops at whichever comes first: the time budget or the request cap.
 */
import { performance } from 'node:perf_hooks';
import { seedDemoData } from '../src/db/seed/seed';
import { createTestApp, signUpUser, type TestUser } from '../test/helpers';

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 60);
const CONCURRENCY = Math.min(Math.max(Number(process.env.BENCH_CONCURRENCY ?? 10), 1), 100);
const MAX_REQUESTS = Math.min(Number(process.env.BENCH_MAX_REQUESTS ?? 3000), 50_000);

interface Result {
  name: string;
  requests: number;
  errors: number;
  statuses: Record<number, number>;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function scenario(name: string, expected: number, request: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let started = 0;
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const worker = async () => {
    while (started < MAX_REQUESTS && performance.now() < deadline) {
      const i = started++;
      const s = performance.now();
      try {
        const res = await request(i);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== expected) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { name, requests: latencies.length, errors, statuses, seconds: (performance.now() - t0) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

function print(results: Result[], dbKind: string) {
  const rows = results.map((r) => ({
    scenario: r.name,
    requests: r.requests,
    'req/s': (r.requests / r.seconds).toFixed(0),
    'p50 ms': percentile(r.latencies, 50).toFixed(1),
    'p95 ms': percentile(r.latencies, 95).toFixed(1),
    'p99 ms': percentile(r.latencies, 99).toFixed(1),
    'max ms': (r.latencies.at(-1) ?? NaN).toFixed(1),
    unexpected: r.errors,
    statuses: Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' '),
  }));
  console.log(`\nAPI bench on ${dbKind}, ${CONCURRENCY} concurrent clients, at most ${SECONDS}s or ${MAX_REQUESTS} requests per scenario\n`);
  console.table(rows);
}

async function main() {
  const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: 100_000_000 });
  try {
    await seedDemoData(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await signUpUser(t.app, { admin: true });
    const buyers: TestUser[] = [];
    for (let i = 0; i < 5; i++) buyers.push(await signUpUser(t.app));

    const create = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {
        name: 'Bench spark plug',
        unitPrice: 4.2,
        stock: 1_000_000,
        minOrder: 10,
        description: 'For the bench.',
        image: '/images/products/iridium-spark-plug.svg',
      },
    });
    const productId = create.json()._id as string;

    const json = { 'content-type': 'application/json' };
    const results: Result[] = [];
    results.push(await scenario('GET /api/products', 200, () => fetch(`${address}/api/products`)));
    results.push(await scenario('GET /api/product/{id}', 200, () => fetch(`${address}/api/product/${productId}`)));
    results.push(
      await scenario('POST /api/order', 201, (i) =>
        fetch(`${address}/api/order`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${buyers[i % buyers.length].token}` },
          body: JSON.stringify({ productId, quantity: 10, country: 'USA', address: '1 Bench St', phone: '5550100' }),
        }),
      ),
    );
    results.push(
      await scenario('GET /api/orders?email=', 200, (i) => {
        const b = buyers[i % buyers.length];
        return fetch(`${address}/api/orders?email=${encodeURIComponent(b.email)}`, { headers: { authorization: `Bearer ${b.token}` } });
      }),
    );
    print(results, t.database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL');
    const stock = (await t.app.inject({ method: 'GET', url: `/api/product/${productId}` })).json().stock;
    const ordered = results[2].statuses[201] ?? 0;
    console.log(
      `\nStock check: ${1_000_000 - stock} units taken by ${ordered} accepted orders of 10 (${1_000_000 - stock === ordered * 10 ? 'consistent' : 'INCONSISTENT'}).`,
    );
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
