import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The part page's fitment section and its "Check fit" selects (issue #26 item 5, issue #35 item 1). */

export interface DemoPart {
  _id: string;
  name: string;
  sku: string;
}

/** A demo part by its part number (the seed: FA244HH, the sintered pads, fit the MT-07 2014–2024 and not the Bonneville). */
export async function demoPart(request: APIRequestContext, sku: string): Promise<DemoPart> {
  const res = await request.get(`/api/search?q=${encodeURIComponent(sku)}&limit=1`);
  expect(res.status()).toBe(200);
  const [part] = ((await res.json()) as { items: DemoPart[] }).items;
  expect(part.sku).toBe(sku);
  return part;
}

export const fitSection = (page: Page) => page.getByRole('region', { name: 'Fits these bikes' });

/** Year → make → model in the section's "Check fit" selects, then Check fit. */
export async function checkFit(section: Locator, year: string, make: string, model: string) {
  const yearSelect = section.getByRole('combobox', { name: 'Year' });
  await expect(yearSelect.getByRole('option', { name: year })).toBeAttached();
  await yearSelect.selectOption(year);
  const makeSelect = section.getByRole('combobox', { name: 'Make' });
  await expect(makeSelect.getByRole('option', { name: make })).toBeAttached();
  await makeSelect.selectOption(make);
  const modelSelect = section.getByRole('combobox', { name: 'Model' });
  await expect(modelSelect.getByRole('option', { name: model, exact: true })).toBeAttached();
  await modelSelect.selectOption(model);
  await section.getByRole('button', { name: 'Check fit' }).click();
}

/** WCAG 2.1 AA violations of the page, each in words; the page must have rendered something to check. */
export async function fitmentViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(3);
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`);
}
