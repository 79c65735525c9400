import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { waitForAccessToken } from '../support/auth';
import { fillTestCard, newAdminPage, type ProductDto } from '../support/orders-helpers';
import { fillAddress, OREGON } from '../support/checkout';
import { linkFromMail } from '../support/identity-outbox';
import { expect, looks, screenshot, settle, test, type Theme, useTheme } from '../support/fixtures';

/**
 * Issue #39 item 9 (decision 188): a visitor checks out without an account with an e-mail address, pays with the
 * test card, follows the order through the link of the receipt, and finds it in My Orders once they make an
 * account with that address and confirm it.
 */
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let part: ProductDto;

test.beforeAll(async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const adminToken = await waitForAccessToken(page);
    const res = await page.request.post('/api/product', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        name: `E2E Guest Brake Pads ${uid().toUpperCase()}`,
        unitPrice: 64,
        stock: 200,
        minOrder: 1,
        description: 'A part made for the guest checkout journey.',
        image: '/images/products/oil-filter-hf204.svg',
        sku: `E2E-GUEST-${uid().toUpperCase()}`,
        brand: 'EBC',
        category: 'brakes',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    part = (await res.json()) as ProductDto;
  } finally {
    await context.close();
  }
});

const guestEmail = () => `guest-${uid()}@example.org`;

/** From a visitor's cart to the guest checkout, filled in and ready to place. */
async function fillGuestCheckout(page: Page, email: string) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Check out as guest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest checkout' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await fillAddress(page, OREGON);
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
}

test('a visitor checks out as a guest, pays, follows the order from the e-mail, then sees it in My Orders after confirming an account', async ({ browser }) => {
  // The whole journey: checkout, payment, the e-mail's link, the admin's list, sign-up and My Orders.
  test.setTimeout(240_000);
  const email = guestEmail();
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // A visitor puts the part in the browser cart.
    await page.goto(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`2 units of ${part.name} are in your cart.`)).toBeVisible();

    // The guest checkout refuses a bad e-mail address, then places the order.
    await fillGuestCheckout(page, 'rider@nowhere');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Enter a valid e-mail address, such as rider@example.com.').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Place order' }).click();

    // The order's own page, opened through its link, takes the payment.
    await expect(page).toHaveURL(/\/guest-order#[0-9a-f-]{36}\.[\w-]+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Pay for order TT-\d+$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace('Pay for order ', '').trim();
    await expect(page.getByRole('cell', { name: part.name })).toBeVisible();
    // The browser cart did its work: the parts are reserved in the order.
    await expect(page.getByRole('link', { name: 'Cart, 0 lines' })).toBeVisible();
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    await expect(page.getByText(`Order ${number} is paid.`)).toBeVisible();
    // A guest has no My Orders to go back to.
    await expect(page.getByRole('link', { name: 'Back to My Orders' })).toHaveCount(0);

    // The receipt e-mail carries the order's link; opened elsewhere, it shows the paid order and its invoice.
    const { mail, link } = await linkFromMail(email, /^Your receipt/);
    expect(mail.text).toContain(`order ${number}`);
    expect(link.pathname).toBe('/guest-order');
    const elsewhere = await browser.newContext();
    try {
      const view = await elsewhere.newPage();
      await view.goto(link.href);
      await expect(view.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
      await expect(view.getByText('Guest order', { exact: true })).toBeVisible();
      await expect(view.getByText(`Placed as a guest with ${email}.`)).toBeVisible();
      await expect(view.getByRole('link', { name: part.name })).toBeVisible();
      await expect(view.getByRole('heading', { name: 'Returns, cancellations and My Orders' })).toBeVisible();
      const download = view.waitForEvent('download');
      await view.getByTestId('download-invoice').click();
      expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);

      // The same page with a token altered by one character finds nothing.
      await view.goto(`${link.pathname}${link.hash.slice(0, -1)}${link.hash.endsWith('A') ? 'B' : 'A'}`);
      await expect(view.getByText('We could not find an order for this link.')).toBeVisible();
      await expect(view.getByText(part.name)).toHaveCount(0);
    } finally {
      await elsewhere.close();
    }

    // The admin finds it in Manage All Orders, marked as a guest's.
    const admin = await newAdminPage(browser);
    try {
      await admin.page.goto(`/dashboard/orders?q=${encodeURIComponent(number)}`);
      const adminRow = admin.page.getByRole('row').filter({ hasText: number });
      await expect(adminRow.getByText(email)).toBeVisible();
      await expect(adminRow.getByText('Guest', { exact: true })).toBeVisible();
    } finally {
      await admin.context.close();
    }

    // The guest makes an account with the same address and confirms it: the order is in My Orders.
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Dana Reyes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('guest-password-2026');
    await page.getByRole('button', { name: 'register', exact: true }).click();
    const { link: verify } = await linkFromMail(email, /verify/i);
    await page.goto(verify.href);
    await waitForAccessToken(page);
    await page.goto('/dashboard/myorders');
    const row = page.getByRole('row').filter({ hasText: part.name });
    await expect(row.getByRole('link', { name: number })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** A placed guest order through the API, as the guest checkout page places it; answers the token of its link. */
async function placeGuestOrder(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/guest/checkout', {
    data: {
      email: guestEmail(),
      lines: [{ productId: part._id, quantity: 1 }],
      shippingAddress: { ...OREGON, country: 'US', region: 'OR' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function lookContext(browser: Browser, theme: Theme, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
  await useTheme(context, theme);
  await context.addInitScript(
    (line) => {
      try {
        if (!localStorage.getItem('guestCart')) localStorage.setItem('guestCart', JSON.stringify([line]));
      } catch {
        /* about:blank */
      }
    },
    { productId: part._id, quantity: 3, product: part },
  );
  return context;
}

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
  test(`the guest checkout and guest order pages at ${viewport.width}px, ${theme}: no sideways scroll`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await lookContext(browser, theme, viewport);
    try {
      const page = await context.newPage();
      await fillGuestCheckout(page, guestEmail());
      await settle(page);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), 'the guest checkout scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `guest-checkout-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      const token = await placeGuestOrder(page.request);
      await page.goto(`/guest-order#${token}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Pay for order TT-\d+$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
      await settle(page);
      expect(await overflow(), 'the guest order page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `guest-order-unpaid-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      await fillTestCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: /^Order TT-\d+$/ })).toBeVisible();
      await expect(page.getByTestId('download-invoice')).toBeVisible();
      await settle(page);
      expect(await overflow(), 'the paid guest order scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `guest-order-paid-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
}
