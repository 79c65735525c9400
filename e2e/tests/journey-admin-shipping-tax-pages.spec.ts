import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';

/**
 * Issue #24 item 5: the admin's Shipping and Tax pages, WCAG 2.1 AA in both themes, no sideways scroll, and
 * screenshots at phone and desktop width. They only read and open forms, so they run with the other journeys;
 * the journey that changes zones, rates and the shop-wide tax setting (journey-admin-shipping-tax) runs alone.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(10);
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

for (const { theme, viewport: width } of looks(['light', 'dark'], [375, 1280])) {
  test(`Shipping and Tax pages at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      // The page's own content stays inside the window: wide tables scroll inside their card. (At 375 px the
      // shop's navbar itself is wider than the window; that is not these pages' to fix.)
      const noSidewaysScroll = async (what: string, title: string) =>
        expect(
          await page.evaluate((id) => {
            const section = document.querySelector(`section[aria-labelledby="${id}"]`)!;
            return Math.max(section.scrollWidth - section.clientWidth, section.getBoundingClientRect().right - document.documentElement.clientWidth);
          }, title),
          `${what} scrolls sideways`,
        ).toBeLessThanOrEqual(0);
      const file = (name: string) => path.join(shots, `admin-${name}-${width}-${theme}.png`);
      const shot = (name: string) => screenshot(page, { path: file(name), fullPage: true, animations: 'disabled' });
      // A dialog is drawn over the window, not the whole page.
      const dialogShot = (name: string) => screenshot(page, { path: file(name), animations: 'disabled' });

      await page.goto('/dashboard/shipping');
      // A table from 640 px, one block per method on a phone.
      await expect(page.getByRole('region', { name: 'United States' }).getByRole('button', { name: 'Edit Standard (United States)' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'United States' }).getByRole(width < 640 ? 'list' : 'table', { name: 'Shipping methods of United States' }),
      ).toBeVisible();
      await settle(page);
      await noSidewaysScroll('shipping', 'shipping-title');
      found.push(...(await axe(page, 'shipping')));
      await shot('shipping');

      // The method form of a seeded method, and the zone form of a new zone with a country ticked.
      await page.getByRole('button', { name: 'Edit Standard (United States)' }).click();
      const methodDialog = page.getByRole('dialog', { name: 'Edit Standard' });
      await expect(methodDialog.getByRole('group', { name: 'Band 5' })).toBeVisible();
      await methodDialog.getByRole('textbox', { name: 'Carrier' }).fill('');
      await methodDialog.getByRole('group', { name: 'Band 2' }).getByRole('spinbutton', { name: 'Price ($)' }).fill('');
      await methodDialog.getByRole('button', { name: 'Save method' }).click();
      await expect(methodDialog.getByText('The method needs a carrier')).toBeVisible();
      found.push(...(await axe(page, 'method form')));
      await dialogShot('shipping-method-form');
      await methodDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(methodDialog).toBeHidden();

      await page.getByRole('button', { name: 'Add zone' }).click();
      const zoneDialog = page.getByRole('dialog', { name: 'Add a shipping zone' });
      await zoneDialog.getByRole('checkbox', { name: 'Canada', exact: true }).check();
      await expect(zoneDialog.getByRole('group', { name: 'Regions of Canada' })).toBeVisible();
      found.push(...(await axe(page, 'zone form')));
      await dialogShot('shipping-zone-form');
      await page.keyboard.press('Escape');
      await expect(zoneDialog).toBeHidden();

      await page.goto('/dashboard/tax');
      await expect(page.getByRole('region', { name: 'Tax rates' }).getByRole('button', { name: 'Edit rate Austria (Standard)' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tax rates' }).getByRole(width < 640 ? 'list' : 'table', { name: /^Tax rates \(\d+\)$/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Prices and tax' }).getByRole('status')).toBeVisible();
      await settle(page);
      await noSidewaysScroll('tax', 'tax-title');
      found.push(...(await axe(page, 'tax')));
      await shot('tax');

      await page.getByRole('region', { name: 'Tax rates' }).getByRole('button', { name: 'Add rate' }).click();
      const rateDialog = page.getByRole('dialog', { name: 'Add a tax rate' });
      await rateDialog.getByRole('combobox', { name: 'Country' }).selectOption('US');
      await rateDialog.getByRole('button', { name: 'Add rate' }).click();
      await expect(rateDialog.getByText('Enter the rate in percent.')).toBeVisible();
      found.push(...(await axe(page, 'rate form')));
      await dialogShot('tax-rate-form');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
