import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { newAdminPage, newCustomerPage, payOrderViaApi, placeOrderViaApi, type ProductDto } from '../support/orders-helpers';
import { bearerOf } from '../support/catalog';
import { readMails } from '../support/identity-outbox';

/**
 * Issue #25 item 4 (decision 163): the customer returns a part that does not
 * fit from the order's page; the admin approves it, marks it received and
 * refunds it with the units back in stock; the customer follows each step.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PLUG = 'Iridium Spark Plug CR9EIX';

test('a customer returns a part that does not fit; the admin approves, receives and refunds it with restocking', async ({ browser }) => {
  test.slow();
  const { context, page, customer } = await newCustomerPage(browser, 'returns');
  const admin = await newAdminPage(browser);
  try {
    const productOf = async () => ((await (await page.request.get('/api/products')).json()) as ProductDto[]).find((p) => p.name === PLUG)!;
    const plug = await productOf();
    const order = await placeOrderViaApi(page, plug);
    await payOrderViaApi(page, order._id);
    const number = order.orderNumber!;
    // The admin ships it (set-up through the API with the admin's own token).
    const token = await admin.page.evaluate(() => localStorage.getItem('accessToken'));
    const shipped = await admin.page.request.post(`/api/purchases/${number}/shipments`, {
      headers: { authorization: `Bearer ${token}` },
      data: { carrier: 'dhl', trackingNumber: 'JD014600006281230704', lines: [{ orderId: order._id, quantity: plug.minOrder }] },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);

    // The customer asks to return two plugs that do not fit.
    await page.goto(`/dashboard/myorders/${number}`);
    await expect(page.getByText(/^You can ask to return parts until /)).toBeVisible();
    await page.getByRole('button', { name: 'Return parts…' }).click();
    const dialog = page.getByRole('dialog', { name: `Return parts of order ${number}` });
    await dialog.getByRole('button', { name: 'Ask to return' }).click();
    await expect(dialog.getByText('Enter how many units of at least one part you return.')).toBeVisible();
    await expect(dialog.getByText('Choose why you return them.')).toBeVisible();
    await dialog.getByLabel(`Units of ${PLUG} to return`).fill('2');
    await dialog.getByLabel('Why do you return them?').selectOption({ label: 'Does not fit' });
    await dialog.getByLabel('Anything we should know? (optional)').fill('Wrong thread for my engine');
    const axe = await new AxeBuilder({ page }).include('dialog[open]').withTags(WCAG_21_AA).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ask to return' }).click();
    await expect(page.getByText(`Return of parts of order ${number} asked for.`, { exact: false })).toBeVisible();
    const mine = page.getByRole('region', { name: 'Returns' });
    await expect(mine.getByText('Requested')).toBeVisible();
    await expect(mine.getByText('Does not fit')).toBeVisible();

    // Issue #39 item 2: Manage All Orders and the sidebar say what waits on the shop (other journeys add to the counts).
    const a = admin.page;
    await a.goto('/dashboard/orders');
    const waiting = a.getByRole('region', { name: 'Waiting on the shop' });
    await expect(waiting.getByText('Returns to approve')).toBeVisible();
    await expect(waiting.getByRole('definition').nth(1)).toHaveText(/^[1-9]\d*$/);
    const menu = a.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link', { name: /^Manage All Orders, [1-9]\d* waiting on the shop$/ })).toBeVisible();

    // The admin approves it, marks it received and refunds it.
    await a.goto(`/dashboard/myorders/${number}`);
    const returns = a.getByRole('region', { name: 'Returns' });
    await returns.getByRole('button', { name: 'Approve' }).click();
    const approve = a.getByRole('dialog', { name: 'Approve this return' });
    await approve.getByLabel('Note to the customer (optional)').fill('Send them back in their box');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(returns.getByText('Approved: send the parts back')).toBeVisible();
    // Issue #39 item 2: it asks first; cancelling changes nothing.
    await returns.getByRole('button', { name: 'Mark received' }).click();
    const received = a.getByRole('dialog', { name: 'Mark this return received?' });
    await expect(received.getByText(`Have these parts of order ${number} arrived back at the shop?`)).toBeVisible();
    await expect(received.getByText(`${PLUG} × 2`)).toBeVisible();
    await received.getByRole('button', { name: 'Cancel' }).click();
    await expect(received).toBeHidden();
    await a.reload();
    await expect(returns.getByText('Approved: send the parts back')).toBeVisible();
    await returns.getByRole('button', { name: 'Mark received' }).click();
    await received.getByRole('button', { name: 'Mark received' }).click();
    await expect(received).toBeHidden();
    await expect(returns.getByText('Received', { exact: true })).toBeVisible();
    await returns.getByRole('button', { name: 'Refund…' }).click();
    const refund = a.getByRole('dialog', { name: 'Refund this return' });
    await expect(refund.getByLabel('Put the returned units back in stock')).toBeChecked();
    // Two of the plugs' units: their share of the goods and of the 19 % VAT.
    const unit = plug.unitPrice / plug.minOrder;
    const goods = Math.round(unit * 2 * 100);
    const amount = `$${((goods + Math.round(goods * 0.19)) / 100).toFixed(2)}`;
    await refund.getByRole('button', { name: `Refund ${amount}` }).click();
    await expect(returns.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(a.getByRole('region', { name: 'Refunds' }).getByText(`Refund of ${amount}`)).toBeVisible();
    // The two units went back through the ledger, booked to this order. (Other journeys order plugs at the same time,
    // so the product's stock itself is not compared.)
    const ledger = (await (await a.request.get(`/api/product/${plug._id}/stock-movements`, { headers: await bearerOf(a) })).json()) as {
      kind: string;
      delta: number;
      orderId: string | null;
    }[];
    expect(ledger.filter((m) => m.orderId === order._id).map((m) => [m.kind, m.delta])).toEqual([
      ['refund_restock', 2],
      ['order_placed', -plug.minOrder],
    ]);

    // The customer follows each step, on the page and by e-mail.
    await page.reload();
    await expect(mine.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(mine.getByText('Send them back in their box')).toBeVisible();
    const subjects = () => readMails(customer.email).map((m) => m.subject);
    for (const subject of [
      `We have your return request for order ${number}`,
      `Your return for order ${number} is approved: send the parts back`,
      `We received the parts you returned from order ${number}`,
      `We refunded ${amount} of your order ${number}`,
    ]) {
      await expect.poll(subjects).toContain(subject);
    }
  } finally {
    await admin.context.close();
    await context.close();
  }
});
