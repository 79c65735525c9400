import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copy } from '@shop/shared/copy';
import { expect, publicPages, settle, test, useTheme, type Theme } from '../support/fixtures';

/**
 * Full-page screenshots of every public screen at phone and desktop width in
 * both themes, for people to look at (e2e/screenshots is git-ignored; the
 * README copies one into docs/). Each one checks the page has no horizontal
 * overflow, the usual sign of a broken phone layout.
 */
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const themes: Theme[] = ['light', 'dark'];

for (const p of publicPages) {
  for (const theme of themes) {
    for (const viewport of widths) {
      test(`${p.name} at ${viewport.width}px, ${theme}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
        await useTheme(context, theme);
        const page = await context.newPage();
        try {
          await page.goto(p.path);
          await expect(p.ready(page)).toBeVisible();
          await settle(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(outDir, `${p.name}-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
        } finally {
          await context.close();
        }
      });
    }
  }
}

// The footer's theme select (issue #13), chosen through the control itself, open to inspection at both widths.
for (const theme of themes) {
  for (const viewport of widths) {
    test(`footer with the theme select at ${viewport.width}px, ${theme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme === 'dark' ? 'light' : 'dark' });
      const page = await context.newPage();
      try {
        await page.goto('/');
        await settle(page);
        const footer = page.getByRole('contentinfo');
        const select = footer.getByRole('combobox', { name: copy.theme.selectLabel });
        await select.selectOption(theme);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await select.focus();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
        // What a shopper sees at the bottom of the page (an element shot would paint the sticky navbar over the footer).
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(select).toBeInViewport();
        await page.screenshot({ path: path.join(outDir, `footer-theme-select-${viewport.width}-${theme}.png`), animations: 'disabled' });
      } finally {
        await context.close();
      }
    });
  }
}
