import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillAddress, OREGON } from '../support/checkout';
import { expect, screenshot, settle, test } from '../support/fixtures';
import { newCustomerPage } from '../support/orders-helpers';

/**
 * Issue #39 item 5: a US ZIP code that is not in the chosen state (10001, New York, with Texas) is refused under the
 * ZIP code field, by the same shared rule the API applies at checkout; the state's own ZIP code is saved.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

test('the address book refuses a ZIP code of another state, naming the state chosen', async ({ browser }) => {
  const { context, page } = await newCustomerPage(browser, 'zipstate');
  try {
    await page.goto('/profile');
    const book = page.getByRole('region', { name: 'Address book' });
    await book.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    await fillAddress(dialog, { ...OREGON, city: 'Austin', region: 'Texas', postalCode: '10001' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    const zip = dialog.getByLabel('ZIP code');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(zip).toHaveAccessibleDescription('ZIP code 10001 is not in Texas.');
    await expect(dialog.getByText('ZIP code 10001 is not in Texas.')).toBeVisible();

    if (process.env.SCREENSHOTS === '1') {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await zip.scrollIntoViewIfNeeded();
          await settle(page);
          await screenshot(page, { path: path.join(shots, `address-zip-state-${width}-${theme}.png`), animations: 'disabled' });
        }
      }
    }

    await zip.fill('78701');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved to your address book.')).toBeVisible();
    await expect(book.getByText('Austin, TX 78701')).toBeVisible();
  } finally {
    await context.close();
  }
});
