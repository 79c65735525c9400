import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shop } from '@shop/shared/content';
import { checkVatId } from '@shop/shared/vat';

/** The only module that reads process.env. */
const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, found from src/config (tsx) and from the compiled dist/ alike. */
export const repoRoot = findRepoRoot(here);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'api', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../..');
  }
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || URL.canParse(v), { message: `${name} must be a full URL such as https://shop.example.com` });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string. Unset: embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  /**
   * Where the embedded database, the mail outbox and generated secrets live. A relative path is taken from the
   * repository root, not the working directory: `npm start` runs from the root and `npm run make-admin` inside
   * apps/api, and both must open the same database.
   */
  DATA_DIR: z
    .string()
    .default('data')
    .transform((dir) => path.resolve(repoRoot, dir)),
  /** The public origin of the shop, e.g. https://parts.example.com. Default http://localhost:PORT. */
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  /** Extra origins allowed to call the API with credentials (comma separated). */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Secret that signs sessions. Required in production; in development a random one is kept in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().optional(),
  /** Issue #39 item 8: the shop's own pages on social networks; the footer shows a link only for those set. */
  SOCIAL_YOUTUBE_URL: optionalUrl('SOCIAL_YOUTUBE_URL'),
  SOCIAL_INSTAGRAM_URL: optionalUrl('SOCIAL_INSTAGRAM_URL'),
  SOCIAL_FACEBOOK_URL: optionalUrl('SOCIAL_FACEBOOK_URL'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** OpenID discovery URL for the Google button (tests point it at a local provider). */
  GOOGLE_DISCOVERY_URL: optionalUrl('GOOGLE_DISCOVERY_URL'),
  /** test | stripe. Default test outside production; production must choose (see loadConfig). */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  /** Production only: allow PAYMENT_PROVIDER=test (every page then says no real payments are taken). */
  ALLOW_TEST_PAYMENTS: bool.default(false),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Only for tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  /** Production only: write e-mails to DATA_DIR/outbox instead of sending them (SMTP_URL unset). */
  MAIL_OUTBOX: bool.default(false),
  MAIL_FROM: z.string().default('Torque & Throttle Parts <no-reply@torque-throttle.example>'),
  /** Issue #25: the shop's address that receives the contact form's messages. Default: the shop's e-mail (packages/shared content). */
  SHOP_INBOX_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .email({ message: 'SHOP_INBOX_EMAIL must be an e-mail address such as sales@example.com' })
    .default(shop.email),
  /**
   * Issue #39 item 5 (decision 183): the shop's EU VAT number, printed on every invoice to the EU; its member state
   * is the seller's country for the reverse charge. Checked by format and check digits at start.
   */
  SHOP_VAT_NUMBER: z
    .string()
    .default(shop.vatNumber)
    .transform((v, ctx) => {
      const check = checkVatId(v);
      if (check.ok) return check.vatId;
      ctx.addIssue({
        code: 'custom',
        message: `SHOP_VAT_NUMBER must be the shop's EU VAT number (its country code and number, e.g. DE and nine digits): ${check.message}`,
      });
      return z.NEVER;
    }),
  /** Issue #25 (decision 163): days after an order's last parcel left in which its customer may ask to return parts. */
  RETURN_WINDOW_DAYS: z.coerce
    .number({ message: 'RETURN_WINDOW_DAYS must be a number of days' })
    .int('RETURN_WINDOW_DAYS must be a whole number of days')
    .min(0, 'RETURN_WINDOW_DAYS must be 0 or more')
    .max(365, 'RETURN_WINDOW_DAYS must be 365 or less')
    .default(30),
  REDIS_URL: optionalUrl('REDIS_URL'),
  /**
   * Seed the demo catalogue and reviews (and, outside production, the demo
   * accounts) into an empty database. Default true, false in production.
   */
  SEED_DEMO: bool.optional(),
  /** Built web app to serve. Default apps/web/dist. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Rate limit for the whole API, requests per minute per client. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Issue #22: server-rendered pages per client per minute, the reads the renderer makes for that page counted
   * too (a page runs the same queries as its API call). Default three times RATE_LIMIT_PER_MINUTE. Static files
   * (scripts, styles, pictures) are never counted.
   */
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /**
   * Whether to believe X-Forwarded-* headers: false (default: the shop faces the
   * internet itself), true (any proxy), or the proxy addresses/CIDRs
   * (comma separated). Client addresses drive the rate limits, so only trust a real proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => {
      const t = v.trim();
      if (t === 'true') return true;
      if (t === 'false' || t === '') return false;
      return t
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /** Turn Better Auth's sign-in/sign-up rate limit on under NODE_ENV=test (always on otherwise). */
  AUTH_RATE_LIMIT: bool.default(false),
  /** Sign-in / sign-up attempts allowed per client per minute. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Access token lifetime in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  /**
   * Issue #22: a session ends this many days after its sign-in however often it is used (fractions allowed).
   * It also ends after Better Auth's idle time: 7 days without a visit (renewed at most once a day).
   */
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(3650).default(30),

  // --- Second factor for administrators (issue #7, decision 075) ---
  /** required: admin-only calls need a session that passed TOTP or a backup code. Default: required in production, optional elsewhere. */
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  // --- Resilience (#12): every wait on a dependency is bounded ---
  /** PostgreSQL pool size per process. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Longest wait to open a PostgreSQL connection or get one from a busy pool, in ms. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Server-side statement_timeout of every PostgreSQL connection, in ms. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** Client-side limit on one query, in ms (catches a silent network); above DB_STATEMENT_TIMEOUT_MS. */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  /** Server-side idle_in_transaction_session_timeout, in ms: a stuck transaction releases its locks. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(60000),
  /** How long an unused pooled connection is kept open, in ms. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  /** Longest wait for one Redis command of the shared rate limit before the process counts in memory, in ms. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(500),
  /** Issue #35 item 2 (decision 200): seconds between polls of an idle background-job worker (pg-boss; at least 0.5). */
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5, 'JOBS_POLL_INTERVAL_SECONDS must be 0.5 or more').default(2),
  /**
   * When the job queue starts: `ready` (with the app: this process runs queued jobs, also those a crash left) or
   * `first-use` (at the first job sent from this process, or at start when an import is unfinished; tests, which
   * build many apps that never send one). Default `ready`, `first-use` under NODE_ENV=test.
   */
  JOBS_START: z.enum(['ready', 'first-use']).optional(),
  /**
   * Issue #35 item 3 (decision 214): the pictures a PIES feed names by address are fetched after its commit and stored
   * as uploads (`fetch`), or kept as addresses (`keep`). Default `fetch`, `keep` under NODE_ENV=test (tests fetch from
   * a local server only when they ask).
   */
  FEED_IMAGES: z.enum(['fetch', 'keep']).optional(),
  /** Seconds between sweeps that ask the payment provider about unpaid orders with a payment intent (0 = only at start). */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * Test-only crash point: the process kills itself right after the payment
   * provider confirmed a payment and before the order is marked paid.
   * Refused when NODE_ENV=production.
   */
  TEST_CRASH_AFTER_PAYMENT_CONFIRMED: bool.default(false),
  /** Manage Products flags a product as low on stock below this many minimum orders (issue #8). */
  LOW_STOCK_FACTOR: z.coerce.number().min(0).max(1000).default(3),
  /** How long an unpaid order holds its stock, in minutes; fractions allowed (tests use 0.25). */
  UNPAID_ORDER_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(60 * 24 * 30)
    .default(60),
  /** Unpaid orders one customer may hold at once; one more answers 409 TOO_MANY_UNPAID_ORDERS. */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(10_000).default(3),
  /**
   * Issue #22: one account's unpaid reservations (all its unpaid orders and checkout lines together) hold at
   * most this many lines, units and dollars; past any of them an order or checkout answers 409 RESERVATION_LIMIT.
   */
  MAX_UNPAID_LINES: z.coerce.number().int().min(1).max(10_000).default(20),
  MAX_UNPAID_UNITS: z.coerce.number().int().min(1).max(1_000_000_000).default(5_000),
  /** In dollars (whole or with cents), like every amount of the API. */
  MAX_UNPAID_VALUE_DOLLARS: z.coerce.number().min(0.01).max(1_000_000_000).default(25_000),
  /**
   * Issue #37: the same limits for a member of a trade account (a company the shop's admin opened), who checks out
   * a pasted parts list of hundreds of lines at once. Never below the customer's limits.
   */
  TRADE_MAX_UNPAID_LINES: z.coerce.number().int().min(1).max(10_000).default(500),
  TRADE_MAX_UNPAID_UNITS: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000),
  TRADE_MAX_UNPAID_VALUE_DOLLARS: z.coerce.number().min(0.01).max(1_000_000_000).default(250_000),
  /** How often each API process sweeps expired reservations, in seconds (0 = only when orders are read or paid). */
  EXPIRY_SWEEP_SECONDS: z.coerce.number().min(0).max(3600).default(30),
});

export type Env = z.infer<typeof envSchema>;
/** Settings whose default depends on NODE_ENV are resolved by loadConfig. */
type ResolvedDefaults = 'PAYMENT_PROVIDER' | 'SEED_DEMO' | 'PAGE_RATE_LIMIT_PER_MINUTE';
export interface AppConfig extends Omit<Env, ResolvedDefaults> {
  PAYMENT_PROVIDER: 'test' | 'stripe';
  SEED_DEMO: boolean;
  /** PAGE_RATE_LIMIT_PER_MINUTE, or three times RATE_LIMIT_PER_MINUTE. */
  PAGE_RATE_LIMIT_PER_MINUTE: number;
  publicUrl: string;
  /** ADMIN_TWO_FACTOR with its environment-dependent default applied. */
  adminTwoFactor: 'required' | 'optional';
}

/** Production is where the shop faces customers: the rules of loadConfig apply there only. */
export const isProduction = (c: Pick<Env, 'NODE_ENV'>) => c.NODE_ENV === 'production';

/** Google's own OpenID discovery host: the only one production accepts for "Continue With Google". */
const GOOGLE_ACCOUNTS_HOST = 'accounts.google.com';

export class ConfigError extends Error {}

/** Parse and check configuration. Throws ConfigError with every problem listed. */
export function loadConfig(overrides: Partial<Record<keyof Env, string | number | boolean | undefined>> = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) raw[k] = typeof v === 'string' ? v : String(v);
  // Each setting is checked on its own, so one message names every problem, format and production rules alike.
  const problems: string[] = [];
  const data: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(envSchema.shape)) {
    const r = (schema as z.ZodType).safeParse(raw[key]);
    if (r.success) data[key] = r.data;
    else for (const i of r.error.issues) problems.push(`${[key, ...i.path].join('.')}: ${i.message}`);
  }
  const c = data as Env;
  if (c.NODE_ENV === 'production' && (!c.BETTER_AUTH_SECRET || c.BETTER_AUTH_SECRET.length < 32)) {
    problems.push('BETTER_AUTH_SECRET must be set to at least 32 random characters in production (e.g. `openssl rand -base64 32`).');
  }
  if (c.PAYMENT_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_PUBLISHABLE_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  // Identity (#3): Better Auth builds every link and checks every origin from these, so a typo must stop the start.
  const isOrigin = (v: string) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  };
  if (c.PUBLIC_URL && !isOrigin(c.PUBLIC_URL)) {
    problems.push(`PUBLIC_URL "${c.PUBLIC_URL}" is not a valid shop address: use the origin only, with http:// or https://, e.g. https://parts.example.com`);
  }
  if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL must be set in production (the address customers use, e.g. https://parts.example.com): sign-in links and origin checks depend on it.',
    );
  }
  for (const o of c.TRUSTED_ORIGINS.split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (!isOrigin(o)) problems.push(`TRUSTED_ORIGINS entry "${o}" is not an origin such as https://admin.example.com`);
  }
  if (c.GOOGLE_DISCOVERY_URL && !/^https?:\/\//.test(c.GOOGLE_DISCOVERY_URL)) {
    problems.push('GOOGLE_DISCOVERY_URL must be an http(s) URL of an OpenID configuration document.');
  }
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    problems.push('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither.');
  }
  problems.push(...productionProblems(c, raw));
  // Resilience (#12): test-only switches must never reach a real shop.
  if (c.NODE_ENV === 'production') {
    for (const key of Object.keys(raw).filter((k) => k.startsWith('TEST_'))) {
      if (c[key as keyof typeof c]) problems.push(`${key} is a test-only switch and is refused when NODE_ENV=production.`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const adminTwoFactor = c.ADMIN_TWO_FACTOR ?? (isProduction(c) ? 'required' : 'optional');
  return {
    ...c,
    PAYMENT_PROVIDER: c.PAYMENT_PROVIDER ?? 'test',
    SEED_DEMO: c.SEED_DEMO ?? !isProduction(c),
    PAGE_RATE_LIMIT_PER_MINUTE: c.PAGE_RATE_LIMIT_PER_MINUTE ?? c.RATE_LIMIT_PER_MINUTE * 3,
    publicUrl,
    adminTwoFactor,
  };
}

/**
 * The rules of a live shop (issue #7, decision 070): no payment processor,
 * mail transport or test switch is ever chosen by default in production.
 */
function productionProblems(c: Env, raw: Record<string, unknown>): string[] {
  if (!isProduction(c)) return [];
  const problems: string[] = [];
  if (!c.PAYMENT_PROVIDER && raw.PAYMENT_PROVIDER === undefined) {
    problems.push(
      'PAYMENT_PROVIDER must be set in production: stripe (with its three keys), or test together with ALLOW_TEST_PAYMENTS=true for a shop that takes no real payments.',
    );
  }
  if (c.PAYMENT_PROVIDER === 'test' && !c.ALLOW_TEST_PAYMENTS) {
    problems.push('PAYMENT_PROVIDER=test takes no real money: in production it needs ALLOW_TEST_PAYMENTS=true (every page then shows a test-mode banner).');
  }
  if (!c.SMTP_URL && !c.MAIL_OUTBOX) {
    problems.push(
      'SMTP_URL must be set in production so verification, password-reset and receipt e-mails reach customers (or set MAIL_OUTBOX=true to keep them in DATA_DIR/outbox on purpose).',
    );
  }
  if (c.STRIPE_API_BASE) problems.push('STRIPE_API_BASE is only for tests against a fake Stripe server: remove it in production.');
  if (raw.AUTH_RATE_LIMIT !== undefined && c.AUTH_RATE_LIMIT === false) {
    problems.push('AUTH_RATE_LIMIT=false would turn the sign-in rate limit off: it is refused in production (remove it).');
  }
  if (c.GOOGLE_DISCOVERY_URL && URL.canParse(c.GOOGLE_DISCOVERY_URL)) {
    const u = new URL(c.GOOGLE_DISCOVERY_URL);
    if (u.protocol !== 'https:' || u.hostname !== GOOGLE_ACCOUNTS_HOST) {
      problems.push(
        `GOOGLE_DISCOVERY_URL points at ${u.host}: in production "Continue With Google" must use Google's own ${GOOGLE_ACCOUNTS_HOST} (remove it).`,
      );
    }
  }
  return problems;
}
