import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpUser, bearer, type TestUser } from './helpers';
import { TcpProxy, createAppOn, createPostgresDatabase, postgresUrl, waitFor, type ResilienceApp } from './support/resilience';

/**
 * #12: Redis (the shared store of the API rate limit) goes away and comes
 * back. The shop talks to the machine's Redis through a TCP proxy the test
 * closes and reopens; the Redis server itself is never stopped.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const s = net.connect(6379, '127.0.0.1');
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
});

describe.skipIf(!redisReachable)(
  `Redis goes away and comes back (${redisReachable ? `${postgresUrl ? 'PostgreSQL' : 'PGlite'}` : 'skipped: no Redis server on 127.0.0.1:6379 to put a proxy in front of'})`,
  () => {
    let proxy: TcpProxy;
    let t: ResilienceApp;
    let customer: TestUser;
    let direct: Redis;
    // Each phase counts for its own client address, so runs never share counters in the real Redis.
    const address = (n: number) => `10.${n}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

    beforeAll(async () => {
      proxy = await TcpProxy.start(REDIS_URL);
      const dbUrl = postgresUrl ? (await createPostgresDatabase()).url : undefined;
      t = await createAppOn(dbUrl, {
        REDIS_URL: proxy.via(REDIS_URL),
        REDIS_COMMAND_TIMEOUT_MS: 300,
        RATE_LIMIT_PER_MINUTE: 40,
        AUTH_RATE_LIMIT: true,
        AUTH_RATE_LIMIT_MAX: 3,
      });
      customer = await signUpUser(t.app, { password: 'right-password-1' });
      direct = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      await proxy?.restore();
      await t?.close();
      await proxy?.close();
      direct?.disconnect();
    });

    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });
    const signIn = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin: t.app.config.publicUrl },
        payload: { email: customer.email, password: 'wrong-password-1' },
      });

    it('no 500 during the outage, one warning, per-process limits and sign-in limits still enforced, shared again afterwards', async () => {
      await waitFor(async () => t.app.rateLimitBackend!.usable(), 5000);
      // Shared: the counter lives in Redis.
      const before = address(1);
      expect((await get('/api/products?page=1&limit=9', before)).statusCode).toBe(200);
      expect(await direct.get(`shop-rl-${before}`)).toBe('1');
      expect((await get('/api/health/ready', before)).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });

      // The logger the rate-limit store was given (the app's).
      const logger = t.app.rateLimitBackend!['log'];
      const warn = vi.spyOn(logger, 'warn');
      const info = vi.spyOn(logger, 'info');
      await proxy.cut();

      const during = address(2);
      const started = Date.now();
      const responses = [];
      for (let i = 0; i < 20; i++) {
        responses.push(await get('/api/products?page=1&limit=9', during));
        responses.push(await get(`/api/orders?email=${encodeURIComponent(customer.email)}`, during, bearer(customer.token)));
      }
      expect(responses.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      expect(Date.now() - started).toBeLessThan(10_000);
      // The limit still holds, counted in this process's memory: the 41st request is refused.
      const over = await get('/api/products?page=1&limit=9', during);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('RATE_LIMITED');
      expect(await direct.get(`shop-rl-${during}`)).toBeNull();

      const fallbackWarnings = warn.mock.calls.filter((c) => String(c[1] ?? c[0]).includes('Redis is unreachable'));
      expect(fallbackWarnings).toHaveLength(1);

      const ready = await get('/api/health/ready', during);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
      expect((await get('/api/health/live', during)).statusCode).toBe(200);

      // Sign-in attempts are limited in the database, Redis or not.
      const attacker = address(3);
      const attempts = [];
      for (let i = 0; i < 5; i++) attempts.push((await signIn(attacker)).statusCode);
      expect(attempts.slice(0, 3)).toEqual([401, 401, 401]);
      expect(attempts.slice(3)).toEqual([429, 429]);

      // Redis returns: the process reconnects by itself and counts there again.
      await proxy.restore();
      const ms = await waitFor(async () => (await get('/api/health/ready', address(4))).statusCode === 200, 5000);
      expect(ms).toBeLessThan(5000);
      expect(info.mock.calls.some((c) => String(c[0]).includes('Redis is back'))).toBe(true);
      const after = address(5);
      expect((await get('/api/products?page=1&limit=9', after)).statusCode).toBe(200);
      await waitFor(async () => (await direct.get(`shop-rl-${after}`)) === '1', 2000);
    });
  },
);
