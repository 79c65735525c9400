import { expect, settle, test, useTheme } from '../support/fixtures';
import { signUpAndLogin } from '../support/auth';
import { checkFit, demoPart, fitSection, fitmentViolations } from '../support/fitment';

/**
 * Issue #26 item 5, "Fitment where it matters": the part page lists the bikes
 * the part fits (in the server's HTML), checks the rider's bike with the
 * shared fit rule, and a signed-in customer's cart no longer warns about a part
 * that fits the chosen bike.
 */

test('the part page lists the bikes a part fits and checks the rider’s bike', async ({ page, request }) => {
  const pads = await demoPart(request, 'FA244HH');

  // The list is in the server's HTML: a search engine reads it without running the page.
  const html = await (await request.get(`/parts/${pads._id}`)).text();
  expect(html).toContain('Fits these bikes');
  expect(html).toMatch(/MT-07<\/span> <span[^>]*>2014–2024/);

  await page.goto(`/parts/${pads._id}`);
  const section = fitSection(page);
  const list = section.getByRole('list', { name: 'Bikes this part fits' });
  await expect(list).toContainText('Yamaha');
  await expect(list).toContainText('MT-07 2014–2024');
  await expect(list).toContainText('Ténéré 700 2019–2024');

  await checkFit(section, '2021', 'Yamaha', 'MT-07');
  await expect(section.getByRole('status')).toHaveText('Fits your 2021 Yamaha MT-07 · front · 2 per bike · One set per caliper');

  await section.getByRole('button', { name: 'Check another bike' }).click();
  await checkFit(section, '2021', 'Triumph', 'Bonneville T120');
  await expect(section.getByRole('status')).toContainText('Does not fit your 2021 Triumph Bonneville T120');
  await expect(section.getByRole('status')).not.toContainText('Fits your');

  // The bike stays chosen on the site: the next visit answers at once.
  await page.reload();
  await expect(fitSection(page).getByRole('status')).toContainText('Does not fit your 2021 Triumph Bonneville T120');
});

test('a universal part says it fits every bike', async ({ page, request }) => {
  const grips = await demoPart(request, 'G154');
  await page.goto(`/parts/${grips._id}`);
  await expect(fitSection(page)).toContainText('Fits every bike (universal part)');
  await expect(fitSection(page).getByRole('list', { name: 'Bikes this part fits' })).toHaveCount(0);
});

test('a signed-in customer’s cart does not warn about a part that fits the chosen bike', async ({ page, request }) => {
  test.setTimeout(90_000);
  const pads = await demoPart(request, 'FA244HH');
  await signUpAndLogin(page, { tag: 'fitcart', path: `/parts/${pads._id}` });
  const section = fitSection(page);
  await checkFit(section, '2021', 'Yamaha', 'MT-07');
  await expect(section.getByRole('status')).toHaveText('Fits your 2021 Yamaha MT-07 · front · 2 per bike · One set per caliper');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`units of ${pads.name} are in your cart.`)).toBeVisible();

  // The cart's warnings speak of the garage's active bike: wait for it, so "no warning" is an answer, not a race.
  const garageRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/garage' && r.request().method() === 'GET' && r.ok());
  await page.goto('/cart');
  await garageRead;
  const line = page.getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ hasText: pads.name });
  await expect(line).toBeVisible();
  await settle(page);
  await expect(page.getByRole('main')).not.toContainText(/does not fit/i);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the part page with its fitment and fit check has no WCAG 2.1 AA violations, ${theme} theme`, async ({ browser, request }) => {
    const pads = await demoPart(request, 'FA244HH');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      const found: string[] = [];
      await page.goto(`/parts/${pads._id}`);
      await expect(fitSection(page).getByRole('combobox', { name: 'Year' })).toBeVisible();
      await settle(page);
      found.push(...(await fitmentViolations(page, `part page, no bike, ${theme}`)));
      await checkFit(fitSection(page), '2021', 'Yamaha', 'MT-07');
      await expect(fitSection(page).getByRole('status')).toHaveText('Fits your 2021 Yamaha MT-07 · front · 2 per bike · One set per caliper');
      found.push(...(await fitmentViolations(page, `part page, fits, ${theme}`)));
      await fitSection(page).getByRole('button', { name: 'Check another bike' }).click();
      await checkFit(fitSection(page), '2021', 'Triumph', 'Bonneville T120');
      await expect(fitSection(page).getByRole('status')).toContainText('Does not fit your');
      found.push(...(await fitmentViolations(page, `part page, does not fit, ${theme}`)));
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
