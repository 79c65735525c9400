import type { Browser, Page } from '@playwright/test';
import { waitForAccessToken, type Account } from '../support/auth';
import { checkOutTo, OREGON } from '../support/checkout';
import { expect, looks, settle, test, useTheme } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { linkFromMail } from '../support/identity-outbox';
import { newAdminPage, newCustomerPage, orderableProduct } from '../support/orders-helpers';

/**
 * Issue #37 item 1 (decision 204): trade accounts. The shop's admin creates a company and invites its admin by
 * e-mail; the company's admin joins with the e-mailed link, invites a buyer who joins and orders, sees that order
 * under the company's orders, and removes the buyer, who then buys for no company.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bearer = async (page: Page) => ({ authorization: `Bearer ${await waitForAccessToken(page)}` });

/** Opens the newest invitation e-mail's link as the invited person, accepts it and lands on /company. */
async function acceptInvitation(page: Page, who: Account, company: string) {
  const { link } = await linkFromMail(who.email, /^Buy for /);
  expect(link.pathname).toBe('/company/join');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Join a trade account' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `You now buy for ${company}` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the company page' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('region', { name: 'Account' }).getByText(company)).toBeVisible();
}

test('a company: the shop creates it and invites its admin, who invites a buyer, sees the buyer’s order and removes the buyer', async ({ browser }) => {
  // Three people's pages, e-mails, an order and its page: longer than one page's journey.
  test.setTimeout(120_000);
  const name = `Acme Moto Works ${unique()}`;
  const { page: shop, context: shopContext } = await newAdminPage(browser);
  const { page: alice, context: aliceContext, customer: aliceAccount } = await newCustomerPage(browser, 'alice');
  const { page: bob, context: bobContext, customer: bobAccount } = await newCustomerPage(browser, 'bob');
  try {
    // The shop's admin creates the company with its terms, then invites Alice as its admin.
    await shop.goto('/dashboard/companies');
    const create = shop.getByRole('region', { name: 'New company' });
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await create.getByRole('textbox', { name: 'Tax number' }).fill('US-12-3456789');
    await create.getByRole('textbox', { name: 'Address line 1' }).fill('1 Garage Way');
    await create.getByRole('textbox', { name: 'City' }).fill('Portland');
    await create.getByRole('textbox', { name: 'State or region' }).fill('OR');
    await create.getByRole('textbox', { name: 'Postal code' }).fill('97214');
    await create.getByRole('textbox', { name: 'Country code' }).fill('US');
    await create.getByRole('spinbutton', { name: 'Payment terms (days)' }).fill('30');
    await create.getByRole('spinbutton', { name: 'Credit limit' }).fill('5000');
    await create.getByRole('button', { name: 'Create company' }).click();
    await expect(shop.getByText(`Company created: ${name}`)).toBeVisible();
    await shop.getByRole('link', { name: `Open ${name}` }).click();
    await expect(shop.getByRole('heading', { level: 2, name })).toBeVisible();
    const shopInvite = shop.getByRole('region', { name: 'Invite someone' });
    await shopInvite.getByRole('textbox', { name: 'E-mail' }).fill(aliceAccount.email);
    await shopInvite.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await shopInvite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(shop.getByText(`Invitation sent to ${aliceAccount.email}`)).toBeVisible();
    await expect(shopInvite.getByRole('list', { name: 'Open invitations' }).getByText(aliceAccount.email)).toBeVisible();
    // A mistyped address: the shop's admin withdraws that invitation from the company's page.
    const typo = `typo${unique()}@example.com`;
    await shopInvite.getByRole('textbox', { name: 'E-mail' }).fill(typo);
    await shopInvite.getByRole('combobox', { name: 'Role' }).selectOption('buyer');
    await shopInvite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(shop.getByText(`Invitation sent to ${typo}`)).toBeVisible();
    await shopInvite.getByRole('button', { name: `Withdraw the invitation of ${typo}` }).click();
    await shop
      .getByRole('dialog', { name: `Withdraw the invitation of ${typo}?` })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(shop.getByText(`Invitation withdrawn: ${typo}`)).toBeVisible();
    await expect(shopInvite.getByRole('list', { name: 'Open invitations' }).getByText(typo)).toHaveCount(0);

    // Alice joins with the e-mailed link and sees the company's terms and her role.
    await acceptInvitation(alice, aliceAccount, name);
    const account = alice.getByRole('region', { name: 'Account' });
    await expect(account.getByText('30 days on account')).toBeVisible();
    await expect(account.getByText('$5,000.00')).toBeVisible();
    await expect(account.getByText('Admin', { exact: true })).toBeVisible();

    // Alice invites Bob as a buyer; Bob joins.
    const invite = alice.getByRole('region', { name: 'Invite someone' });
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(bobAccount.email);
    await invite.getByRole('combobox', { name: 'Role' }).selectOption('buyer');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(alice.getByText(`Invitation sent to ${bobAccount.email}`)).toBeVisible();
    await acceptInvitation(bob, bobAccount, name);
    await expect(bob.getByRole('region', { name: 'People' })).toHaveCount(0);

    // Bob orders: the order is the company's.
    const part = await orderableProduct(bob.request);
    const put = await bob.request.put(`/api/cart/lines/${part._id}`, { headers: await bearer(bob), data: { quantity: part.minOrder } });
    expect(put.status(), await put.text()).toBe(200);
    // Buying for the company, Bob gives his workshop's purchase-order number (decision 205).
    await checkOutTo(bob, OREGON, { poNumber: 'WS-4711/A' });
    await expect(bob).toHaveURL(/\/checkout\?order=/);
    const [order] = (await (await bob.request.get('/api/company/orders', { headers: await bearer(bob) })).json()) as { _id: string; number: number }[];
    expect(order).toBeTruthy();

    // Alice sees it under the company's orders, placed by Bob, and opens it.
    await alice.goto('/company');
    const orders = alice.getByRole('list', { name: 'Orders' });
    const row = orders.getByRole('listitem').filter({ hasText: `TT-${order.number}` });
    await expect(row.getByText(bobAccount.name)).toBeVisible();
    await expect(row.getByText('Awaiting payment')).toBeVisible();
    // Alice opens it read only: who placed it and its PO number, none of Bob's actions (decision 204).
    await row.getByRole('link', { name: `Open order TT-${order.number}` }).click();
    await expect(alice.getByRole('heading', { level: 2, name: `Order TT-${order.number}` })).toBeVisible();
    await expect(alice.getByText('WS-4711/A')).toBeVisible();
    await expect(alice.getByText(`${bobAccount.name} · ${bobAccount.email}`)).toBeVisible();
    await expect(alice.getByRole('link', { name: /^Pay / })).toHaveCount(0);
    // She came from the company page, and goes back there (not to her own My Orders).
    await expect(alice.getByRole('link', { name: 'Back to the company' })).toHaveAttribute('href', '/company');
    // Bob's own order opens its page under My Orders.
    await bob.goto('/company');
    await bob.getByRole('link', { name: `Open order TT-${order.number}` }).click();
    await expect(bob.getByRole('heading', { level: 2, name: `Order TT-${order.number}` })).toBeVisible();

    // Alice removes Bob after confirming; Bob buys for no company any more.
    await alice.goto('/company');
    const people = alice.getByRole('list', { name: 'People' });
    await people.getByRole('button', { name: `Remove ${bobAccount.name}` }).click();
    const dialog = alice.getByRole('dialog', { name: `Remove ${bobAccount.name} from the company?` });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(alice.getByText(`Removed: ${bobAccount.name}`)).toBeVisible();
    await expect(people.getByText(bobAccount.name)).toHaveCount(0);
    await bob.goto('/company');
    await expect(bob.getByText('You do not buy for a trade account')).toBeVisible();
    // The order stays the company's.
    await alice.reload();
    await expect(alice.getByRole('list', { name: 'Orders' }).getByText(`TT-${order.number}`)).toBeVisible();
  } finally {
    await Promise.all([shopContext.close(), aliceContext.close(), bobContext.close()]);
  }
});

/** Set-up through the API: a company with `admin` as its admin (the shop's admin creates it and invites, the invitee joins). */
async function companyWithAdmin(browser: Browser, admin: Page, who: Account) {
  const { page: shop, context } = await newAdminPage(browser);
  try {
    const headers = await bearer(shop);
    const name = `Looks Moto ${unique()}`;
    const created = await shop.request.post('/api/admin/companies', {
      headers,
      data: {
        name,
        taxId: 'DE123456789',
        billing: { line1: 'Ringstraße 1', city: 'Nürburg', postalCode: '53520', country: 'DE' },
        paymentTermsDays: 30,
        creditLimit: 2500,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const invited = await shop.request.post(`/api/admin/companies/${_id}/invites`, { headers, data: { email: who.email, role: 'admin' } });
    expect(invited.status(), await invited.text()).toBe(201);
  } finally {
    await context.close();
  }
  const { link } = await linkFromMail(who.email, /^Buy for /);
  const joined = await admin.request.post('/api/company/join', { headers: await bearer(admin), data: { token: link.searchParams.get('token') } });
  expect(joined.status(), await joined.text()).toBe(200);
  // An open invitation, so the page shows one.
  const more = await admin.request.post('/api/company/invites', { headers: await bearer(admin), data: { email: `buyer${unique()}@example.com` } });
  expect(more.status(), await more.text()).toBe(201);
}

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the company page of its admin at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const { page, context, customer } = await newCustomerPage(browser, 'companyadmin');
    try {
      await companyWithAdmin(browser, page, customer);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(context, theme);
      await page.goto('/company');
      await expect(page.getByRole('list', { name: 'People' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Open invitations' })).toBeVisible();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'company page')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test(`the admin's Companies page at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const { page, context } = await newAdminPage(browser);
    try {
      const created = await page.request.post('/api/admin/companies', {
        headers: await bearer(page),
        data: { name: `Axe Moto ${unique()}`, paymentTermsDays: 0 },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(context, theme);
      await page.goto('/dashboard/companies');
      await expect(page.getByRole('list', { name: 'All companies' })).toBeVisible();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'admin companies')).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
