import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config/env';

/**
 * Security headers with a Content-Security-Policy the web app passes, and a
 * global rate limit (shared through Redis when REDIS_URL is set).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const stripe = config.PAYMENT_PROVIDER === 'stripe';
  await app.register(helmet, {
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

  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'shop-rl-' } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      error: { code: 'RATE_LIMITED', message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.` },
    }),
  });
});
