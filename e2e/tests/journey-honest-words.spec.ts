import { randomUUID } from 'node:crypto';
import { copy } from '@shop/shared/copy';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { shipmentsCopy } from '@shop/shared/copy/shipments';
import { expect, test } from '../support/fixtures';
import { bearerOf } from '../support/catalog';
import { newAdminPage, newCustomerPage, orderableProduct, payOrderViaApi, placeOrderViaApi } from '../support/orders-helpers';

/**
 * Issue #39 items 7 and 8 (decision 185) in the browser: a form says what is wrong and saves nothing, instead of
 * cutting a text, rounding a price or answering "At most 5." for a negative or a fraction; the password hint and the
 * refusal name the same rule.
 */

test('the product form refuses a 540-character name and a price of 92.999 with a message each, and adds nothing', async ({ browser }) => {
  const { context, page } = await newAdminPage(browser);
  try {
    const name = `Honest ${randomUUID().slice(0, 8)} `.padEnd(540, 'x');
    await page.goto('/dashboard/addProduct');
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Unit price ($)').fill('92.999');
    await page.getByLabel('Stock').fill('10');
    await page.getByLabel('Minimum order').fill('1');
    await page.getByLabel('Description').fill('A part whose name was pasted twice.');
    await page.getByLabel('Image URL').fill('/images/products/x-ring-chain-520.svg');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Name must be 120 characters or fewer (it has 540, 420 too many)')).toBeVisible();
    await expect(page.getByText('Unit price must have at most two decimals (dollars and cents, e.g. 92.99)')).toBeVisible();
    // The box kept all 540 characters: nothing was cut behind the admin's back.
    await expect(page.getByLabel('Product name')).toHaveValue(name);
    await expect(page.getByText('Product Added')).toHaveCount(0);
    const products = (await (await page.request.get('/api/products')).json()) as { name: string }[];
    expect(products.some((p) => p.name.startsWith(name.slice(0, 20)))).toBe(false);
  } finally {
    await context.close();
  }
});

test('the Ship dialog answers -5 and 2.5 with the whole numbers it takes, and ships nothing', async ({ browser }) => {
  const customer = await newCustomerPage(browser, 'honest-ship');
  const admin = await newAdminPage(browser);
  try {
    const product = await orderableProduct(customer.page.request);
    const quantity = product.minOrder * 2;
    const order = await placeOrderViaApi(customer.page, product, quantity);
    await payOrderViaApi(customer.page, order._id);
    const number = order.orderNumber!;

    const a = admin.page;
    await a.goto(`/dashboard/myorders/${number}`);
    await a.getByRole('button', { name: `${shipmentsCopy.shipButton} ${number}` }).click();
    const dialog = a.getByRole('dialog', { name: shipmentsCopy.dialogTitle(number) });
    await dialog.getByLabel(shipmentsCopy.trackingLabel).fill('1Z 999 AA1 01 2345 6784');
    const box = dialog.getByLabel(shipmentsCopy.quantityLabel(product.name));
    const message = `Enter a whole number from 1 to ${quantity.toLocaleString('en-US')}, or 0 to leave this part out.`;
    for (const typed of ['-5', '2.5']) {
      await box.fill(typed);
      await dialog.getByRole('button', { name: shipmentsCopy.submit }).click();
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(dialog.getByText(/^At most/)).toHaveCount(0);
    }
    await expect(dialog).toBeVisible();
    const after = await a.request.get(`/api/purchases/${number}`, { headers: await bearerOf(a) });
    expect(((await after.json()) as { shipments: unknown[] }).shipments).toEqual([]);
  } finally {
    await admin.context.close();
    await customer.context.close();
  }
});

test('the sign-up page’s password hint and its refusals name the same rule: 8 characters, the spec’s 6 beside it', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByText(accountSecurityCopy.passwordRule)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Hint Reader');
  await page.getByLabel('Email', { exact: true }).fill(`hint-${randomUUID().slice(0, 8)}@example.org`);
  const submit = page.getByRole('button', { name: 'register', exact: true });

  await password.fill('abc12');
  await submit.click();
  // The spec's words first, then the shop's 8 and 12, as the hint says.
  await expect(page.getByText(accountSecurityCopy.passwordShortNew)).toBeVisible();
  expect(accountSecurityCopy.passwordShortNew.startsWith(copy.validation.passwordShort)).toBe(true);

  await password.fill('abc1234');
  await submit.click();
  await expect(page.getByText(accountSecurityCopy.passwordTooShort)).toBeVisible();
  await expect(page.getByText(accountSecurityCopy.passwordShortNew)).toHaveCount(0);
  for (const rule of [accountSecurityCopy.passwordRule, accountSecurityCopy.passwordTooShort]) expect(rule).toContain('8 characters');
  await expect(page).toHaveURL(/\/register$/);
});
