import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** Issue #39 item 8: the footer's social links go to the shop's own pages (SOCIAL_*_URL) or are not shown. */

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));

describe('GET /api/shop-links', () => {
  it('names no social page when none is configured', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/shop-links' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ social: [] });
  }, 120_000);

  it('lists only the networks whose address is set, in a fixed order', async () => {
    const t = await createTestApp({
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/torque-throttle',
      SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@torque-throttle',
    });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/shop-links' });
    expect(res.json()).toEqual({
      social: [
        { network: 'YouTube', href: 'https://www.youtube.com/@torque-throttle' },
        { network: 'Facebook', href: 'https://www.facebook.com/torque-throttle' },
      ],
    });
  }, 120_000);

  it('refuses to start with an address that is not a full URL', async () => {
    await expect(createTestApp({ SOCIAL_INSTAGRAM_URL: 'instagram.com/shop' })).rejects.toThrow(/SOCIAL_INSTAGRAM_URL must be a full URL/);
  }, 120_000);
});
