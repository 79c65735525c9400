import type { FastifyInstance } from 'fastify';

/**
 * Test-only (#12): with TEST_CRASH_AFTER_PAYMENT_CONFIRMED the process dies
 * like a power cut (SIGKILL: no shutdown hook, no flush) right after the
 * provider confirmed a payment and before the order is marked paid, so a
 * test can prove that the restart reconciles it. loadConfig refuses the
 * switch when NODE_ENV=production.
 */
export function crashPointAfterProviderConfirmed(app: FastifyInstance): void {
  if (!app.config.TEST_CRASH_AFTER_PAYMENT_CONFIRMED || app.config.NODE_ENV === 'production') return;
  process.kill(process.pid, 'SIGKILL');
}
