import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { addProduct, bearerOf, MANAGE_PRODUCTS_PER_PAGE, productRow, type AdminProduct } from '../support/catalog';
import { newAdminPage, newCustomerPage, orderableProduct, placeOrderViaApi } from '../support/orders-helpers';

/** Issue #8: the owner edits parts, adjusts stock, finds low stock; customers see how long their order is reserved. */

type Product = AdminProduct;

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const adminToken = bearerOf;

test('the admin edits a part in the pre-filled form; a stale edit is refused and can be reloaded', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const product = await addProduct(page, { unitPrice: 40 });
    await page.goto('/dashboard/manageProducts');
    const row = productRow(page, product.name);
    await expect(row.getByText(product.sku)).toBeVisible();
    await row.getByRole('link', { name: /^Edit/ }).click();

    await expect(page.getByRole('heading', { name: `Edit ${product.name}` })).toBeVisible();
    await expect(page.getByLabel('Product name')).toHaveValue(product.name);
    await expect(page.getByLabel('Part number')).toHaveValue(product.sku);
    await expect(page.getByLabel('Brand')).toHaveValue('All Balls Racing');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('suspension');
    await expect(page.getByLabel('Unit price ($)')).toHaveValue('40');
    await expect(page.getByLabel('Stock')).toHaveValue('200');

    await page.getByLabel('Unit price ($)').fill('44.50');
    await page.getByLabel('Brand').fill('SKF');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    await expect(row.getByText('$44.50')).toBeVisible();
    await expect(row.getByText('SKF')).toBeVisible();
    const saved = (await (await page.request.get(`/api/product/${product._id}`)).json()) as Product;
    expect(saved).toMatchObject({ unitPrice: 44.5, brand: 'SKF', stock: 200, version: product.version + 1 });

    // Someone else saves while the form is open: this edit is refused, and the admin loads their version.
    await row.getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByLabel('Unit price ($)')).toHaveValue('44.5');
    const other = await page.request.patch(`/api/product/${product._id}`, {
      headers: await adminToken(page),
      data: { version: saved.version, name: `${product.name} v2` },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel('Unit price ($)').fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this product' })).toBeVisible();
    await page.getByRole('button', { name: 'Load the latest version' }).click();
    await expect(page.getByLabel('Product name')).toHaveValue(`${product.name} v2`);
    await expect(page.getByLabel('Unit price ($)')).toHaveValue('44.5');
  } finally {
    await context.close();
  }
});

test('the admin restocks and writes off damaged units with the quick stock adjustment', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const product = await addProduct(page, { stock: 30 });
    await page.goto('/dashboard/manageProducts');
    const row = productRow(page, product.name);
    await row.getByRole('button', { name: /^Adjust stock/ }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust stock of ${product.name}` });
    await expect(dialog.getByText('In stock now: 30 units')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog.getByText('Enter a whole number of units, 1 or more')).toBeVisible();
    await dialog.getByLabel('Units', { exact: true }).fill('120');
    await expect(dialog.getByLabel('Reason')).toHaveValue('restock');
    await dialog.getByLabel('Note (optional)').fill('Delivery note 4471');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByText('Stock adjusted: 150 units now')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: '150' })).toBeVisible();

    await row.getByRole('button', { name: /^Adjust stock/ }).click();
    await dialog.getByLabel('Remove units').check();
    await expect(dialog.getByLabel('Reason')).toHaveValue('damaged');
    await dialog.getByLabel('Units', { exact: true }).fill('500');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Only 150 units are in stock' })).toBeVisible();
    await dialog.getByLabel('Units', { exact: true }).fill('4');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByText('Stock adjusted: 146 units now')).toBeVisible();

    const ledger = (await (await page.request.get(`/api/product/${product._id}/stock-movements`, { headers: await adminToken(page) })).json()) as {
      kind: string;
      delta: number;
      reason: string;
    }[];
    expect(ledger.slice(0, 2).map((m) => [m.kind, m.delta, m.reason])).toEqual([
      ['adjustment', -4, 'damaged'],
      ['adjustment', 120, 'restock'],
    ]);
  } finally {
    await context.close();
  }
});

test('the low-stock filter shows only parts below three minimum orders, each with its badge', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const low = await addProduct(page, { stock: 14, minOrder: 5 });
    const plenty = await addProduct(page, { stock: 500, minOrder: 5 });
    await page.goto('/dashboard/manageProducts');
    await expect(productRow(page, plenty.name)).toHaveCount(1);
    await expect(productRow(page, low.name).getByText('Low stock', { exact: true })).toBeVisible();
    await expect(productRow(page, plenty.name).getByText('Low stock', { exact: true })).toHaveCount(0);

    await page.getByLabel('Low stock only').check();
    await expect(productRow(page, low.name)).toHaveCount(1);
    await expect(productRow(page, plenty.name)).toHaveCount(0);
    const all = (await (await page.request.get('/api/products')).json()) as Product[];
    const lowCount = all.filter((p) => p.lowStock).length;
    await expect(page).toHaveURL(/[?&]lowStock=true/);
    await expect(page.getByText(`${lowCount} low on stock`)).toBeVisible();
    const tableRows = page.getByRole('table').getByRole('row');
    // The header row plus one per low-stock product on this page (issue #10: 20 a page, newest first).
    await expect(tableRows).toHaveCount(Math.min(lowCount, MANAGE_PRODUCTS_PER_PAGE) + 1);

    await page.getByLabel('Low stock only').uncheck();
    await expect(productRow(page, plenty.name)).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('My Orders shows how long an unpaid order is reserved, and Expired once the time is up', async ({ browser }) => {
  const { page, context } = await newCustomerPage(browser, 'reserve');
  try {
    const product = await orderableProduct(page.request);
    const order = await placeOrderViaApi(page, product);
    const expiresAt = new Date((order as unknown as { expiresAt: string }).expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now());

    await page.clock.install();
    await page.goto('/dashboard/myorders');
    const row = page
      .getByRole('row')
      .filter({ hasText: order._id.slice(-6) })
      .or(page.getByRole('row').filter({ hasText: product.name }).first());
    await expect(row.getByText(/^Reserved for (59|60) min$/)).toBeVisible();
    await expect(row.getByRole('link', { name: /^pay/ })).toBeVisible();

    // The reservation runs out while the page is open. The hour also outlives the access token: the page renews
    // it once by its own clock (which the server's token times do not match now), not over and over.
    let tokenRequests = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && /\/api\/user\//.test(r.url())) tokenRequests += 1;
    });
    await page.clock.fastForward(expiresAt - Date.now() + 60_000);
    await expect(row.getByText('Expired', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /^pay/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(tokenRequests).toBeLessThanOrEqual(2);
  } finally {
    await context.close();
  }
});

// Manage Products' paging counts the whole catalogue: it is in journey-manage-products-pages.spec.ts, run alone.

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
  test(`screenshots: Manage Products and the edit form at ${viewport.width}px, ${theme}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      const { signInViaApi, DEMO_ADMIN } = await import('../support/auth');
      await signInViaApi(page, DEMO_ADMIN);
      await page.goto('/dashboard/manageProducts');
      await expect(
        page
          .getByRole('button', { name: /^Adjust stock/ })
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `manage-products-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      await page.getByRole('link', { name: /^Edit/ }).filter({ visible: true }).first().click();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await settle(page);
      await screenshot(page, { path: path.join(outDir, `edit-product-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      await page.goto('/dashboard/manageProducts');
      await page
        .getByRole('button', { name: /^Adjust stock/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await screenshot(page, { path: path.join(outDir, `adjust-stock-${viewport.width}-${theme}.png`), animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
}
