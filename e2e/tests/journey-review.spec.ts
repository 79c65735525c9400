import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { newCustomerPage } from '../support/orders-helpers';

test('a customer adds a review and sees it first in the home page carousel', async ({ browser }) => {
  const { page, customer, context } = await newCustomerPage(browser, 'review');
  const text = `Fork seals arrived in two days and fit perfectly (${Date.now().toString(36)}).`;

  // A customer's sidebar, and the admin pages stay closed to them.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  for (const link of ['My Profile', 'My Orders', 'Add A Review']) await expect(menu.getByRole('link', { name: link })).toBeVisible();
  for (const link of ['Manage All Orders', 'Add A Product', 'Manage Products', 'Make Admin'])
    await expect(menu.getByRole('link', { name: link })).toHaveCount(0);
  await page.goto('/dashboard/addProduct');
  // The guard has decided (after the sign-in state and the admin check loaded) before we look for the form.
  await expect(page.getByRole('heading', { name: copy.auth.adminOnlyTitle })).toBeVisible();
  await expect(page.getByText(copy.auth.adminOnlyText)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
  await expect(page.getByLabel(copy.orderFlow.productName)).toHaveCount(0);
  await expect(page.getByRole('button', { name: copy.orderFlow.submitProduct, exact: true })).toHaveCount(0);

  await page.goto('/dashboard/review');
  await expect(page.getByLabel('Ratings')).toHaveAccessibleDescription('Give Ratings Between 1-5');
  await expect(page.getByRole('complementary', { name: 'Posting as' })).toContainText(customer.name);

  // DESIGN §7.5: the rating is a whole number from 1 to 5.
  await page.getByLabel('Ratings').fill('7');
  await page.getByLabel('Your review').fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Rating must be a whole number between 1 and 5')).toBeVisible();

  await page.getByLabel('Ratings').fill('5');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Yay! Review Added Success')).toBeVisible();
  await expect(page.getByLabel('Your review')).toHaveValue('');

  // Home: the newest review is the first card of 'Customer Reviews'.
  await page.goto('/home');
  const reviews = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Customer Reviews' }) });
  const first = reviews.getByRole('article').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText(customer.name);
  await expect(first).toContainText('Ratings: 5');
  await first.scrollIntoViewIfNeeded();
  await expect(first).toBeVisible();
  await context.close();
});
