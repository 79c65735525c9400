import { afterEach, describe, expect, it } from 'vitest';
import { authCopy } from '@shop/shared/copy/auth';
import { render, setServerFetch } from '../../entry-server';

/**
 * Issue #39 item 8: 'Continue With Google' is offered only when the shop has Google credentials. The pages are
 * rendered on the server (entry-server, as the API process does), with the shop's GET /api/auth-config answer.
 */
function shopAnswering(google: boolean) {
  const asked: string[] = [];
  setServerFetch(async (url) => {
    const path = new URL(String(url), 'http://shop.test').pathname;
    asked.push(path);
    if (path === '/api/auth-config') return Response.json({ emailPassword: true, google });
    if (path === '/api/payment-config') return Response.json({ provider: 'stripe', testModeBanner: false });
    if (path === '/api/shop-links') return Response.json({ social: [] });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  });
  return asked;
}

async function page(path: string) {
  const result = await render(new Request(`http://shop.test${path}`, { headers: { accept: 'text/html' } }));
  if (result instanceof Response) throw new Error(`${path} answered ${result.status}`);
  return result;
}

afterEach(() => setServerFetch(null));

describe('Continue With Google in the server-rendered sign-in and sign-up pages', () => {
  for (const path of ['/login', '/register']) {
    it(`${path} has no Google button (and no "or" before it) when Google is not configured`, async () => {
      const asked = shopAnswering(false);
      const { html, status } = await page(path);
      expect(status, asked.join()).toBe(200);
      expect(asked).toContain('/api/auth-config');
      // The page itself rendered (its form is there), only Google is left out.
      expect(html).toContain('type="password"');
      expect(html).not.toContain(authCopy.google);
      expect(html).not.toContain(`>${authCopy.or}<`);
    });

    it(`${path} offers Continue With Google when Google is configured`, async () => {
      shopAnswering(true);
      const { html } = await page(path);
      expect(html).toContain(authCopy.google);
    });
  }
});
