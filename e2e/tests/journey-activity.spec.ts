import AxeBuilder from '@axe-core/playwright';
import { waitForAccessToken } from '../support/auth';
import { expect, settle, test, type Theme, useTheme } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';

/** Issue #8, part 7: the Activity page pages through older entries, and it passes axe in both themes. */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('Activity loads older entries on "Older" without repeating one, until everything is shown', async ({ browser }) => {
  test.slow();
  const { page, context } = await newAdminPage(browser);
  try {
    const headers = { authorization: `Bearer ${await waitForAccessToken(page)}` };
    const name = `E2E Activity Lever ${uid()}`;
    const created = await page.request.post('/api/product', {
      headers,
      data: {
        name,
        unitPrice: 25,
        stock: 100,
        minOrder: 5,
        description: 'A lever whose stock is adjusted thirty times.',
        image: '/images/products/fork-seal-kit-43mm.svg',
        sku: `E2E-ACT-${uid()}`,
        brand: 'ASV',
        category: 'controls',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { _id: string };
    // More stock changes of this one part than a page of Activity holds (25).
    for (let i = 1; i <= 30; i += 1) {
      const res = await page.request.post(`/api/product/${product._id}/stock`, {
        headers,
        data: { delta: 1, reason: 'restock', note: `Delivery note DN-${i}` },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.goto('/dashboard/activity?action=product.stock_adjust');
    await expect(page.getByLabel('Action')).toHaveValue('product.stock_adjust');
    const entries = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await expect(entries).toHaveCount(25);
    // Issue #39 item 8: the entry names the product, not its id.
    const ours = entries.filter({ hasText: `Product ${name}` });
    // Newest first: the last adjustment leads.
    await expect(entries.first()).toContainText(`Product ${name}`);
    await expect(entries.first()).not.toContainText(product._id.slice(0, 8));

    await page.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(25);
    await expect(ours).toHaveCount(30);
    const ids = await entries.evaluateAll((items) => items.map((li) => li.textContent));
    expect(new Set(ids).size, 'an entry is shown twice').toBe(ids.length);

    // Page on until the end of this filter.
    const older = page.getByRole('button', { name: 'Older' });
    for (let i = 0; i < 50 && (await older.isVisible()); i += 1) {
      await older.click();
      await expect(
        page.getByRole('button', { name: /^(Older|Loading older entries…)$/ }).or(page.getByText('That is everything for this filter.')),
      ).toBeVisible();
      await expect(page.getByText('Loading older entries…')).toHaveCount(0);
    }
    await expect(page.getByText('That is everything for this filter.')).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`Activity and the import preview have no WCAG 2.1 AA violations, ${theme} theme`, async ({ browser }, testInfo) => {
    const { page, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await page.goto('/dashboard/activity');
      await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first()).toBeVisible();
      await settle(page);
      let result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .analyze();
      expect(result.passes.length).toBeGreaterThan(10);
      expect(result.violations.map((v) => `Activity: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

      // The import preview with a bad row, the state with the most on screen.
      const file = testInfo.outputPath('catalogue.csv');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        file,
        [
          'sku,name,brand,category,unitPrice,minOrder,stock,description,images',
          `E2E-A11Y-${uid()},Axe lever,ASV,controls,19.90,5,60,Folding lever.,/images/products/x-ring-chain-520.svg`,
          `E2E-A11Y-${uid()},Bad row,ASV,rockets,cheap,5,60,x,/images/a.svg`,
        ].join('\n'),
      );
      await page.goto('/dashboard/manageProducts');
      await page.getByLabel('Import CSV').setInputFiles(file);
      const preview = page.getByRole('dialog', { name: 'Import preview' });
      await expect(preview.getByText(/^Line 3:/)).toBeVisible();
      await settle(page);
      result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .include('dialog')
        .withTags(WCAG_21_AA)
        .analyze();
      expect(result.violations.map((v) => `Import preview: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
      await preview.getByRole('button', { name: 'Cancel' }).click();
      await expect(preview).toBeHidden();
    } finally {
      await context.close();
    }
  });
}
