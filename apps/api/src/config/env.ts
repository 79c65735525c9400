import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only module that reads process.env. */
const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../../..');

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
  /** Where the embedded database, the mail outbox and generated secrets live. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** The public origin of the shop, e.g. https://parts.example.com. Default http://localhost:PORT. */
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  /** Extra origins allowed to call the API with credentials (comma separated). */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Secret that signs sessions. Required in production; in development a random one is kept in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** OpenID discovery URL for the Google button (tests point it at a local provider). */
  GOOGLE_DISCOVERY_URL: optionalUrl('GOOGLE_DISCOVERY_URL'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Only for tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().default('Torque & Throttle Parts <no-reply@torque-throttle.example>'),
  REDIS_URL: optionalUrl('REDIS_URL'),
  /** Seed the demo catalogue, reviews and accounts into an empty database. */
  SEED_DEMO: bool.default(true),
  /** Built web app to serve. Default apps/web/dist. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Rate limit for the whole API, requests per minute per client. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
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
});

export type Env = z.infer<typeof envSchema>;
export interface AppConfig extends Env {
  publicUrl: string;
}

export class ConfigError extends Error {}

/** Parse and check configuration. Throws ConfigError with every problem listed. */
export function loadConfig(overrides: Partial<Record<keyof Env, string | number | boolean | undefined>> = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) raw[k] = typeof v === 'string' ? v : String(v);
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
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
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return { ...c, publicUrl };
}
