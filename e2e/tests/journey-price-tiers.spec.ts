import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForAccessToken } from '../support/auth';
import { newAdminPage, newCustomerPage, type ProductDto } from '../support/orders-helpers';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';

/**
 * Issue #11 part 5 (decision 131): the admin sets quantity price tiers on the
 * product form; a customer sees them on the purchase page, the total follows
 * the tier of the quantity, and an order above a tier is priced at the tier.
 */
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

let part: ProductDto;

test.beforeAll(async ({ browser }) => {
  // A part of this test's own: base $10 per lot of 2, no tiers yet.
  const { page, context } = await newAdminPage(browser);
  try {
    const token = await waitForAccessToken(page);
    const res = await page.request.post('/api/product', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `E2E Bulk Clutch Plates ${uid()}`,
        unitPrice: 10,
        stock: 500,
        minOrder: 2,
        // 100 g a plate: 120 of them (12 kg) ship to Austria (decision 160).
        weightGrams: 100,
        description: 'Friction plates sold in pairs, cheaper by the box.',
        image: '/images/products/oil-filter-hf204.svg',
        sku: `E2E-TIER-${uid()}`,
        brand: 'EBC',
        category: 'drivetrain',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    part = (await res.json()) as ProductDto;
  } finally {
    await context.close();
  }
});

const tierTable = (page: Page) => page.getByRole('region', { name: 'Bulk prices' });

async function setQuantity(page: Page, quantity: number) {
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Set Quantity' }).click();
}

test.describe.serial('quantity price tiers', () => {
  test('the admin sets tiers; the customer sees them, the total follows the tier, and the order is priced at it', async ({ browser }) => {
    // The admin opens Edit Product and adds two tiers.
    const admin = await newAdminPage(browser);
    const a = admin.page;
    await a.goto(`/dashboard/manageProducts/${part._id}/edit`);
    await expect(a.getByLabel('Product name')).toHaveValue(part.name);
    await expect(a.getByText('No bulk prices: every quantity is priced at the unit price.')).toBeVisible();

    // A tier at the minimum order is refused with the shared message.
    await a.getByRole('button', { name: 'Add a price tier' }).click();
    await a.getByLabel('Tier 1: from quantity').fill('2');
    await a.getByLabel('Tier 1: price per lot').fill('9');
    await a.getByRole('button', { name: 'Save changes' }).click();
    await expect(a.getByText('Price tier 1: the quantity must be above the minimum order (2); the price at the minimum order is the unit price')).toBeVisible();

    await a.getByLabel('Tier 1: from quantity').fill('20');
    await a.getByLabel('Tier 1: price per lot').fill('8');
    await a.getByRole('button', { name: 'Add a price tier' }).click();
    await a.getByLabel('Tier 2: from quantity').fill('100');
    await a.getByLabel('Tier 2: price per lot').fill('7');
    await a.getByRole('button', { name: 'Save changes' }).click();
    await expect(a.getByText('Product updated')).toBeVisible();
    await admin.context.close();

    // The customer's purchase page shows the table; it starts at the minimum order (issue #39), so the base price applies.
    const { page, context } = await newCustomerPage(browser, 'tiers');
    await page.goto(`/purchase/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    const table = tierTable(page);
    // Issue #39: the price of one piece first, the lot's beside it.
    await expect(table.getByRole('row', { name: /From 2 units \$5\.00 each \$10\.00 per lot/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /From 20 units \$4\.00 each \$8\.00 per lot/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /From 100 units \$3\.50 each \$7\.00 per lot/ })).toBeVisible();
    await expect(table.locator('tr[aria-current="true"]')).toHaveCount(1);
    await expect(table.locator('tr[aria-current="true"]').getByRole('rowheader')).toHaveText('From 2 units');

    // The acceptance check in the browser: 10, 20 and 100 units cost $50, $80 and $350.
    const total = page.locator('dd').filter({ hasText: /^\$/ });
    for (const [quantity, amount, row] of [
      [10, '$50.00', 'From 2 units'],
      [20, '$80.00', 'From 20 units'],
      [99, '$396.00', 'From 20 units'],
      [100, '$350.00', 'From 100 units'],
      [120, '$420.00', 'From 100 units'],
    ] as const) {
      await setQuantity(page, quantity);
      await expect(total).toHaveText(amount);
      const current = table.locator('tr[aria-current="true"]');
      await expect(current).toHaveCount(1);
      await expect(current.getByRole('rowheader')).toHaveText(row);
      await expect(current.getByText('Applies')).toBeVisible();
    }
    // Below a tier, the table says how many more units reach it.
    await setQuantity(page, 90);
    await expect(table.getByText('Order 10 more units (100 in all) for $3.50 each ($7.00 per lot).')).toBeVisible();
    await setQuantity(page, 120);
    await expect(total).toHaveText('$420.00');
    // The price each follows the tier too.
    await expect(page.locator('[data-piece-price]').first()).toHaveText('$3.50 eachmin. 2 · Unit Price: $7.00 per lot');

    // Order 120 units (above the 100 tier): priced at $7 per lot of 2 = $420.
    await page.getByRole('button', { name: 'Place Order' }).click();
    const modal = page.getByRole('dialog', { name: `Order ${part.name}` });
    await modal.getByLabel('Country').fill('Austria');
    await modal.getByLabel('Address').fill('Werkstattgasse 4, Graz');
    await modal.getByLabel('Phone').fill('433165550123');
    await modal.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByText('Yay! Order Success')).toBeVisible();

    await page.goto('/dashboard/myorders');
    const orderRow = page.getByRole('row').filter({ hasText: part.name });
    await expect(orderRow).toHaveCount(1);
    // Priced at the tier: $420 of goods to Austria, with DHL Parcel International for 12 kg ($89.99) and 20 % VAT on
    // both ($84.00 and $18.00): $611.99 (decision 160).
    await expect(orderRow.getByText('$611.99')).toBeVisible();
    await context.close();
  });

  test('the part page and the cart show the tiers and the one that applies', async ({ browser }) => {
    const { page, context } = await newCustomerPage(browser, 'tiers-cart');
    await page.goto(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(tierTable(page).getByRole('row', { name: /From 100 units \$3\.50 each \$7\.00 per lot/ })).toBeVisible();
    await page.getByLabel('Quantity').fill('24');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`24 units of ${part.name} are in your cart.`)).toBeVisible();

    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ hasText: part.name });
    await expect(line.getByText('from 20 units: $4.00 each ($8.00 per lot) (applies)')).toBeVisible();
    await expect(line.getByText('from 100 units: $3.50 each ($7.00 per lot)', { exact: true })).toBeVisible();
    await expect(line.getByText('$96.00')).toBeVisible();
    await context.close();
  });

  const viewports = [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ];
  for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
    test(`screenshot of the tier table, ${viewport.width} ${theme}`, async ({ browser }) => {
      const { page, context } = await newCustomerPage(browser, `tiers-shot`);
      await useTheme(context, theme);
      await page.setViewportSize(viewport);
      await page.goto(`/purchase/${part._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await setQuantity(page, 24);
      await expect(tierTable(page).locator('tr[aria-current="true"]')).toHaveCount(1);
      await settle(page);
      await screenshot(page, { path: path.join(outDir, `price-tiers-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      await context.close();
    });
  }
});
