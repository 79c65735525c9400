import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Counter {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Counter;
}
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Counter;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Counter;

// The plugin's own two stores (not in its type declarations): the shared one and the per-process one.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/**
 * Whether the rate limit currently counts in Redis or, because Redis is away,
 * in this process's memory. One per app; the warning is logged once per outage.
 */
export class RateLimitBackend {
  private degraded = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    readonly commandTimeoutMs: number,
  ) {
    redis.on('ready', () => this.recovered());
  }

  /** True while Redis answers and the counters are shared. */
  get shared(): boolean {
    return !this.degraded && this.redis.status === 'ready';
  }

  usable(): boolean {
    return this.redis.status === 'ready';
  }

  fallBack(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { err: err instanceof Error ? { message: err.message } : err },
      'Redis is unreachable: the rate limit counts per process in memory until it returns',
    );
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('Redis is back: the rate limit is shared through Redis again');
  }
}

/**
 * A store for @fastify/rate-limit that uses Redis while it answers within the
 * time-out and otherwise counts in memory, so a Redis outage never fails a
 * request (#12). Each route keeps a shared counter and a local one.
 */
export function fallbackStore(backend: RateLimitBackend, nameSpace: string): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  class FallbackCounter implements Counter {
    constructor(
      private readonly remote: Counter,
      private readonly local: Counter,
    ) {}

    incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void {
      const useLocal = () => this.local.incr(key, cb, timeWindow, max);
      if (!backend.usable()) {
        backend.fallBack(new Error(`Redis connection is ${backend.redis.status}`));
        return useLocal();
      }
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        backend.fallBack(new Error(`Redis did not answer within ${backend.commandTimeoutMs} ms`));
        useLocal();
      }, backend.commandTimeoutMs);
      this.remote.incr(
        key,
        (err, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (err || !result) {
            backend.fallBack(err);
            return useLocal();
          }
          cb(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: unknown): FallbackCounter {
      return new FallbackCounter(this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class Store extends FallbackCounter {
    // The plugin passes its resolved global parameters here.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, backend.redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
      );
    }
  } as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
}
