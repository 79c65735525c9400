import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, screenshot, settle, test } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { fillAddress, type ShipTo } from '../support/checkout';
import { newAdminPage, newCustomerPage } from '../support/orders-helpers';
import { bearer, createCompany, createPart, joinCompany } from '../support/trade';

/**
 * Issue #37 item 5 (decision 209): a company's delivery addresses. The company's admin adds the receiving dock on the
 * company page; a buyer of the company finds it chosen at checkout and the order ships there; the buyer cannot change
 * the addresses; the admin removes it.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const DOCK: ShipTo = {
  name: 'Receiving dock',
  company: 'Branch Moto Works',
  country: 'United States',
  line1: '77 Harbour Rd',
  city: 'Portland',
  region: 'Oregon',
  postalCode: '97214',
  phone: '+1 503 555 0199',
};

test('a company’s admin adds a delivery address, a buyer ships an order there, and only the admin removes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uid();
  const { page: shop, context: shopContext } = await newAdminPage(browser);
  const { page: boss, context: bossContext, customer: bossAccount } = await newCustomerPage(browser, 'dockboss');
  const { page: buyer, context: buyerContext, customer: buyerAccount } = await newCustomerPage(browser, 'dockbuyer');
  try {
    const companyId = await createCompany(shop, { name: `Branch Moto ${id}` });
    await joinCompany(shop, boss, bossAccount, companyId, 'admin');
    await joinCompany(shop, buyer, buyerAccount, companyId, 'buyer');

    // The company's admin adds the dock on the company page.
    await boss.goto('/company');
    const section = boss.getByRole('region', { name: 'Delivery addresses' });
    await expect(section.getByText('No delivery addresses yet.')).toBeVisible();
    const form = section.getByRole('form', { name: 'Add a delivery address' });
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(section.getByText('Please correct the address fields marked in red.')).toBeVisible();
    await fillAddress(form, DOCK);
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(boss.getByText('Address added: Receiving dock')).toBeVisible();
    await expect(section.getByText('77 Harbour Rd')).toBeVisible();
    // The company page also keeps the buyer's own reorder lists (decision 207), empty so far.
    await expect(boss.getByRole('region', { name: 'Your reorder lists' })).toBeVisible();
    await settle(boss);
    expect(await fitmentViolations(boss, 'company-addresses')).toEqual([]);
    await screenshot(boss, { path: path.join(shots, 'company-addresses-1280-light.png'), fullPage: true });

    // A buyer of the company: the dock is offered, and chosen, at checkout; the order ships there.
    const part = await createPart(shop, id, { name: 'Dock zip ties', sku: 'CA', unitPrice: 12, brand: 'Oxford', category: 'accessories' });
    const put = await buyer.request.put(`/api/cart/lines/${part._id}`, { headers: await bearer(buyer), data: { quantity: 2 } });
    expect(put.status(), await put.text()).toBe(200);
    await buyer.goto('/checkout');
    const dock = buyer.getByRole('radio', { name: /Receiving dock.*Company.*77 Harbour Rd/ });
    await expect(dock).toBeChecked();
    await expect(buyer.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: /^Pay for order TT-\d+$/ })).toBeVisible();
    await expect(buyer.getByText('77 Harbour Rd')).toBeVisible();

    // The buyer sees the addresses on the company page but cannot change them.
    await buyer.goto('/company');
    const theirs = buyer.getByRole('region', { name: 'Delivery addresses' });
    await expect(theirs.getByText('77 Harbour Rd')).toBeVisible();
    await expect(theirs.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(theirs.getByRole('form', { name: 'Add a delivery address' })).toHaveCount(0);

    // The company's admin removes it.
    await section.getByRole('button', { name: 'Remove the address Receiving dock' }).click();
    await boss.getByRole('dialog', { name: 'Remove the address “Receiving dock”?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(boss.getByText('Address removed: Receiving dock')).toBeVisible();
    await expect(section.getByText('No delivery addresses yet.')).toBeVisible();
  } finally {
    await Promise.all([shopContext.close(), bossContext.close(), buyerContext.close()]);
  }
});
