import { expect, test } from '../support/fixtures';
import { fillTestCard, newCustomerPage, orderableProduct, placeOrderViaApi } from '../support/orders-helpers';

test('a declined card shows the decline message, the order stays unpaid, and a good card then pays it', async ({ browser }) => {
  const { page, context } = await newCustomerPage(browser, 'decline');
  const product = await orderableProduct(page.request);
  const order = await placeOrderViaApi(page, product);

  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByRole('heading', { name: `Pay for ${product.name}` })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay/ });

  // Stripe's generic decline card.
  await fillTestCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  // The spinner stopped: Pay is back and usable.
  await expect(pay).toBeEnabled();
  await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);

  // Insufficient funds has its own message.
  await fillTestCard(page, '4000 0000 0000 9995');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toBeVisible();

  // A number that fails the Luhn check never reaches the bank.
  await fillTestCard(page, '4242 4242 4242 4241');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card number is invalid.' })).toBeVisible();

  // The order is still unpaid in My Orders.
  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('link', { name: /^pay/ })).toBeVisible();
  await expect(row.getByText('Pending...')).toHaveCount(0);

  // The same order can still be paid with a good card.
  await row.getByRole('link', { name: /^pay/ }).click();
  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await context.close();
});
