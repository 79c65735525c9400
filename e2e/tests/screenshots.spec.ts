import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
