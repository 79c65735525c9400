import { expect, test } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';

test('the admin adds a product, finds it in the catalogue, then deletes it', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  const name = `Test Clutch Cable ${Date.now().toString(36)}`;

  // The admin's sidebar.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page).toHaveTitle(/Dashboard/);
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  for (const link of ['My Profile', 'Manage All Orders', 'Add A Product', 'Manage Products', 'Make Admin']) {
    await expect(menu.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);

  // Every field is required.
  await menu.getByRole('link', { name: 'Add A Product' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Name is Required',
    'Unit price is Required',
    'Stock is Required',
    'Minimum order is Required',
    'Description is Required',
    'Image URL is Required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Unit price ($)').fill('24.90');
  await page.getByLabel('Stock').fill('500');
  await page.getByLabel('Minimum order').fill('10');
  await page.getByLabel('Description').fill('Stainless inner cable, PTFE-lined outer, pre-lubricated. Fits most 2015+ naked bikes.');
  await page.getByLabel('Image URL').fill('/images/products/x-ring-chain-520.svg');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Added')).toBeVisible();
  await expect(page.getByLabel('Product name')).toHaveValue('');

  // It is in the public catalogue with the prices as entered.
  const listed = ((await (await page.request.get('/api/products')).json()) as { name: string; unitPrice: number; stock: number; minOrder: number }[]).find(
    (p) => p.name === name,
  );
  expect(listed).toMatchObject({ unitPrice: 24.9, stock: 500, minOrder: 10 });

  // Manage Products lists it; delete asks first.
  await menu.getByRole('link', { name: 'Manage Products' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('$24.90')).toBeVisible();
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog.getByText(`${name} for Delete`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Delete Success')).toBeVisible();
  await expect(row).toHaveCount(0);

  const after = (await (await page.request.get('/api/products')).json()) as { name: string }[];
  expect(after.some((p) => p.name === name)).toBe(false);
  await context.close();
});
