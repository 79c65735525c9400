import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import { openDatabase, poolTimeouts, type Database, type Db } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { createLogSink } from './lib/log-sink';
import { redactUrl } from './lib/redact-url';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { authPlugin } from './plugins/auth';
import { productsRoutes } from './modules/products/products.routes';
import { searchRoutes } from './modules/search/search.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { shipmentsRoutes } from './modules/orders/shipments.routes';
import { refundsRoutes } from './modules/orders/refunds.routes';
import { returnsRoutes } from './modules/orders/returns.routes';
import { overviewRoutes } from './modules/orders/overview.routes';
import { orderExportsRoutes } from './modules/orders/order-exports.routes';
import { configureReturnWindow } from './modules/orders/returns.service';
import { configureSellerVat } from './modules/invoices/seller-vat';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { scheduleReconciliation } from './workflows/reconcile-payments';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { catalogCsvRoutes } from './modules/products/catalog-csv.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { reorderListsRoutes } from './modules/reorder-lists/reorder-lists.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { guestRoutes } from './modules/guest/guest.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { diagramsRoutes } from './modules/diagrams/diagrams.routes';
import { kitsRoutes } from './modules/kits/kits.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes';
import { receivablesRoutes } from './modules/receivables/receivables.routes';
import { jobBasketsRoutes } from './modules/job-baskets/job-baskets.routes';
import { garageRoutes } from './modules/garage/garage.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { jobsPlugin } from './modules/jobs/jobs.plugin';
import { catalogCachePlugin, COMPRESS_THRESHOLD } from './modules/catalog-cache/catalog-cache.plugin';
import { FastCatalogue, requestIds } from './modules/catalog-cache/fast-catalogue';
import { createPaymentProvider } from './payments/providers/create-payment-provider';
import type { PaymentProvider } from './payments/providers/payment-provider';
import { startExpirySweep } from './workflows/reservations';
import { PageRateLimitedError, createPageRenderer, newRenderSecret, sendTooManyPages } from './modules/pages/page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mailer: Mailer;
    payments: PaymentProvider;
    /** The time the order rules run on; tests move it forward instead of waiting. */
    clock: { now(): Date };
    /** GET /api/products answered from the catalogue cache before Fastify's routing and hooks (decision 142). */
    fastCatalogue: FastCatalogue;
  }
}

export interface BuildOptions {
  /** Use this open database instead of opening one from the config (tests). */
  database?: Database;
  /** Serve the built web app (default: when WEB_DIST exists). */
  serveWeb?: boolean;
  /** Where log lines go (default: standard output, bounded and never blocking). */
  logStream?: { write(line: string): unknown };
  /** Ask the payment provider about unpaid orders on start and every PAYMENT_RECONCILE_INTERVAL_SECONDS (the server does; tests call it directly). */
  reconcilePayments?: boolean;
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The cached catalogue is answered in front of Fastify, on the server it makes here; both paths number requests alike.
  const fastCatalogue = new FastCatalogue(config.TRUST_PROXY, requestIds());
  const app = Fastify({
    serverFactory: fastCatalogue.serverFactory,
    genReqId: fastCatalogue.nextRequestId,
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            stream: opts.logStream ?? createLogSink(process.stdout),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              // Fastify's own request fields, with the secrets of reset, verification and callback links masked.
              req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_000_000,
    // Errors raised before routing (a malformed URL) get the same { error: { code, message } } shape.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ error: { code: String(err.code ?? 'BAD_REQUEST').replace(/^FST_ERR_/, ''), message: err.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), timeouts: poolTimeouts(config) }));
  database.setLogger?.(app.log);
  const ownsDatabase = !opts.database;
  app.decorate('config', config);
  configureReturnWindow(config.RETURN_WINDOW_DAYS);
  configureSellerVat(config.SHOP_VAT_NUMBER);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', await createMailer(config, app.log));
  app.decorate('payments', await createPaymentProvider(config, database.db, app.log));
  app.decorate('clock', { now: () => new Date() });
  app.decorate('fastCatalogue', fastCatalogue);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  // Better Auth posts HTML forms (e.g. the OAuth callback with response_mode=form_post).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(errorsPlugin);
  const renderSecret = newRenderSecret();
  await app.register(securityPlugin, { config, renderSecret });
  // Dynamic answers above 1 KB go out brotli or gzip; cached catalogue answers and built assets arrive compressed already (decision 101).
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  await app.register(catalogCachePlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Torque & Throttle Parts API', version: '1.0.0', description: "The shop's HTTP API. Identity lives under /api/auth (Better Auth)." },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Decision 188: the token of a guest order's link.
          guestToken: { type: 'apiKey', in: 'header', name: 'X-Guest-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, { config });
  // Background jobs (decision 200): pg-boss in the shop's database; modules register their workers below.
  await app.register(jobsPlugin);

  await app.register(
    async (api) => {
      // Every API GET gets a validator and answers 304 when the client has it (the cached catalogue sets its own).
      await api.register(etag, { weak: true });
      await api.register(healthRoutes);
      await api.register(productsRoutes);
      await api.register(searchRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(newsletterRoutes);
      await api.register(usersRoutes);
      await api.register(ordersRoutes);
      await api.register(shipmentsRoutes);
      await api.register(refundsRoutes);
      await api.register(returnsRoutes);
      await api.register(overviewRoutes);
      await api.register(orderExportsRoutes);
      await api.register(paymentsRoutes);
      await api.register(uploadsRoutes);
      await api.register(catalogCsvRoutes);
      await api.register(auditRoutes);
      await api.register(cartRoutes);
      await api.register(reorderListsRoutes);
      await api.register(checkoutRoutes);
      await api.register(guestRoutes);
      await api.register(addressesRoutes);
      await api.register(shippingRoutes);
      await api.register(vehiclesRoutes);
      await api.register(diagramsRoutes);
      await api.register(kitsRoutes);
      await api.register(jobBasketsRoutes);
      await api.register(companiesRoutes);
      await api.register(priceListsRoutes);
      await api.register(receivablesRoutes);
      await api.register(garageRoutes);
      await api.register(sessionsRoutes);
      await api.register(importsRoutes);
    },
    { prefix: '/api' },
  );
  // robots.txt and the sitemap live at the site's root, with or without the built web app (decision 103).
  await app.register(seoRoutes);

  if (opts.reconcilePayments) scheduleReconciliation(app, config.PAYMENT_RECONCILE_INTERVAL_SECONDS);

  const webDist = config.WEB_DIST;
  const serveWeb = opts.serveWeb ?? fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // No route per file ("wildcard: false" globbed the build and added a GET and HEAD route for each of its ~400 files,
      // a tenth of the start): the page route below sends the files listed once here (decision 141).
      serve: false,
      index: false,
      // The build writes .br and .gz next to each asset (apps/web/vite.config.ts); they are sent as they are.
      preCompressed: true,
      // Without this, @fastify/static overwrites the headers below with its own max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // The same URL answers brotli, gzip or plain bytes by the request's Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
        // Vite's hashed assets never change; the page must be revalidated so a deploy shows at once.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath) === 'index.html') res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }

  // The rate limiter, the catalogue cache and the logger exist now; the fast path answers once the route has answered once.
  fastCatalogue.attach(app);

  // Unpaid orders also expire when nobody reads them (issue #8); each process sweeps, safely (SKIP LOCKED).
  let stopSweep = () => {};
  app.addHook('onReady', async () => {
    stopSweep = startExpirySweep(app);
  });
  app.addHook('onClose', async () => stopSweep());

  // Every page address is rendered on the server and hydrated in the browser (decision 106).
  const pages = serveWeb ? await createPageRenderer(app, webDist, renderSecret) : null;
  // The built files, by URL path ('assets/index-AbC123.js'); only these are sent, so no path can leave the folder.
  const webFiles = serveWeb ? listFiles(webDist) : new Set<string>();

  // API paths answer JSON 404s; every other GET is a page of the web app.
  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || !pages || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${req.method} ${pathname}` } });
    }
    if (path.extname(pathname)) {
      const file = decodePath(pathname.slice(1));
      if (file && webFiles.has(file)) return reply.sendFile(file);
      return reply.status(404).type('text/plain').send('Not found');
    }
    return pages.send(req, reply);
  };
  app.setNotFoundHandler(notFound);
  // Pages are a route (not only the not-found handler) so the global compression applies to their HTML.
  if (pages)
    app.get(
      '/*',
      {
        schema: { hide: true },
        // A client that goes away while a file streams is no error to answer (as @fastify/static's own routes do).
        errorHandler(err, req, reply) {
          if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return void req.raw.destroy();
          // Issue #22: past the client's page budget (plugins/security.ts), a plain page says so.
          if (err instanceof PageRateLimitedError) return sendTooManyPages(reply, err.retryAfterSeconds);
          return app.errorHandler(err, req, reply);
        },
      },
      notFound,
    );

  return app;
}

/** Every file under dir, as forward-slash paths relative to it. */
function listFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    // Dot files and folders (Vite's .vite/manifest.json) stay private, as @fastify/static's own listing left them.
    if (entry.isFile() && !rel.split('/').some((part) => part.startsWith('.'))) files.add(rel);
  }
  return files;
}

function decodePath(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}
