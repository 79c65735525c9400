import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fillAddress, OREGON, type ShipTo } from '../support/checkout';
import { expect, screenshot, settle, test, type Theme } from '../support/fixtures';
import { newAdminPage, newCustomerPage, type ProductDto } from '../support/orders-helpers';

/**
 * Issue #24: a workshop keeps its addresses in the profile's address book; the
 * checkout starts from the default one. An admin marks the workshop tax-exempt
 * with its VAT number on the users page, and its checkout charges no tax.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// $249 at its minimum order; Tennessee taxes it 7 %: $17.43 (journey-checkout-shipping-tax works the same line out).
const PART = 'Sintered Front Brake Pads – Pair';

const TENNESSEE: ShipTo = {
  name: 'Sam Okafor',
  company: 'Music City Motorcycles',
  country: 'United States',
  line1: '500 Broadway',
  city: 'Nashville',
  region: 'Tennessee',
  postalCode: '37203',
  phone: '+1 615 555 0100',
};
const VAT_NUMBER = 'DE123456789';

const addressBook = (page: Page) => page.getByRole('region', { name: 'Address book' });
const savedList = (page: Page) => addressBook(page).getByRole('list', { name: 'Your saved addresses' });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function themed(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await expect(savedList(page).getByRole('listitem')).toHaveCount(2);
  await settle(page);
}

test('a workshop keeps two addresses, checks out from its default, and pays no tax once an admin marks it exempt', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, customer } = await newCustomerPage(browser, 'addressbook');
  const admin = await newAdminPage(browser);
  try {
    await page.goto('/profile');
    await expect(addressBook(page).getByText('You have no saved addresses yet.')).toBeVisible();

    // The first address, with a ZIP code that is not one: the message shows under the field, nothing is saved.
    await addressBook(page).getByRole('button', { name: 'Add address' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add an address' });
    await fillAddress(dialog, { ...OREGON, postalCode: 'ABCDE' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    const zip = dialog.getByLabel('ZIP code');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(zip).toHaveAccessibleDescription(/Enter a valid ZIP code for United States, for example/);
    await expect(dialog.getByText(/Enter a valid ZIP code for United States, for example/)).toBeVisible();
    await expect(dialog.getByText('Please correct the fields marked in red.')).toBeVisible();
    expect(await axe(page, 'address form with an error')).toEqual([]);
    if (process.env.SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, { path: path.join(shots, `address-book-form-${width}-light.png`), animations: 'disabled' });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await zip.fill(OREGON.postalCode);
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved to your address book.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The first address is the default.
    const oregon = savedList(page).getByRole('listitem').filter({ hasText: OREGON.line1 });
    await expect(oregon).toContainText('Reyes Moto Works');
    await expect(oregon).toContainText('Portland, OR 97214');
    await expect(oregon).toContainText('Phone +1 503 555 0142');
    await expect(oregon.getByText('Default', { exact: true })).toBeVisible();

    // The second one, then it becomes the default.
    await addressBook(page).getByRole('button', { name: 'Add address' }).click();
    dialog = page.getByRole('dialog', { name: 'Add an address' });
    await fillAddress(dialog, TENNESSEE);
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    await expect(savedList(page).getByRole('listitem')).toHaveCount(2);
    const tennessee = savedList(page).getByRole('listitem').filter({ hasText: TENNESSEE.line1 });
    await expect(tennessee.getByText('Default', { exact: true })).toHaveCount(0);
    await tennessee.getByRole('button', { name: 'Make default Music City Motorcycles, 500 Broadway' }).click();
    await expect(page.getByText('Music City Motorcycles, 500 Broadway is now your default address.')).toBeVisible();
    await expect(tennessee.getByText('Default', { exact: true })).toBeVisible();
    await expect(oregon.getByText('Default', { exact: true })).toHaveCount(0);
    await expect(savedList(page).getByRole('listitem').first()).toContainText(TENNESSEE.name);
    await expect(oregon.getByRole('button', { name: 'Make default Reyes Moto Works, 1200 SE Morrison St' })).toBeVisible();

    // The profile in both themes: WCAG 2.1 AA, the delete question too, and how it looks on a phone and a desktop.
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await themed(page, theme);
      found.push(...(await axe(page, `profile, ${theme}`)));
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        await screenshot(page, { path: path.join(shots, `address-book-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
        await screenshot(addressBook(page), { path: path.join(shots, `address-book-card-${width}-${theme}.png`), animations: 'disabled' });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await oregon.getByRole('button', { name: 'Delete Reyes Moto Works, 1200 SE Morrison St' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
      await expect(confirm).toContainText('Reyes Moto Works, 1200 SE Morrison St will be removed from your address book.');
      found.push(...(await axe(page, `delete question, ${theme}`)));
      await confirm.getByRole('button', { name: 'Cancel' }).last().click();
      await expect(confirm).toBeHidden();
    }
    expect(found).toEqual([]);
    await themed(page, 'light');

    // A part in the cart; the checkout starts from the default address and shows how it can ship there.
    const part = ((await (await page.request.get('/api/products')).json()) as ProductDto[]).find((p) => p.name === PART)!;
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill(String(part.minOrder));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`units of ${part.name} are in your cart.`)).toBeVisible();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Check out' }).click();
    const saved = page.getByRole('group', { name: 'Saved addresses' });
    await expect(saved.getByRole('radio')).toHaveCount(3);
    await expect(saved.getByRole('radio', { name: /Sam Okafor/ })).toBeChecked();
    await expect(saved.getByRole('radio', { name: /Dana Reyes/ })).not.toBeChecked();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    const methods = page.getByRole('group', { name: 'Shipping method' });
    await expect(methods.getByRole('radio').first()).toBeChecked();
    await expect(summary(page)).toContainText('Tax$17.43');
    await expect(summary(page)).toContainText('Total$266.43');

    // The admin marks the workshop tax-exempt with its VAT number.
    await admin.page.goto('/dashboard/makeAdmin');
    const row = admin.page.getByRole('table', { name: 'Make Admin' }).getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Pays tax');
    await row.getByRole('button', { name: /Tax exemption…/ }).click();
    const tax = admin.page.getByRole('dialog', { name: 'Tax exemption' });
    await expect(tax).toContainText(customer.email);
    await tax.getByRole('checkbox', { name: 'Tax-exempt business customer' }).check();
    await tax.getByRole('textbox', { name: 'VAT or resale number' }).fill(VAT_NUMBER);
    expect(await axe(admin.page, 'tax exemption dialog')).toEqual([]);
    if (process.env.SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await admin.page.setViewportSize({ width, height: 900 });
        await screenshot(admin.page, { path: path.join(shots, `tax-exemption-dialog-${width}-light.png`), animations: 'disabled' });
      }
      await admin.page.setViewportSize({ width: 1280, height: 900 });
    }
    await tax.getByRole('button', { name: 'Save' }).click();
    await expect(admin.page.getByText(`${customer.name} is now tax-exempt (${VAT_NUMBER}).`)).toBeVisible();
    await expect(tax).toBeHidden();
    await expect(row.getByText(`Tax exempt · ${VAT_NUMBER}`)).toBeVisible();
    expect(await axe(admin.page, 'users page')).toEqual([]);
    if (process.env.SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await admin.page.setViewportSize({ width, height: 900 });
        await settle(admin.page);
        await screenshot(admin.page, { path: path.join(shots, `tax-exemption-users-${width}-light.png`), fullPage: true, animations: 'disabled' });
      }
    }

    // The workshop's checkout, to taxed Tennessee, now charges no tax.
    await page.reload();
    await expect(saved.getByRole('radio', { name: /Sam Okafor/ })).toBeChecked();
    await expect(methods.getByRole('radio').first()).toBeChecked();
    await expect(summary(page)).toContainText('Tax exempt$0.00');
    await expect(summary(page)).toContainText('Total$249.00');
    if (process.env.SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        await screenshot(page, { path: path.join(shots, `address-book-checkout-exempt-${width}-light.png`), fullPage: true, animations: 'disabled' });
      }
    }
  } finally {
    await admin.context.close();
    await context.close();
  }
});
