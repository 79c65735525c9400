import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { reviewsCopy } from '@shop/shared/copy/reviews';
import { newCustomerPage, orderableProduct, payOrderViaApi, placeOrderViaApi } from '../support/orders-helpers';

test('a customer who bought and paid for a part reviews it; it shows first on the home carousel and on the part page, with "Verified purchase"', async ({
  browser,
}) => {
  test.setTimeout(90_000);
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

  // Nothing bought yet: a message instead of the form (issue #22).
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { name: reviewsCopy.nothingTitle })).toBeVisible();
  await expect(page.getByText(reviewsCopy.nothingText)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Review' })).toHaveCount(0);

  // An unpaid order is not a purchase yet; once paid, the part can be reviewed.
  const product = await orderableProduct(page.request);
  const order = await placeOrderViaApi(page, product);
  await page.reload();
  await expect(page.getByRole('heading', { name: reviewsCopy.nothingTitle })).toBeVisible();
  await payOrderViaApi(page, order._id);
  await page.reload();

  const part = page.getByLabel(reviewsCopy.productLabel);
  await expect(part).toBeVisible();
  await expect(part.getByRole('option', { name: product.name })).toHaveCount(1);
  await expect(page.getByLabel('Ratings')).toHaveAccessibleDescription('Give Ratings Between 1-5');
  await expect(page.getByRole('complementary', { name: 'Posting as' })).toContainText(customer.name);

  // DESIGN §7.5: the rating is a whole number from 1 to 5.
  await part.selectOption({ label: product.name });
  await page.getByLabel('Ratings').fill('7');
  await page.getByLabel('Your review').fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Rating must be a whole number between 1 and 5')).toBeVisible();

  await page.getByLabel('Ratings').fill('5');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Yay! Review Added Success')).toBeVisible();
  // One review per part: the only part is reviewed now.
  await expect(page.getByRole('heading', { name: reviewsCopy.nothingTitle })).toBeVisible();

  // Home: the newest review is the first card of 'Customer Reviews', with the badge.
  await page.goto('/home');
  const reviews = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Customer Reviews' }) });
  const first = reviews.getByRole('article').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText(customer.name);
  await expect(first).toContainText('Ratings: 5');
  await expect(first.getByText(reviewsCopy.verifiedPurchase)).toBeVisible();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toBeVisible();

  // The part's page lists it first too, with the badge.
  await page.goto(`/parts/${product._id}`);
  const partReviews = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: reviewsCopy.partTitle }) });
  const newest = partReviews.getByRole('article').first();
  await expect(newest).toContainText(text);
  await expect(newest).toContainText(customer.name);
  await expect(newest.getByText(reviewsCopy.verifiedPurchase)).toBeVisible();
  await context.close();
});
