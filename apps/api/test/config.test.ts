import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';

// An explicit environment, so the machine's own variables never change the outcome.
const base = { DATA_DIR: '/tmp/shop-config-test' };

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts a development shop with sensible defaults', () => {
    const c = loadConfig({}, base);
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PAYMENT_PROVIDER: 'test',
      SEED_DEMO: true,
      RATE_LIMIT_PER_MINUTE: 600,
      ACCESS_TOKEN_TTL_SECONDS: 900,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.WEB_DIST).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads the environment, ignores empty values and lets explicit overrides win', () => {
    const c = loadConfig({ PORT: 4100 }, { ...base, PORT: '5000', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: 'no' });
    expect(c.PORT).toBe(4100);
    expect(c.LOG_LEVEL).toBe('warn');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO).toBe(false);
    expect(c.publicUrl).toBe('http://localhost:4100');
  });

  it('uses PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({}, { ...base, PUBLIC_URL: 'https://parts.example.com/' }).publicUrl).toBe('https://parts.example.com');
  });

  it('refuses production without BETTER_AUTH_SECRET, or with a short one, with a clear ConfigError', () => {
    const prod = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example.com' };
    const missing = configError(() => loadConfig({}, prod));
    expect(missing.message).toMatch(/^Invalid configuration:/);
    expect(missing.message).toContain('BETTER_AUTH_SECRET must be set to at least 32 random characters in production');
    const short = configError(() => loadConfig({}, { ...prod, BETTER_AUTH_SECRET: 'too-short' }));
    expect(short.message).toContain('BETTER_AUTH_SECRET');
    const live = { ...prod, PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true', MAIL_OUTBOX: 'true' };
    expect(loadConfig({}, { ...live, BETTER_AUTH_SECRET: 'k'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it.each(['not a url', 'parts.example.com', 'https://parts.example.com/shop', 'ftp://parts.example.com'])(
    'refuses the malformed PUBLIC_URL %j',
    (PUBLIC_URL) => {
      const err = configError(() => loadConfig({}, { ...base, PUBLIC_URL }));
      expect(err.message).toMatch(/PUBLIC_URL/);
    },
  );

  it('lists every wrong setting at once, by name', () => {
    const err = configError(() =>
      loadConfig({}, { ...base, PORT: 'eighty', NODE_ENV: 'staging', LOG_LEVEL: 'loud', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe' }),
    );
    for (const name of ['PORT', 'NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'SEED_DEMO']) expect(err.message).toContain(`- ${name}:`);
    expect(err.message).toContain('DATABASE_URL must be a full URL');
  });

  it('refuses a port out of range and a token lifetime under a minute', () => {
    expect(configError(() => loadConfig({}, { ...base, PORT: '70000' })).message).toContain('PORT');
    expect(configError(() => loadConfig({}, { ...base, ACCESS_TOKEN_TTL_SECONDS: '30' })).message).toContain('ACCESS_TOKEN_TTL_SECONDS');
  });

  it('takes a relative DATA_DIR from the repository root, whatever the working directory (npm start and make-admin alike)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const cwd = process.cwd();
    try {
      // `npm start` runs from the root, `npm run make-admin` inside apps/api; a third folder for good measure.
      for (const dir of [root, path.join(root, 'apps', 'api'), os.tmpdir()]) {
        process.chdir(dir);
        expect(loadConfig({}, { DATA_DIR: 'shop-data' }).DATA_DIR).toBe(path.join(root, 'shop-data'));
        expect(loadConfig({}, { DATA_DIR: './var/shop' }).DATA_DIR).toBe(path.join(root, 'var', 'shop'));
        expect(loadConfig({}, {}).DATA_DIR).toBe(path.join(root, 'data'));
      }
    } finally {
      process.chdir(cwd);
    }
    // An absolute one is kept as it is.
    expect(loadConfig({}, base).DATA_DIR).toBe(path.resolve('/tmp/shop-config-test'));
  });

  it('needs every Stripe key when the Stripe provider is chosen', () => {
    const err = configError(() => loadConfig({}, { ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }));
    expect(err.message).toContain('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    const ok = loadConfig(
      {},
      { ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    );
    expect(ok.PAYMENT_PROVIDER).toBe('stripe');
    expect(configError(() => loadConfig({}, { ...base, PAYMENT_PROVIDER: 'paypal' })).message).toContain('PAYMENT_PROVIDER');
  });
});

describe('production refuses unsafe configuration (issue #7)', () => {
  // What a shop owner following the old README would set: nothing about payments or mail.
  const minimal = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://parts.example.com', BETTER_AUTH_SECRET: 'k'.repeat(32) };
  const safe = {
    ...minimal,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  };

  it('names PAYMENT_PROVIDER and SMTP_URL in one message when only the old minimum is set', () => {
    const err = configError(() => loadConfig({}, minimal));
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toContain('PAYMENT_PROVIDER must be set in production');
    expect(err.message).toContain('SMTP_URL must be set in production');
  });

  it('accepts a live shop with Stripe and SMTP, without demo data by default', () => {
    const c = loadConfig({}, safe);
    expect(c).toMatchObject({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe', SEED_DEMO: false, ALLOW_TEST_PAYMENTS: false, MAIL_OUTBOX: false });
    expect(loadConfig({}, { ...safe, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('refuses the test processor in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const err = configError(() => loadConfig({}, { ...safe, PAYMENT_PROVIDER: 'test' }));
    expect(err.message).toContain('PAYMENT_PROVIDER=test takes no real money: in production it needs ALLOW_TEST_PAYMENTS=true');
    expect(configError(() => loadConfig({}, { ...safe, PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'false' })).message).toContain('ALLOW_TEST_PAYMENTS');
    const c = loadConfig({}, { ...safe, PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' });
    expect(c.PAYMENT_PROVIDER).toBe('test');
    expect(c.ALLOW_TEST_PAYMENTS).toBe(true);
  });

  it('keeps e-mails in the outbox in production only when MAIL_OUTBOX=true says so', () => {
    const { SMTP_URL: _smtp, ...noSmtp } = safe;
    expect(configError(() => loadConfig({}, noSmtp)).message).toContain('SMTP_URL must be set in production');
    expect(configError(() => loadConfig({}, { ...noSmtp, MAIL_OUTBOX: 'false' })).message).toContain('SMTP_URL');
    expect(loadConfig({}, { ...noSmtp, MAIL_OUTBOX: 'true' }).MAIL_OUTBOX).toBe(true);
  });

  it.each([
    ['STRIPE_API_BASE', 'http://127.0.0.1:12111', 'STRIPE_API_BASE is only for tests'],
    ['AUTH_RATE_LIMIT', 'false', 'AUTH_RATE_LIMIT=false would turn the sign-in rate limit off'],
    ['AUTH_RATE_LIMIT', '0', 'AUTH_RATE_LIMIT=false'],
    ['GOOGLE_DISCOVERY_URL', 'http://127.0.0.1:9000/.well-known/openid-configuration', 'GOOGLE_DISCOVERY_URL points at 127.0.0.1:9000'],
    ['GOOGLE_DISCOVERY_URL', 'https://evil.example/.well-known/openid-configuration', 'GOOGLE_DISCOVERY_URL points at evil.example'],
  ])('refuses the test-only switch %s=%s in production', (name, value, message) => {
    expect(configError(() => loadConfig({}, { ...safe, [name]: value })).message).toContain(message);
    // The same switch stays available to tests and development.
    expect(() => loadConfig({}, { ...base, [name]: value })).not.toThrow();
  });

  it('accepts Google’s own discovery document and a forced-on rate limit in production', () => {
    const c = loadConfig({}, { ...safe, AUTH_RATE_LIMIT: 'true', GOOGLE_DISCOVERY_URL: 'https://accounts.google.com/.well-known/openid-configuration' });
    expect(c.AUTH_RATE_LIMIT).toBe(true);
  });

  it('lists format errors and production rules together in one message', () => {
    const err = configError(() => loadConfig({}, { ...minimal, PORT: 'eighty', STRIPE_API_BASE: 'http://127.0.0.1:1' }));
    for (const text of ['- PORT:', 'PAYMENT_PROVIDER must be set', 'SMTP_URL must be set', 'STRIPE_API_BASE is only for tests'])
      expect(err.message).toContain(text);
  });

  it('keeps development defaults: the test processor, the outbox and the demo data', () => {
    expect(loadConfig({}, base)).toMatchObject({ PAYMENT_PROVIDER: 'test', SEED_DEMO: true, ALLOW_TEST_PAYMENTS: false, MAIL_OUTBOX: false });
    expect(loadConfig({}, { ...base, NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('test');
  });
});
