import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, publicPages, settle, test, useTheme, type Theme } from '../support/fixtures';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const themes: Theme[] = ['light', 'dark'];
const viewports = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
];

/** axe's findings as short lines a person can act on. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  // A page that did not render would pass with nothing to check.
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n    ')}`,
  );
}

// axe needs a page of its own context (STACK-NOTES): one context per page and theme.
async function openPage(browser: Browser, theme: Theme, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
  await useTheme(context, theme);
  return { context, page: await context.newPage() };
}

for (const theme of themes) {
  for (const viewport of viewports) {
    test.describe(`accessibility, ${theme} theme, ${viewport.label}`, () => {
      for (const p of publicPages) {
        test(`${p.path} has no WCAG 2.1 AA violations`, async ({ browser }) => {
          const { context, page } = await openPage(browser, theme, viewport);
          try {
            await page.goto(p.path);
            await expect(p.ready(page)).toBeVisible();
            await settle(page);
            await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
            expect(await violations(page)).toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    });
  }

  test(`the home contact form with its error messages, and the open phone menu, ${theme} theme`, async ({ browser }) => {
    const { context, page } = await openPage(browser, theme, viewports[0]);
    try {
      await page.goto('/');
      await settle(page);
      const contact = page.getByRole('region', { name: copy.home.contactTitle });
      await contact.getByRole('button', { name: 'SEND US' }).click();
      await expect(contact.getByText('Email is Required')).toBeVisible();
      await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
      await page.getByRole('button', { name: copy.nav.openMenu }).click();
      await expect(page.getByRole('navigation', { name: copy.storefront.mobileNav })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// The footer's theme select (issue #13): switched through the control itself, then the whole page checked.
for (const theme of themes) {
  for (const viewport of viewports) {
    test(`the footer theme select and the page it switched to ${theme}, ${viewport.label}`, async ({ browser }) => {
      const { context, page } = await openPage(browser, theme === 'dark' ? 'light' : 'dark', viewport);
      try {
        await page.goto('/');
        await settle(page);
        const select = page.getByRole('contentinfo').getByRole('combobox', { name: copy.theme.selectLabel });
        await select.selectOption(theme);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await select.focus();
        expect(await violations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
