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
    expect(loadConfig({}, { ...prod, BETTER_AUTH_SECRET: 'k'.repeat(32) }).NODE_ENV).toBe('production');
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
