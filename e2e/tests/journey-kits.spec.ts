import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { addProduct, bearerOf, productRow, uid, type AdminProduct } from '../support/catalog';
import { checkOutTo, OREGON, readyToPlace } from '../support/checkout';
import { newAdminPage, newCustomerPage } from '../support/orders-helpers';

/**
 * Issue #36 item 2 (decision 220): kits. The admin makes a product a kit of two parts on its edit page; the kit's part
 * page lists them and says its stock follows theirs. Then the issue's check: two riders, each with a kit and loose
 * units of one of its parts in the cart, check out at the same moment for more than the shelf holds — the shop sells
 * at most the stock, and the part's stock never goes below zero.
 */

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

interface KitProduct extends AdminProduct {
  kitComponents?: { productId: string; sku: string; name: string; quantity: number; stock: number }[];
}

const kitRegion = (page: Page) => page.getByRole('region', { name: "What's in the kit" });
const kitEditor = (page: Page) => page.getByRole('region', { name: 'Kit parts' });

async function readProduct(page: Page, id: string): Promise<KitProduct> {
  const res = await page.request.get(`/api/product/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as KitProduct;
}

/** Parts of this test's own (named so no search journey finds them), and a product to become the kit. */
async function makeParts(page: Page, boltStock: number) {
  const tag = uid();
  const bolt = await addProduct(page, { name: `E2E Kit Bolt A ${tag}`, stock: boltStock, minOrder: 1, unitPrice: 4, brand: 'Pro Bolt' });
  const washer = await addProduct(page, { name: `E2E Kit Washer B ${tag}`, stock: 60, minOrder: 1, unitPrice: 1.5, brand: 'Pro Bolt' });
  const kit = await addProduct(page, { name: `E2E Kit Set C ${tag}`, stock: 0, minOrder: 1, unitPrice: 9, brand: 'Pro Bolt' });
  return { bolt, washer, kit };
}

/** The admin opens the product's edit page from Manage Products and gives it its parts in "Kit parts". */
async function makeKitInEditor(page: Page, kit: AdminProduct, rows: { sku: string; quantity: number }[]) {
  await page.goto('/dashboard/manageProducts');
  await productRow(page, kit.name).getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { name: `Edit ${kit.name}` })).toBeVisible();
  const editor = kitEditor(page);
  await expect(editor.getByText('This product is not a kit.', { exact: false })).toBeVisible();
  for (const [i, row] of rows.entries()) {
    await editor.getByRole('button', { name: 'Add a part' }).click();
    await editor.getByRole('textbox', { name: `Part number of kit part ${i + 1}` }).fill(row.sku);
    await editor.getByRole('spinbutton', { name: `Pieces per kit of part ${i + 1}` }).fill(String(row.quantity));
  }
  await editor.getByRole('button', { name: 'Save kit parts' }).click();
}

test('the admin makes a kit of two parts on its edit page; its part page lists them and links each', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const { bolt, washer, kit } = await makeParts(page, 10);

    // A number the shop does not sell: the shop's answer is shown and nothing changes.
    await makeKitInEditor(page, kit, [
      { sku: bolt.sku, quantity: 2 },
      { sku: `E2E-NONE-${uid()}`, quantity: 1 },
    ]);
    await expect(kitEditor(page).getByRole('alert')).toContainText('No part has the number');
    expect((await readProduct(page, kit._id)).kitComponents).toBeUndefined();

    // The second row fixed: two bolts and a washer a kit.
    await kitEditor(page).getByRole('textbox', { name: 'Part number of kit part 2' }).fill(washer.sku);
    await kitEditor(page).getByRole('button', { name: 'Save kit parts' }).click();
    await expect(page.getByText(`${kit.sku} is now a kit of 2 parts.`)).toBeVisible();

    // Its stock is its parts' now: 10 bolts make 5 kits; the form shows it, read-only, and says why.
    const stock = page.getByLabel('Stock', { exact: true });
    await expect(stock).toHaveValue('5');
    await expect(stock).toHaveAttribute('readonly', '');
    await expect(page.getByText("A kit's stock is its parts' stock: change theirs instead.")).toBeVisible();
    const saved = await readProduct(page, kit._id);
    expect(saved.stock).toBe(5);
    expect(saved.kitComponents?.map((c) => [c.sku, c.quantity])).toEqual([
      [bolt.sku, 2],
      [washer.sku, 1],
    ]);
    // The shop refuses to adjust a kit's stock.
    const adjust = await page.request.post(`/api/product/${kit._id}/stock`, { headers: await bearerOf(page), data: { delta: 3, reason: 'restock' } });
    expect(adjust.status()).toBe(409);
    expect(((await adjust.json()) as { error: { code: string } }).error.code).toBe('KIT_STOCK');
    // Manage Products offers no stock adjustment for the kit, as it does for its parts.
    await page.goto('/dashboard/manageProducts');
    await expect(productRow(page, bolt.name).getByRole('button', { name: /^Adjust stock/ })).toBeVisible();
    await expect(productRow(page, kit.name).getByRole('link', { name: /^Edit/ })).toBeVisible();
    await expect(productRow(page, kit.name).getByRole('button', { name: /^Adjust stock/ })).toHaveCount(0);

    // The kit's page, as a visitor reads it: the server's HTML already names the parts.
    const html = await (await page.request.get(`/parts/${kit._id}`)).text();
    expect(html).toContain('What&#x27;s in the kit');
    expect(html).toContain(`2 × ${bolt.name}`);
    await page.goto(`/parts/${kit._id}`);
    await expect(page.getByRole('heading', { level: 1, name: kit.name })).toBeVisible();
    const section = kitRegion(page);
    await expect(section.getByText('Kit: stock follows its parts')).toBeVisible();
    const items = section.getByRole('list', { name: 'Parts in this kit' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(bolt.sku);
    await expect(items.nth(0)).toContainText('In stock');
    await expect(items.nth(1)).toContainText(`1 × ${washer.name}`);
    await section.getByRole('link', { name: `2 × ${bolt.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/parts/${bolt._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: bolt.name })).toBeVisible();
    // A part that is not a kit has no such section.
    await expect(kitRegion(page)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

/** The rider puts `quantity` of the part into the cart from its page. */
async function addToCart(page: Page, part: AdminProduct, quantity: number) {
  await page.goto(`/parts/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${quantity.toLocaleString('en-US')} units of ${part.name} are in your cart.`)).toBeVisible();
}

test('two riders check out a kit and loose units of its part at the same moment: never more sold than the shelf, never below zero', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await newAdminPage(browser);
  const first = await newCustomerPage(browser, 'kit-a');
  const second = await newCustomerPage(browser, 'kit-b');
  try {
    // 10 bolts; a kit takes 2. Each cart alone fits the shelf (3 kits + 4 bolts = 10; 2 kits + 4 bolts = 8), both together do not (18).
    const { bolt, washer, kit } = await makeParts(admin.page, 10);
    await makeKitInEditor(admin.page, kit, [
      { sku: bolt.sku, quantity: 2 },
      { sku: washer.sku, quantity: 1 },
    ]);
    await expect(admin.page.getByText(`${kit.sku} is now a kit of 2 parts.`)).toBeVisible();
    const asKit = { ...kit, stock: 5 };

    await addToCart(first.page, asKit, 3);
    await addToCart(first.page, bolt, 4);
    await addToCart(second.page, asKit, 2);
    await addToCart(second.page, bolt, 4);
    const buttons = await Promise.all([readyToPlace(first.page), readyToPlace(second.page)]);

    // Both click Place order at once; each waits for the shop's answer to its checkout.
    const answers = await Promise.all(
      [first.page, second.page].map(async (page, i) => {
        const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/checkout');
        await buttons[i].click();
        return (await answer).status();
      }),
    );
    const pages = [first.page, second.page];
    const won = answers.flatMap((status, i) => (status === 201 ? [i] : []));
    const lost = answers.flatMap((status, i) => (status === 409 ? [i] : []));
    expect(
      answers.every((s) => s === 201 || s === 409),
      `checkout answers ${answers.join(', ')}`,
    ).toBe(true);
    // 18 bolts asked for, 10 on the shelf: one checkout is sold, the other is told the shop has not enough.
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const refused = pages[lost[0]].getByRole('complementary', { name: 'Order summary' }).getByRole('alert');
    await expect(refused).toContainText('Some lines are short');
    await expect(refused).toContainText('Not enough stock');
    await expect(pages[lost[0]]).toHaveURL(/\/checkout$/);
    // The winner's checkout goes on to its payment.
    await expect(pages[won[0]]).toHaveURL(/\/checkout\?order=/);
    // Their orders show what the kit line was made of when bought (decision 220).
    await pages[won[0]].goto('/dashboard/myorders');
    await expect(pages[won[0]].locator('p:visible', { hasText: /^Includes 2 × E2E Kit Bolt A .*, 1 × E2E Kit Washer B / }).first()).toBeVisible();

    // What the winner took came off the shelf through the kit's parts: bolts 10 − (2 × kits + loose), never below zero.
    const boltsSold = won[0] === 0 ? 2 * 3 + 4 : 2 * 2 + 4;
    const after = await readProduct(admin.page, bolt._id);
    expect(after.stock).toBeGreaterThanOrEqual(0);
    expect(after.stock).toBe(10 - boltsSold);
    const washers = await readProduct(admin.page, washer._id);
    expect(washers.stock).toBe(60 - (won[0] === 0 ? 3 : 2));
    // The kit's own figure follows: what the bolts left make.
    expect((await readProduct(admin.page, kit._id)).stock).toBe(Math.floor(after.stock / 2));

    // The rider who was refused tries again: the shop still sells no more than the shelf holds.
    const summary = await checkOutTo(pages[lost[0]], OREGON);
    await expect(summary.getByRole('alert')).toContainText('Some lines are short');
    expect((await readProduct(admin.page, bolt._id)).stock).toBe(after.stock);
  } finally {
    await Promise.all([admin.context.close(), first.context.close(), second.context.close()]);
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the demo kit's part page and the admin's Kit parts at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    const admin = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      const page = await context.newPage();
      // The seed's kit (demo-kits.ts): the SV650's chain and both sprockets.
      const all = (await (await page.request.get('/api/products')).json()) as KitProduct[];
      const kit = all.find((p) => p.sku === 'KS-SV650-520');
      if (!kit) throw new Error('The demo kit KS-SV650-520 is not in the catalogue');
      await page.goto(`/parts/${kit._id}`);
      await expect(kitRegion(page).getByRole('listitem')).toHaveCount(3);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await violations(page, 'kit part page')).toEqual([]);
      await screenshot(page, { path: path.join(outDir, `kit-part-page-${width}-${theme}.png`), fullPage: true });

      await admin.page.setViewportSize({ width, height: 900 });
      await admin.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(admin.context, theme);
      await admin.page.goto(`/dashboard/manageProducts/${kit._id}/edit`);
      await expect(kitEditor(admin.page).getByRole('textbox', { name: 'Part number of kit part 3' })).toHaveValue('RA-250-45');
      await settle(admin.page);
      expect(
        await admin.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'sideways scroll',
      ).toBeLessThanOrEqual(0);
      expect(await violations(admin.page, 'kit edit page')).toEqual([]);
      await kitEditor(admin.page).scrollIntoViewIfNeeded();
      await screenshot(admin.page, { path: path.join(outDir, `kit-editor-${width}-${theme}.png`), fullPage: true });
    } finally {
      await Promise.all([context.close(), admin.context.close()]);
    }
  });
}

async function violations(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(3);
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`);
}
