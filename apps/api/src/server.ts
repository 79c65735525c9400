import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed/seed';
import { seedDemoKits } from './db/seed/demo-kits';
import { guardStdio } from './lib/log-sink';

/** SIGTERM to exit, at most; process managers usually kill after 10 s. */
const SHUTDOWN_LIMIT_MS = 8_000;

async function main() {
  // A log reader that goes away (EPIPE) must not take the shop down with it.
  guardStdio(process.stdout);
  guardStdio(process.stderr);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config, { reconcilePayments: true });
  if (config.PAYMENT_PROVIDER === 'test' && config.NODE_ENV === 'production') {
    app.log.warn('PAYMENT_PROVIDER=test with ALLOW_TEST_PAYMENTS=true: no real payments are taken, and every page says so.');
  }
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(app);
    if (seeded.products) app.log.info(`seeded ${seeded.products} demo products and ${seeded.reviews} reviews`);
    // Issue #36 item 2: the demo kit, made of demo parts. Apart from seedDemoData, whose catalogue of single parts the
    // API's search and basket tests count on.
    const kits = await seedDemoKits(app.db);
    if (kits) app.log.info(`seeded ${kits} demo kit${kits === 1 ? '' : 's'}`);
    if (seeded.accounts) {
      console.log('\nDemo accounts (change or delete them before going live):');
      console.log(`  admin     ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
      console.log(`  customer  ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}\n`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`\n  Torque & Throttle Parts is running at ${config.PUBLIC_URL ?? `http://localhost:${port}`}`);
  console.log(`  API docs: ${config.PUBLIC_URL ?? `http://localhost:${port}`}/api/docs`);
  console.log(`  Database: ${app.database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/pglite` : 'PostgreSQL (DATABASE_URL)'}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
