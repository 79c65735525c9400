import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, screenshot, settle, test } from '../support/fixtures';
import { newAdminPage, newCustomerPage, payOrderViaApi, placeOrderViaApi, type ProductDto } from '../support/orders-helpers';
import { readMails } from '../support/identity-outbox';
import { bearerOf } from '../support/catalog';

/**
 * Issue #25 item 3 (decision 162): the admin refunds a paid order from its
 * page — first the part, back in stock, then the shipping on its own — and the
 * customer sees both refunds with their credit notes and gets an e-mail each.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PLUG = 'Iridium Spark Plug CR9EIX';

test('the admin refunds the part with restocking, then the shipping; the customer sees both refunds and their credit notes', async ({ browser }) => {
  test.slow();
  const { context, page, customer } = await newCustomerPage(browser, 'refunds');
  const admin = await newAdminPage(browser);
  try {
    const stockOf = async () => ((await (await page.request.get('/api/products')).json()) as ProductDto[]).find((p) => p.name === PLUG)!;
    const plug = await stockOf();
    // $116 of plugs to Germany: DHL Parcel International 24.99; 19 % VAT: 22.04 and 4.75; paid 167.78.
    const order = await placeOrderViaApi(page, plug);
    await payOrderViaApi(page, order._id);
    const number = order.orderNumber!;

    const a = admin.page;
    await a.goto(`/dashboard/myorders/${number}`);
    await expect(a.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
    await a.getByRole('button', { name: `Refund… ${number}` }).click();
    const dialog = a.getByRole('dialog', { name: `Refund order ${number}` });
    await expect(dialog.getByText('Left to refund on this order: $167.78')).toBeVisible();
    await dialog.getByLabel(`Units of ${PLUG} to refund`).fill(String(plug.minOrder));
    await expect(dialog.getByLabel('Put the refunded units back in stock')).toBeChecked();
    await dialog.getByLabel('Reason').fill('Does not fit the 2019 MT-07');
    const axe = await new AxeBuilder({ page: a }).include('dialog[open]').withTags(WCAG_21_AA).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    if (process.env.SCREENSHOTS) await screenshot(a, { path: path.join(shots, 'refund-dialog-1280-light.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Refund $138.04' }).click();
    await expect(a.getByText(`Refunded $138.04 of order ${number}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const refunds = a.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText('Refund of $138.04')).toBeVisible();
    await expect(refunds.getByRole('button', { name: /^Download credit note CN-\d{4}-\d{6} \(PDF\)$/ })).toBeVisible();
    await expect(a.getByText('Partly refunded', { exact: true })).toBeVisible();
    // The units went back through the ledger, booked to this order. (Other journeys order plugs at the same time, so
    // the product's stock itself is not compared.)
    const ledger = (await (await a.request.get(`/api/product/${plug._id}/stock-movements`, { headers: await bearerOf(a) })).json()) as {
      kind: string;
      delta: number;
      orderId: string | null;
    }[];
    expect(ledger.filter((m) => m.orderId === order._id).map((m) => [m.kind, m.delta])).toEqual([
      ['refund_restock', plug.minOrder],
      ['order_placed', -plug.minOrder],
    ]);

    // The shipping on its own.
    await a.getByRole('button', { name: `Refund… ${number}` }).click();
    await dialog.getByLabel(/^Refund the shipping/).check();
    await dialog.getByLabel('Reason').fill('Arrived a week late');
    await dialog.getByRole('button', { name: 'Refund $29.74' }).click();
    await expect(a.getByText(`Refunded $29.74 of order ${number}.`)).toBeVisible();
    // The status badge (the summary's "Refunded" figure, decision 184, is a term of its own).
    await expect(a.locator('.badge').getByText('Refunded', { exact: true })).toBeVisible();
    await expect(a.getByRole('button', { name: `Refund… ${number}` })).toHaveCount(0);

    // The customer's order page: both refunds, what they gave back in all, and an e-mail each.
    await page.goto(`/dashboard/myorders/${number}`);
    const mine = page.getByRole('region', { name: 'Refunds' });
    await expect(mine.getByText('Refund of $138.04')).toBeVisible();
    await expect(mine.getByText('Refund of $29.74')).toBeVisible();
    await expect(mine.getByText('Refunded in all')).toBeVisible();
    await expect(mine).toContainText('$167.78');
    await expect(page.getByRole('button', { name: `Refund… ${number}` })).toHaveCount(0);
    await settle(page);
    if (process.env.SCREENSHOTS) await screenshot(page, { path: path.join(shots, 'order-refunded-1280-light.png'), fullPage: true, animations: 'disabled' });
    const subjects = () => readMails(customer.email).map((m) => m.subject);
    await expect.poll(subjects).toContain(`We refunded $138.04 of your order ${number}`);
    await expect.poll(subjects).toContain(`We refunded $29.74 of your order ${number}`);
  } finally {
    await admin.context.close();
    await context.close();
  }
});
