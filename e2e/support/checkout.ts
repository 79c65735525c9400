import { expect, type Locator, type Page } from '@playwright/test';

/** Issue #24: a delivery address as the checkout form asks for it (labels as a person reads them). */
export interface ShipTo {
  name: string;
  company?: string;
  /** The country's name as the list shows it. */
  country: string;
  line1: string;
  line2?: string;
  city: string;
  /** The state or province's name in its list, or free text for other countries. */
  region?: string;
  postalCode: string;
  phone: string;
}

/** Oregon: no sales tax, and standard shipping is free from $50, so a cart of $50 or more costs its goods. */
export const OREGON: ShipTo = {
  name: 'Dana Reyes',
  company: 'Reyes Moto Works',
  country: 'United States',
  line1: '1200 SE Morrison St',
  city: 'Portland',
  region: 'Oregon',
  postalCode: '97214',
  phone: '+1 503 555 0142',
};

const POSTAL_LABEL = /ZIP code|Postal code|Postcode/;
const REGION_LABEL = /^(State|Province or territory|State or territory|State, province or region \(optional\))$/;

/** Fill the checkout's address form (or the address book's, inside its dialog). */
export async function fillAddress(page: Page | Locator, a: ShipTo) {
  await page.getByLabel('Full name').fill(a.name);
  if (a.company) await page.getByLabel('Company (optional)').fill(a.company);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: a.country });
  await page.getByLabel('Address line 1').fill(a.line1);
  if (a.line2) await page.getByLabel('Address line 2 (optional)').fill(a.line2);
  await page.getByLabel('City').fill(a.city);
  if (a.region) {
    const region = page.getByLabel(REGION_LABEL);
    if ((await region.evaluate((el) => el.tagName)) === 'SELECT') await region.selectOption({ label: a.region });
    else await region.fill(a.region);
  }
  await page.getByLabel(POSTAL_LABEL).fill(a.postalCode);
  await page.getByLabel('Phone').fill(a.phone);
}

/** From the cart: open the checkout, fill a new address, wait for the shipping methods, and place the order. */
export async function checkOutTo(page: Page, a: ShipTo = OREGON, extra: { poNumber?: string } = {}) {
  const place = await readyToPlace(page, a);
  // Decision 205: a company buyer's purchase-order number.
  if (extra.poNumber) await page.getByLabel('PO number (optional)').fill(extra.poNumber);
  await place.click();
  return page.getByRole('complementary', { name: 'Order summary' });
}

/** From the cart to the checkout's Place order button: a new address filled and a shipping method chosen. */
export async function readyToPlace(page: Page, a: ShipTo = OREGON) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The address book has loaded when the address section shows.
  await expect(page.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  const useNew = page.getByLabel('Use a new address');
  if (await useNew.isVisible()) await useNew.check();
  await fillAddress(page, a);
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  return page.getByRole('button', { name: 'Place order' });
}
