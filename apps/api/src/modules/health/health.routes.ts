import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );

  // --- Resilience (#12): probes for a load balancer / orchestrator ---
  const check = z.enum(['ok', 'unavailable', 'not configured']);
  const readiness = z.object({ status: z.enum(['ok', 'unavailable']), database: check, redis: check });

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up and serving HTTP (checks no dependency, so an outage never gets it killed)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (and Redis when configured) answer; 503 while either is unusable',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_req, reply) => {
      const [database, redis] = await Promise.all([databaseCheck(), redisCheck()]);
      const ok = database === 'ok' && redis !== 'unavailable';
      reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database, redis });
    },
  );

  /** A probe answers within its own deadline, whatever the pool's time-outs are. */
  const PROBE_TIMEOUT_MS = 2000;
  const withDeadline = async (work: Promise<unknown>): Promise<'ok' | 'unavailable'> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'unavailable'>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work.then(() => 'ok' as const), deadline]);
    } catch {
      return 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  };
  const databaseCheck = () => withDeadline(app.db.execute(sql`select 1`));
  const redisCheck = async (): Promise<'ok' | 'unavailable' | 'not configured'> => {
    const backend = app.rateLimitBackend;
    if (!backend) return 'not configured';
    if (!backend.usable()) return 'unavailable';
    return withDeadline(backend.redis.ping());
  };
};
