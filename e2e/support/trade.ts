import { expect, type Page } from '@playwright/test';
import { waitForAccessToken, type Account } from './auth';
import { linkFromMail } from './identity-outbox';

/** Test set-up for trade accounts (decisions 204–209), through the API as the shop's admin and the person joining. */

export const bearer = async (page: Page) => ({ authorization: `Bearer ${await waitForAccessToken(page)}` });

/** `who` (signed in on `page`) joins the company through its invitation e-mail's token, as `role`. */
export async function joinCompany(shop: Page, page: Page, who: Account, companyId: string, role: 'admin' | 'buyer') {
  const invited = await shop.request.post(`/api/admin/companies/${companyId}/invites`, { headers: await bearer(shop), data: { email: who.email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = await linkFromMail(who.email, /^Buy for /);
  const joined = await page.request.post('/api/company/join', { headers: await bearer(page), data: { token: link.searchParams.get('token') } });
  expect(joined.status(), await joined.text()).toBe(200);
}

/** A company made by the shop's admin (`shop`); answers its id. */
export async function createCompany(shop: Page, data: { name: string; paymentTermsDays?: number; creditLimit?: number }): Promise<string> {
  const made = await shop.request.post('/api/admin/companies', { headers: await bearer(shop), data });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { _id: string })._id;
}

/** A part of the run's own, sold one at a time from 1 (`id` makes its name and part number unique). */
export async function createPart(shop: Page, id: string, data: { name: string; sku: string; unitPrice: number; category: string; brand: string }) {
  const made = await shop.request.post('/api/product', {
    headers: await bearer(shop),
    data: {
      ...data,
      name: `${data.name} ${id}`,
      sku: `${data.sku}-${id}`,
      stock: 200,
      minOrder: 1,
      description: `${data.name}, made for a browser test.`,
      image: '/images/products/oil-filter-hf204.svg',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { _id: string };
}
