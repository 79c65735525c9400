import { expect, test } from '../support/fixtures';
import { fillTestCard, newAdminPage, newCustomerPage, orderableProduct, usd } from '../support/orders-helpers';

test('a customer orders, pays with 4242 4242 4242 4242, the admin delivers and the customer sees Paid', async ({ browser }) => {
  // Two people, a dozen page loads and a payment: about 30 s on a quiet machine, twice that on a busy CI runner.
  test.setTimeout(120_000);
  const { page, customer, context } = await newCustomerPage(browser, 'pay');
  const product = await orderableProduct(page.request);

  // Purchase page: the product's facts and a form that starts at the minimum order (issue #39), Place Order ready.
  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Unit Price: $')).toBeVisible();
  await expect(page.getByText(`Minimum Order: ${product.minOrder.toLocaleString('en-US')}`)).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue(String(product.minOrder));
  await expect(placeOrder).toBeEnabled();

  // Below the minimum order: the spec's toast, and the form resets to the minimum order. An edited number waits for Set Quantity.
  await quantity.fill(String(product.minOrder - 1));
  await expect(placeOrder).toBeDisabled();
  await page.getByRole('button', { name: 'Set Quantity' }).click();
  await expect(page.getByText('Please enter a valid quantity!')).toBeVisible();
  await expect(quantity).toHaveValue(String(product.minOrder));
  await expect(placeOrder).toBeEnabled();

  // Above the stock: refused the same way.
  await quantity.fill(String(product.stock + 1));
  await expect(placeOrder).toBeDisabled();
  await page.getByRole('button', { name: 'Set Quantity' }).click();
  await expect(quantity).toHaveValue(String(product.minOrder));
  await expect(placeOrder).toBeEnabled();

  // Two minimum orders cost exactly twice the unit price (total = unitPrice / minOrder × quantity).
  const units = product.minOrder * 2;
  const total = usd(Math.round(product.unitPrice * 2 * 100) / 100);
  await quantity.fill(String(units));
  await page.getByRole('button', { name: 'Set Quantity' }).click();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await expect(placeOrder).toBeEnabled();

  // The order modal: name and e-mail from the account, shipping fields free.
  await placeOrder.click();
  const modal = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(modal.getByLabel('Email')).toHaveValue(customer.email);
  await expect(modal.getByLabel('Name')).toHaveValue(customer.name);
  await modal.getByLabel('Country').fill('Italy');
  await modal.getByLabel('Address').fill('Via del Motore 7, Bologna');
  await modal.getByLabel('Phone').fill('390515550199');
  await modal.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Yay! Order Success')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  // My Orders: row 1 is unpaid with a 'pay' link.
  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText('1');
  // The order ships to Italy and is taxed (decision 160): the row shows what is paid, the goods plus shipping and VAT.
  const orderId = /\/dashboard\/payment\/([^/?#]+)/.exec((await row.getByRole('link', { name: /^pay/ }).getAttribute('href'))!)![1];
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const figures = (await (await page.request.get(`/api/purchases/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    goods: number;
    shipping: number;
    tax: number;
    total: number;
  };
  expect(usd(figures.goods)).toBe(total);
  expect(figures.shipping).toBeGreaterThan(0);
  expect(figures.tax).toBeGreaterThan(0);
  await expect(row.getByText(usd(figures.total))).toBeVisible();
  await expect(row.getByText('Via del Motore 7, Bologna')).toBeVisible();
  await row.getByRole('link', { name: /^pay/ }).click();

  // Payment page in test mode.
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const paymentUrl = page.url();
  await expect(page.getByRole('heading', { name: `Pay for ${product.name}` })).toBeVisible();
  await expect(page.getByText(/^Test mode: no real card is charged/)).toBeVisible();
  await fillTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: /^Pay/ });
  await pay.click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByText('Your payment is completed...')).toBeVisible();
  await expect(pay).toBeDisabled();
  const transactionId = (await page.getByText(/^pi_/).textContent())!.trim();
  expect(transactionId).toMatch(/^pi_\w+/);

  // Paid, not yet delivered: 'Pending...', no pay link, no cancel.
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(row.getByText('Pending...')).toBeVisible();
  await expect(row.getByRole('link', { name: /^pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

  // The admin delivers it.
  const admin = await newAdminPage(browser);
  await admin.page.goto('/dashboard/orders');
  const adminRow = admin.page.getByRole('row').filter({ hasText: customer.email });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByText(transactionId)).toBeVisible();
  await adminRow.getByRole('button', { name: /^Dleverd/ }).click();
  const confirm = admin.page.getByRole('dialog', { name: `Deleverd order for ${product.name}` });
  await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
  // Issue #39 item 2: no parcel left, so it asks once more.
  const ask = admin.page.getByRole('dialog', { name: 'No parcel yet' });
  await expect(ask).toContainText('has shipped. Mark it delivered anyway?');
  await ask.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(admin.page.getByText('Deleverd Success')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(confirm).toBeHidden();
  await expect(adminRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(adminRow.getByRole('button', { name: /^Dleverd/ })).toHaveCount(0);

  // The customer now sees 'Paid' with the transaction id.
  await page.reload();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText(transactionId)).toBeVisible();
  await expect(row.getByText('Pending...')).toHaveCount(0);

  // Opening the payment page again shows it is paid instead of a card form.
  await page.goto(paymentUrl);
  await expect(page.getByText('This order is already paid.')).toBeVisible();
  await expect(page.getByText(transactionId)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await admin.context.close();
  await context.close();
});
