import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config/env';
import { RateLimitBackend, fallbackStore } from './rate-limit-store';
import type { FastifyRequest } from 'fastify';
import { PageRateLimitedError, RENDER_CLIENT_HEADER, RENDER_HEADER } from '../modules/pages/page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared rate-limit store's Redis connection; null without REDIS_URL. */
    rateLimitBackend: RateLimitBackend | null;
    /**
     * The address of the client a request is for: Fastify's `req.ip` (TRUST_PROXY decides whether X-Forwarded-For
     * counts), or for a read of the server renderer the address of the client whose page is rendered.
     */
    clientAddress: (req: FastifyRequest) => string;
  }
}

/**
 * Helmet's headers for these options, worked out once. They depend on nothing in the request (no directive is a
 * function), and @fastify/helmet built the middleware, parsing the whole policy, again for every request.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = { setHeader: (name: string, value: string) => void headers.push([name, value]), removeHeader: () => {} };
  let finished = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}

/**
 * Security headers with a Content-Security-Policy the web app passes, and a
 * global rate limit (shared through Redis when REDIS_URL is set).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig; renderSecret: string }) => {
  const { config } = opts;
  const stripe = config.PAYMENT_PROVIDER === 'stripe';
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // React and the carousel set style attributes; no inline scripts are allowed.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Product images added by an admin may live on another https host.
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        'frame-src': ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Google sign-in popups must be able to talk back to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  // Set as helmet sets them, on the raw response first thing, for every answer (decision 142).
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.removeHeader('X-Powered-By');
    done();
  });

  // Tokens, orders, profiles and session answers must never sit in a browser or proxy cache (issue #7):
  // every API answer to a request with credentials, and everything under /api/auth and /api/user.
  app.addHook('onSend', async (req, reply, payload) => {
    const pathname = req.url.split('?')[0];
    if (!pathname.startsWith('/api/')) return payload;
    // A route that marks its answer public (uploaded pictures) answers the same to everyone: the browser sends
    // its cookie with every <img> request, and those pictures must still be cached.
    if (/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    if (req.headers.authorization || req.headers.cookie || pathname.startsWith('/api/auth/') || pathname.startsWith('/api/user/')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // Resilience (#12): Redis may come and go; the limit then counts per process (see rate-limit-store.ts).
  let backend: RateLimitBackend | null = null;
  if (config.REDIS_URL) {
    const ioredis = await import('ioredis');
    // Bundled into dist/, the CommonJS package arrives as `default` only: `{ Redis }` was undefined there and the
    // compiled server crashed at start with "Redis is not a constructor" (issue #21). Take the class from either shape.
    const Redis = ioredis.Redis ?? (ioredis.default as unknown as typeof ioredis).Redis;
    const redis = new Redis(config.REDIS_URL, {
      connectTimeout: 1000,
      commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
      // Fail at once while disconnected instead of queueing requests behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Keep trying, at most a second apart, so the shared counters return soon after Redis does.
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    // ioredis emits 'error' on every failed reconnect; the store logs the outage once.
    redis.on('error', (err) => app.log.debug({ err: { message: err.message } }, 'redis connection error'));
    backend = new RateLimitBackend(redis, app.log, config.REDIS_COMMAND_TIMEOUT_MS);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  app.decorate('rateLimitBackend', backend);
  // Issue #22: a server-rendered page runs the same queries as the API call behind it, so pages count too, each
  // client against its own budget (PAGE_RATE_LIMIT_PER_MINUTE, 'page:' keys), and the reads the renderer makes
  // for that page count there as well. Static files (scripts, styles, fonts, pictures: any non-API address with
  // a file extension, robots.txt and sitemap.xml included) are never counted.
  const apiPath = (req: FastifyRequest) => req.url.startsWith('/api/');
  const isRenderRead = (req: FastifyRequest) => apiPath(req) && req.headers[RENDER_HEADER] === opts.renderSecret;
  const pageKey = (client: string) => `page:${client}`;
  app.decorate('clientAddress', (req: FastifyRequest) => (isRenderRead(req) ? String(req.headers[RENDER_CLIENT_HEADER] ?? '') || req.ip : req.ip));
  await app.register(rateLimit, {
    global: true,
    max: (_req, key) => (key.startsWith('page:') ? config.PAGE_RATE_LIMIT_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE),
    timeWindow: '1 minute',
    ...(backend ? { store: fallbackStore(backend, 'shop-rl-') } : {}),
    keyGenerator: (req) => {
      if (isRenderRead(req)) return pageKey(String(req.headers[RENDER_CLIENT_HEADER] ?? ''));
      return apiPath(req) ? req.ip : pageKey(req.ip);
    },
    allowList: (req) => {
      // A read of the renderer made outside a page's render (none today) belongs to no client.
      if (isRenderRead(req)) return !req.headers[RENDER_CLIENT_HEADER];
      return !apiPath(req) && /\.[^/]+$/.test(req.url.split('?')[0]);
    },
    errorResponseBuilder: (req, ctx) => {
      const seconds = Math.ceil(ctx.ttl / 1000);
      // A page answers a plain HTML page (app.ts, the page route's error handler); the API its JSON.
      if (!apiPath(req)) return new PageRateLimitedError(seconds);
      return {
        statusCode: ctx.statusCode,
        error: { code: 'RATE_LIMITED', message: `Too many requests. Please wait ${seconds} seconds and try again.` },
      };
    },
  });
});
