import { expect, type Page } from '@playwright/test';
import { waitForAccessToken } from './auth';

/** A product as the admin's calls answer it (the fields the catalogue journeys read). */
export interface AdminProduct {
  _id: string;
  name: string;
  sku: string;
  brand: string;
  stock: number;
  minOrder: number;
  unitPrice: number;
  version: number;
  lowStock: boolean;
}

/** A short, unique, upper-case id for names and part numbers a test makes. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** The Authorization header of the signed-in page (its own access token). */
export async function bearerOf(page: Page) {
  return { authorization: `Bearer ${await waitForAccessToken(page)}` };
}

/** Test set-up through the API with the admin's own token: a product of its own, so no other journey moves its stock. */
export async function addProduct(page: Page, fields: Partial<{ name: string; stock: number; minOrder: number; unitPrice: number; brand: string }> = {}) {
  const res = await page.request.post('/api/product', {
    headers: await bearerOf(page),
    data: {
      name: `E2E Fork Seal ${uid()}`,
      unitPrice: 40,
      stock: 200,
      minOrder: 5,
      description: 'Double-lip fork seals, 43 mm, a pair per lot.',
      image: '/images/products/fork-seal-kit-43mm.svg',
      sku: `E2E-${uid()}`,
      brand: 'All Balls Racing',
      category: 'suspension',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AdminProduct;
}

/** Manage Products' row of a product. */
export const productRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
/** Manage Products lists this many a page. */
export const MANAGE_PRODUCTS_PER_PAGE = 20;
