import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { DEMO_ADMIN, shopOrigin, signUpAndLogin, uniqueAccount } from '../support/auth';

test.describe('Make Admin (admin)', () => {
  test('lists the users with the Admin label, promotes one through the confirmation modal, and it takes effect', async ({ page, browser }) => {
    // A customer to promote, with its own signed-in browser to check the effect.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    const customer = await signUpAndLogin(customerPage, { tag: 'promotee' });

    await signUpAndLogin(page, { admin: true, path: '/dashboard/makeAdmin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('heading', { name: copy.users.title, level: 2 })).toBeVisible();
    const table = page.getByRole('table', { name: copy.users.title });
    const adminRow = table.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await expect(adminRow.getByText(copy.orders.adminLabel, { exact: true })).toBeVisible();
    await expect(adminRow.getByRole('button')).toHaveCount(0);

    const row = table.getByRole('row').filter({ hasText: customer.email });
    await expect(row.getByText(customer.name)).toBeVisible();
    await row.getByRole('button', { name: copy.users.makeAdminButton }).click();
    const dialog = page.getByRole('dialog', { name: copy.users.confirmTitle });
    await expect(dialog).toContainText(`${customer.email}) ${copy.orders.confirmMakeAdmin}`);

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: copy.users.cancel }).first().click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: copy.users.makeAdminButton })).toBeVisible();

    await row.getByRole('button', { name: copy.users.makeAdminButton }).click();
    await page.getByRole('dialog', { name: copy.users.confirmTitle }).getByRole('button', { name: copy.users.confirm }).click();
    await expect(page.getByText(copy.toasts.adminMade)).toBeVisible();
    await expect(row.getByText(copy.orders.adminLabel, { exact: true })).toBeVisible();
    // Issue #25: another admin's row offers Remove admin (your own row offers nothing, above); Make Admin is gone.
    await expect(row.getByRole('button', { name: copy.users.makeAdminButton })).toHaveCount(0);
    await expect(row.getByRole('button')).toHaveCount(1);
    await expect(row.getByRole('button', { name: `${copy.users.removeAdminButton} ${customer.email}` })).toBeVisible();

    // The promoted customer's admin screens open after a reload (the admin check runs again).
    await customerPage.goto('/dashboard/makeAdmin');
    await expect(customerPage.getByRole('heading', { name: copy.users.title, level: 2 })).toBeVisible();
    await expect(customerPage.getByRole('heading', { name: copy.auth.adminOnlyTitle })).toHaveCount(0);
    await customerContext.close();
  });

  test('on a phone the list shows cards with the action in reach', async ({ page, request }) => {
    const acc = uniqueAccount('phoneuser');
    expect((await request.post('/api/auth/sign-up/email', { data: acc, headers: { origin: shopOrigin() } })).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndLogin(page, { admin: true, path: '/dashboard/makeAdmin' });
    const list = page.getByRole('list', { name: copy.users.title });
    const item = list.getByRole('listitem').filter({ hasText: acc.email });
    const button = item.getByRole('button', { name: copy.users.makeAdminButton });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    // Nothing of the list sticks out sideways on a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
