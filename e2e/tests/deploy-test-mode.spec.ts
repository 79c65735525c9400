import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { copy } from '@shop/shared/copy';
import { expect, looks, publicPages, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage, newCustomerPage, orderableProduct, payOrderViaApi, placeOrderViaApi } from '../support/orders-helpers';
import { freePort } from '../../apps/api/test/support/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const screenshots = path.join(root, 'e2e/screenshots');

/**
 * A second shop, started as an owner would start a demo shop in production:
 * the test processor allowed on purpose, e-mails kept in the outbox.
 */
test.describe('a production shop on the test processor', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess | undefined;
  let base = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://localhost:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-prod-'));
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: 'localhost',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: 'e2e-production-secret-e2e-production-secret',
        PAYMENT_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
        MAIL_OUTBOX: 'true',
        SEED_DEMO: 'true',
      },
    });
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000, message: 'the production shop answers' },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('every page says that no real payments are taken', async ({ page }) => {
    for (const p of publicPages) {
      await page.goto(`${base}${p.path}`);
      await expect(p.ready(page)).toBeVisible();
      const banner = page.getByRole('complementary', { name: copy.payment.testModeRegion });
      await expect(banner, p.path).toBeVisible();
      await expect(banner).toHaveText(copy.payment.testModeBanner);
    }
    // Also a product page and the catalogue seeded into production.
    await page.goto(`${base}/products`);
    await page
      .getByRole('link', { name: /order now/i })
      .first()
      .click();
    await expect(page.getByText(copy.payment.testModeBanner)).toBeVisible();
  });

  const viewports = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];
  for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
    test(`the banner reads well (axe) at ${viewport.width}px, ${theme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
      await useTheme(context, theme);
      const page = await context.newPage();
      try {
        await page.goto(`${base}/`);
        await expect(page.getByText(copy.payment.testModeBanner)).toBeVisible();
        await settle(page);
        const result = await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await screenshot(page, { path: path.join(screenshots, `test-mode-banner-${viewport.width}-${theme}.png`) });
      } finally {
        await context.close();
      }
    });
  }

  test('the README demo admin cannot sign in', async ({ page }) => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email', { exact: true }).fill('admin@torque-throttle.example');
    await page.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('the usual test shop shows no banner, and the admin sees paid test orders marked TEST', async ({ browser }) => {
  const { context: customerContext, page: customerPage } = await newCustomerPage(browser, 'testbadge');
  const { context: adminContext, page: adminPage } = await newAdminPage(browser);
  try {
    const product = await orderableProduct(customerPage.request);
    const order = await placeOrderViaApi(customerPage, product);
    const transactionId = await payOrderViaApi(customerPage, order._id);

    await adminPage.goto('/dashboard/orders');
    await expect(adminPage.getByRole('heading', { name: copy.dashboard.manageAllOrders })).toBeVisible();
    const row = adminPage.getByRole('row').filter({ hasText: transactionId });
    await expect(row).toBeVisible();
    await expect(row.getByText(copy.payment.testBadge, { exact: true })).toBeVisible();
    // Outside production the payment page itself says test mode; pages carry no banner.
    await expect(adminPage.getByText(copy.payment.testModeBanner)).toHaveCount(0);
  } finally {
    await customerContext.close();
    await adminContext.close();
  }
});
