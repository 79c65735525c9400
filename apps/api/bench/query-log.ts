/**
 * The statements the shop sends to PostgreSQL, counted at the driver, for bench/order-round-trips.ts and
 * bench/checkout-round-trips.ts. Import this before the app (it patches pg.Client.prototype.query): every statement
 * of every pooled client goes through it. One sent while another is still unanswered on the same client in pipeline
 * mode (decision 143) travels in the same round trip and is marked `+`. Outside pipeline mode node-postgres queues
 * such a statement and sends it once the one before is answered (Promise.all on one transaction): its own round trip.
 */
import pg from 'pg';

const sent: string[] = [];
let roundTrips = 0;
let counting = false;
const inFlight = new WeakMap<pg.Client, number>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const q = args[0] as string | { text?: string };
    const pending = inFlight.get(this) ?? 0;
    const shared = pending > 0 && (this as unknown as { pipeline?: boolean }).pipeline === true;
    if (!shared) roundTrips++;
    sent.push(`${shared ? '+ ' : ''}${(typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim()}`);
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

/** Counts what `run` sends and prints it: whole statements with QUERY_LOG_FULL=1, else their first 160 characters. */
export async function logStatements<T extends { statusCode: number }>(label: string, run: () => Promise<T>): Promise<T> {
  sent.length = 0;
  roundTrips = 0;
  counting = true;
  let res: T;
  try {
    res = await run();
  } finally {
    counting = false;
  }
  console.log(`${label}: ${res.statusCode}, ${sent.length} statements in ${roundTrips} round trips (+: sent with the one before)`);
  for (const s of sent) console.log(`  ${process.env.QUERY_LOG_FULL ? s : s.slice(0, 160)}`);
  return res;
}

if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
