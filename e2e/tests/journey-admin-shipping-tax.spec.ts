import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';

/**
 * Issue #24 item 5: the admin changes shipping zones and methods, tax rates and the prices-include-tax setting
 * through the Shipping and Tax pages. It runs alone: the tax setting is shop-wide and every checkout reads it.
 * The pages' axe, width and screenshot checks are in journey-admin-shipping-tax-pages.spec.ts.
 */

/** An admin read of the API with the page's own token. */
async function adminGet<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface ZoneDto {
  _id: string;
  name: string;
  countries: string[];
  methods: { name: string; bands: { upToGrams: number; price: number }[]; freeOver: number | null }[];
}

test('the admin adds a shipping zone with a method, changes its price, adds a tax rate, switches the tax setting and back, and deletes the zone', async ({
  browser,
}) => {
  test.slow();
  const { page, context } = await newAdminPage(browser);
  try {
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await menu.getByRole('link', { name: 'Shipping' }).click();
    await expect(page).toHaveURL(/\/dashboard\/shipping$/);
    await expect(page.getByRole('heading', { name: 'Shipping', level: 2 })).toBeVisible();

    // The demo zones: the US standard method with its bands and free threshold.
    const us = page.getByRole('region', { name: 'United States' });
    const usStandard = us.getByRole('table', { name: 'Shipping methods of United States' }).getByRole('row', { name: /^Standard/ });
    await expect(usStandard.getByRole('listitem').first()).toHaveText('up to 1 kg: $7.99');
    await expect(usStandard).toContainText('3–5 business days');
    await expect(usStandard).toContainText('from $50.00');
    await expect(page.getByRole('region', { name: 'European Union' }).getByText('27 countries', { exact: true }).last()).toBeVisible();

    // A new zone: what is missing is said first.
    await page.getByRole('button', { name: 'Add zone' }).click();
    const zoneDialog = page.getByRole('dialog', { name: 'Add a shipping zone' });
    await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
    await expect(zoneDialog.getByText('The zone needs a name')).toBeVisible();
    await expect(zoneDialog.getByText('Tick at least one country.')).toBeVisible();
    await zoneDialog.getByRole('textbox', { name: 'Zone name' }).fill('Australia');
    await zoneDialog.getByRole('searchbox', { name: 'Find a country' }).fill('austral');
    await zoneDialog.getByRole('checkbox', { name: 'Australia', exact: true }).check();
    await expect(zoneDialog.getByRole('button', { name: 'Remove Australia' })).toBeVisible();
    await expect(zoneDialog.getByRole('group', { name: 'Regions of Australia' })).toBeVisible();
    await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
    await expect(page.getByText('Zone added: Australia')).toBeVisible();
    await expect(zoneDialog).toBeHidden();
    const au = page.getByRole('region', { name: 'Australia' });
    await expect(au.getByText('1 country · 0 methods')).toBeVisible();
    await expect(au.getByText('No methods yet: addresses in this zone are offered no delivery.')).toBeVisible();

    // A method with two weight bands, typed in kg.
    await au.getByRole('button', { name: 'Add method to Australia' }).click();
    const methodDialog = page.getByRole('dialog', { name: 'Add a method to Australia' });
    await methodDialog.getByRole('textbox', { name: 'Method name' }).fill('Standard');
    await methodDialog.getByRole('textbox', { name: 'Carrier' }).fill('Australia Post');
    await methodDialog.getByRole('spinbutton', { name: 'Fastest delivery (business days)' }).fill('3');
    await methodDialog.getByRole('spinbutton', { name: 'Slowest delivery (business days)' }).fill('6');
    const band1 = methodDialog.getByRole('group', { name: 'Band 1' });
    await band1.getByRole('spinbutton', { name: 'Up to' }).fill('1');
    await band1.getByRole('spinbutton', { name: 'Price ($)' }).fill('14.95');
    await methodDialog.getByRole('button', { name: 'Add band' }).click();
    const band2 = methodDialog.getByRole('group', { name: 'Band 2' });
    await band2.getByRole('spinbutton', { name: 'Up to' }).fill('0.5');
    await band2.getByRole('spinbutton', { name: 'Price ($)' }).fill('24.95');
    await methodDialog.getByRole('spinbutton', { name: 'Free shipping from order total ($)' }).fill('200');
    await methodDialog.getByRole('button', { name: 'Add method' }).click();
    // A lighter second band is refused with the shared rule's words, under that band.
    await expect(band2.getByRole('alert')).toHaveText('Weight bands must get heavier: band 2 must be above 1000 g');
    await band2.getByRole('spinbutton', { name: 'Up to' }).fill('5');
    await methodDialog.getByRole('button', { name: 'Add method' }).click();
    await expect(page.getByText('Method added: Standard')).toBeVisible();
    await expect(methodDialog).toBeHidden();
    const auStandard = au.getByRole('table', { name: 'Shipping methods of Australia' }).getByRole('row', { name: /^Standard/ });
    await expect(auStandard.getByRole('listitem')).toHaveText(['up to 1 kg: $14.95', 'up to 5 kg: $24.95']);
    await expect(auStandard).toContainText('Australia Post');
    await expect(auStandard).toContainText('3–6 business days');
    await expect(auStandard).toContainText('from $200.00');
    await expect(au.getByText('1 country · 1 method')).toBeVisible();

    // A cheaper first band.
    await au.getByRole('button', { name: 'Edit Standard (Australia)' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Standard' });
    await expect(editDialog.getByRole('group', { name: 'Band 1' }).getByRole('spinbutton', { name: 'Up to' })).toHaveValue('1');
    await expect(editDialog.getByRole('group', { name: 'Band 1' }).getByRole('combobox', { name: 'Unit' })).toHaveValue('kg');
    await editDialog.getByRole('group', { name: 'Band 1' }).getByRole('spinbutton', { name: 'Price ($)' }).fill('12.5');
    await editDialog.getByRole('button', { name: 'Save method' }).click();
    await expect(page.getByText('Method saved: Standard')).toBeVisible();
    await expect(auStandard.getByRole('listitem')).toHaveText(['up to 1 kg: $12.50', 'up to 5 kg: $24.95']);
    // The API has it, in grams.
    const zones = await adminGet<ZoneDto[]>(page, '/api/shipping/zones');
    const saved = zones.find((z) => z.name === 'Australia');
    expect(saved?.countries).toEqual(['AU']);
    expect(saved?.methods).toEqual([
      expect.objectContaining({
        name: 'Standard',
        bands: [
          { upToGrams: 1000, price: 12.5 },
          { upToGrams: 5000, price: 24.95 },
        ],
        freeOver: 200,
      }),
    ]);

    // Tax: a rate for Australia.
    await menu.getByRole('link', { name: 'Tax' }).click();
    await expect(page.getByRole('heading', { name: 'Tax', level: 2 })).toBeVisible();
    const ratesCard = page.getByRole('region', { name: 'Tax rates' });
    await ratesCard.getByRole('searchbox', { name: 'Filter by country or region' }).fill('Australia');
    await expect(ratesCard.getByText('No tax rate matches “Australia”.')).toBeVisible();
    await ratesCard.getByRole('button', { name: 'Add rate' }).click();
    const rateDialog = page.getByRole('dialog', { name: 'Add a tax rate' });
    await rateDialog.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Australia (AU)' });
    await expect(rateDialog.getByRole('combobox', { name: 'Region (state or territory)' })).toHaveValue('');
    await expect(rateDialog.getByRole('combobox', { name: 'Category' })).toHaveValue('standard');
    await rateDialog.getByRole('spinbutton', { name: 'Rate (%)' }).fill('10');
    await rateDialog.getByRole('checkbox', { name: 'Shipping is taxed' }).check();
    await rateDialog.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByText('Tax rate added: Australia (Standard)')).toBeVisible();
    await expect(rateDialog).toBeHidden();
    const auRate = ratesCard.getByRole('table', { name: 'Tax rates: 1 of' }).getByRole('row').filter({ hasText: 'Australia' });
    await expect(auRate.getByRole('rowheader')).toHaveText('Australia');
    await expect(auRate.getByRole('cell')).toHaveText(['Whole country', 'Standard', '10', 'Yes', 'EditDelete']);

    // The setting: including tax, then back to excluding it.
    const setting = page.getByRole('region', { name: 'Prices and tax' });
    await expect(setting.getByRole('status')).toHaveText('Now: prices are entered excluding tax (US style).');
    await expect(setting.getByRole('radio', { name: 'Excluding tax (US style)' })).toBeChecked();
    await setting.getByRole('radio', { name: 'Including tax (EU style)' }).check();
    await setting.getByRole('button', { name: 'Save setting' }).click();
    await expect(page.getByText('Saved: prices include tax')).toBeVisible();
    await expect(setting.getByRole('status')).toHaveText('Now: prices are entered including tax (EU style).');
    expect(await adminGet(page, '/api/tax/settings')).toEqual({ pricesIncludeTax: true });
    await setting.getByRole('radio', { name: 'Excluding tax (US style)' }).check();
    await setting.getByRole('button', { name: 'Save setting' }).click();
    await expect(page.getByText('Saved: prices exclude tax')).toBeVisible();
    await expect(setting.getByRole('status')).toHaveText('Now: prices are entered excluding tax (US style).');
    expect(await adminGet(page, '/api/tax/settings')).toEqual({ pricesIncludeTax: false });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Prices and tax' }).getByRole('radio', { name: 'Excluding tax (US style)' })).toBeChecked();

    // The rate goes again, after its confirmation.
    await ratesCard.getByRole('searchbox', { name: 'Filter by country or region' }).fill('australia');
    await ratesCard.getByRole('button', { name: 'Delete rate Australia (Standard)' }).click();
    const confirmRate = page.getByRole('dialog', { name: 'Delete the tax rate Australia (Standard)?' });
    await confirmRate.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tax rate deleted: Australia (Standard)')).toBeVisible();
    await expect(ratesCard.getByText('No tax rate matches “australia”.')).toBeVisible();

    // The zone goes, with its method, after its confirmation; keeping it first changes nothing.
    await menu.getByRole('link', { name: 'Shipping' }).click();
    await au.getByRole('button', { name: 'Delete zone Australia' }).click();
    const confirmZone = page.getByRole('dialog', { name: 'Delete the zone Australia?' });
    await expect(confirmZone.getByText(/^Its method goes too/)).toBeVisible();
    await confirmZone.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirmZone).toBeHidden();
    await expect(au).toBeVisible();
    await au.getByRole('button', { name: 'Delete zone Australia' }).click();
    await confirmZone.getByRole('button', { name: 'Delete zone' }).click();
    await expect(page.getByText('Zone deleted: Australia')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Australia' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Canada' })).toBeVisible();
    expect((await adminGet<ZoneDto[]>(page, '/api/shipping/zones')).map((z) => z.name)).not.toContain('Australia');
  } finally {
    await context.close();
  }
});
