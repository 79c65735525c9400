/**
 * Promotes an existing account to administrator:
 *
 *   npm run make-admin -- someone@example.com [--force]
 *
 * With DATABASE_URL (PostgreSQL) it writes straight to the database and the
 * running shop sees the new role on the next request. The embedded database
 * (PGlite) can be opened by one process at a time, so then the shop must be
 * stopped first; the command checks that and says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emailSchema } from '@shop/shared';
import { ConfigError, loadConfig, type AppConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { findUserByEmail, promoteToAdmin } from '../modules/users/users.service';
import { isAdmin } from '../lib/policy';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

const USAGE =
  'Usage: npm run make-admin -- someone@example.com\n  Promotes the account with that e-mail to administrator. The person must have registered first.';

/** Is a shop answering on this machine's configured port? */
async function shopAnswers(config: AppConfig): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.PORT}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function runMakeAdmin(args: string[], out: CliOutput, configOverride?: AppConfig): Promise<number> {
  const force = args.includes('--force');
  const positional = args.filter((a) => !a.startsWith('--'));
  if (positional.length !== 1 || args.includes('--help')) {
    out.error(USAGE);
    return 1;
  }
  const parsed = emailSchema.safeParse(positional[0]);
  if (!parsed.success) {
    out.error(`"${positional[0]}" is not an e-mail address.\n${USAGE}`);
    return 1;
  }
  const email = parsed.data;

  let config: AppConfig;
  try {
    config = configOverride ?? loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      out.error(err.message);
      return 1;
    }
    throw err;
  }

  const pgliteDir = path.join(config.DATA_DIR, 'pglite');
  if (!config.DATABASE_URL) {
    out.log(`Using the embedded database in ${pgliteDir}.`);
    // PGlite keeps postmaster.pid while a process has the database open (or after a crash).
    const inUse = fs.existsSync(path.join(pgliteDir, 'postmaster.pid'));
    if (inUse && !force) {
      const running = await shopAnswers(config);
      out.error(
        running
          ? `The shop is running (port ${config.PORT}) and has the embedded database open. The embedded database allows one process at a time:\n  stop the shop (Ctrl+C), run this command again, then start the shop.\n  (With PostgreSQL, DATABASE_URL=…, this command works while the shop runs.)`
          : `The embedded database looks in use: ${path.join(pgliteDir, 'postmaster.pid')} exists.\n  Stop the shop first. If no shop is running (it did not shut down cleanly), run again with --force.`,
      );
      return 1;
    }
  } else {
    out.log('Using the PostgreSQL database from DATABASE_URL (the running shop sees the change at once).');
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir });
  try {
    const row = await findUserByEmail(database.db, email);
    if (!row) {
      out.error(`No account with the e-mail ${email}. Register it first at ${config.publicUrl}/register, then run this command again.`);
      return 1;
    }
    if (isAdmin({ role: row.role ?? 'user' })) {
      out.log(`${email} is already an administrator. Nothing changed.`);
      return 0;
    }
    await promoteToAdmin(database.db, row.id, null);
    out.log(`Done: ${email} (${row.name}) is now an administrator. The admin screens appear the next time they sign in or reload the shop.`);
    return 0;
  } finally {
    await database.close();
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  runMakeAdmin(process.argv.slice(2), { log: (l) => console.log(l), error: (l) => console.error(l) })
    .then((code) => process.exit(code))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
