import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage, newCustomerPage } from '../support/orders-helpers';
import { linkFromMail, readMails } from '../support/identity-outbox';

/**
 * Issue #39 (decision 186): the footer's newsletter is double opt-in. A visitor subscribes, opens the confirmation
 * link of the e-mail, is confirmed, then unsubscribes from the e-mail's unsubscribe link; the admin sees each step
 * on Subscribers. WCAG 2.1 AA in both themes, screenshots at 390 and 1280 px.
 */
// Each test walks several pages and two browser contexts; a machine shared by many runs needs more than 60 s for that.
test.describe.configure({ timeout: 240_000 });

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const t = newsletterCopy;
const unique = (tag: string) => `news-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const CONFIRM_SUBJECT = /^Confirm your .+ newsletter subscription$/;

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(5);
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

/** The footer's box, as a visitor uses it: the address, Subscribe, and the toast that says to check the inbox. */
async function subscribeInFooter(page: Page, email: string) {
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel(copy.storefront.newsletterEmailLabel).fill(email);
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter' && r.request().method() === 'POST');
  await footer.getByRole('button', { name: copy.footer.subscribe }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('alert').filter({ hasText: copy.toasts.newsletterSubscribed })).toBeVisible();
  await expect(footer.getByLabel(copy.storefront.newsletterEmailLabel)).toHaveValue('');
}

/** The unsubscribe link in the text of the newest newsletter e-mail to `email`. */
function unsubscribeLink(email: string): URL {
  const mail = readMails(email)
    .filter((m) => CONFIRM_SUBJECT.test(m.subject))
    .at(-1)!;
  return new URL(mail.text.match(/Unsubscribe: (\S+)/)![1]);
}

/** The admin's row (a table at 768 px and wider, a card on a phone) for `email`, found through the search. */
async function adminSees(page: Page, email: string, status: string) {
  await page.goto(`/dashboard/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText(status);
  return row;
}

test('a visitor subscribes in the footer, confirms from the e-mail, unsubscribes from its link; the admin sees each status', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = unique('journey');
  await page.goto('/products');
  await subscribeInFooter(page, email);

  // The e-mail's first link confirms; it also carries the unsubscribe link and the one-click headers.
  const { mail, link } = await linkFromMail(email, CONFIRM_SUBJECT);
  expect(link.pathname).toBe('/newsletter/confirm');
  const headers = (mail as typeof mail & { headers?: Record<string, string> }).headers;
  expect(headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=[0-9a-f]{64}>$/);

  const { page: admin, context } = await newAdminPage(browser);
  try {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await adminSees(admin, email, t.statusPending);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: t.confirmedHeading })).toBeVisible();
    await expect(page.getByText(t.confirmed(email))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.confirmedHeading })).toBeFocused();
    // The link worked once.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t.confirmFailedHeading })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /already used/ })).toBeVisible();

    const confirmedRow = await adminSees(admin, email, t.statusConfirmed);
    await expect(confirmedRow.getByRole('cell').nth(2)).not.toHaveText('—');

    // Subscribing a confirmed address again: the same toast, and no second e-mail.
    await page.goto('/');
    await subscribeInFooter(page, email);
    await adminSees(admin, email, t.statusConfirmed);
    expect(readMails(email).filter((m) => CONFIRM_SUBJECT.test(m.subject))).toHaveLength(1);

    const unsubscribe = unsubscribeLink(email);
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(page.getByRole('heading', { level: 1, name: t.unsubscribeTitle })).toBeVisible();
    await page.getByRole('button', { name: t.unsubscribeButton }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.unsubscribedHeading })).toBeFocused();
    await expect(page.getByText(t.unsubscribed(email))).toBeVisible();

    const leftRow = await adminSees(admin, email, t.statusUnsubscribed);
    await expect(leftRow.getByRole('cell').nth(3)).not.toHaveText('—');
    // The status tabs filter too.
    await admin.getByRole('tab', { name: /^Unsubscribed/ }).click();
    await expect(admin).toHaveURL(/status=unsubscribed/);
    await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(1);
    await admin.getByRole('tab', { name: /^Confirmed/ }).click();
    await expect(admin.getByRole('tab', { name: /^Confirmed/ })).toHaveAttribute('aria-selected', 'true');
    await expect(admin.getByText(t.emptyFiltered)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a customer sees that Subscribers is for admins only, and the API refuses them and a visitor', async ({ browser, request }) => {
  const { page, context } = await newCustomerPage(browser, 'subscribers');
  try {
    await page.goto('/dashboard/subscribers');
    await expect(page.getByRole('alert').getByRole('heading', { name: copy.auth.adminOnlyTitle })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: t.navLabel })).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await page.request.get('/api/newsletter/subscribers', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    expect((await request.get('/api/newsletter/subscribers')).status()).toBe(401);
  } finally {
    await context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the confirmation, unsubscribe and Subscribers pages at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({
    page,
    browser,
  }) => {
    const file = (name: string) => path.join(shots, `newsletter-${name}-${width}-${theme}.png`);
    const noSidewaysScroll = async (p: Page) =>
      expect(
        await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'the page scrolls sideways',
      ).toBeLessThanOrEqual(0);
    await useTheme(page.context(), theme);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];

    const email = unique(`${width}-${theme}`);
    await page.goto('/');
    await subscribeInFooter(page, email);
    const { link } = await linkFromMail(email, CONFIRM_SUBJECT);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: t.confirmedHeading })).toBeVisible();
    await settle(page);
    await noSidewaysScroll(page);
    found.push(...(await axe(page, 'confirmed')));
    await screenshot(page, { path: file('confirmed'), animations: 'disabled' });

    const unsubscribe = unsubscribeLink(email);
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(page.getByRole('button', { name: t.unsubscribeButton })).toBeVisible();
    await settle(page);
    found.push(...(await axe(page, 'unsubscribe')));
    await screenshot(page, { path: file('unsubscribe'), animations: 'disabled' });
    await page.getByRole('button', { name: t.unsubscribeButton }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.unsubscribedHeading })).toBeVisible();
    await settle(page);
    await noSidewaysScroll(page);
    found.push(...(await axe(page, 'unsubscribed')));
    await screenshot(page, { path: file('unsubscribed'), animations: 'disabled' });

    const { page: admin, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await admin.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await admin.setViewportSize({ width, height: 900 });
      await admin.goto('/dashboard/subscribers');
      await expect(admin.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
      await expect(admin.getByText(email).locator('visible=true')).toBeVisible();
      await settle(admin);
      // As on Messages: the page's own section neither scrolls sideways nor reaches past the window.
      expect(
        await admin.evaluate(() => {
          const section = document.querySelector('section[aria-labelledby="subscribers-title"]')!;
          return Math.max(section.scrollWidth - section.clientWidth, section.getBoundingClientRect().right - document.documentElement.clientWidth);
        }),
        'Subscribers scrolls sideways',
      ).toBeLessThanOrEqual(0);
      found.push(...(await axe(admin, 'subscribers')));
      await screenshot(admin, { path: file('admin'), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
