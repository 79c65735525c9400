import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** Seeded on the fresh test database by the shop's first start (apps/api/src/db/seed). */
export const DEMO_ADMIN = { email: 'admin@torque-throttle.example', password: 'admin-demo-2026', name: 'Alex Morgan (Admin)' };

export interface Customer {
  name: string;
  email: string;
  password: string;
}

export interface ProductDto {
  _id: string;
  name: string;
  img: string;
  description: string;
  minOrder: number;
  stock: number;
  unitPrice: number;
}

export interface OrderDto {
  _id: string;
  productName: string;
  quantity: number;
  price: number;
  paid: boolean;
  transactionId: string | null;
  deleverd: boolean;
}

/** A customer nobody else uses: tests run in parallel against one server. */
export function freshCustomer(tag: string): Customer {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: `Rider ${tag} ${id}`, email: `rider${tag}${id}@example.com`.toLowerCase(), password: 'ride-safe-2026' };
}

async function waitForAccessToken(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { message: 'the shop stored an access token' }).toBeTruthy();
}

/** Registers through the real sign-up page and waits until the shop holds the access token. */
export async function registerCustomer(page: Page, customer: Customer) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'register', exact: true }).click();
  await expect(page.getByText('Successfully SignUp.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await waitForAccessToken(page);
}

/** Signs in through the real login page. */
export async function login(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await waitForAccessToken(page);
}

/** A new browser context (own cookies and storage) signed in as a fresh customer. */
export async function newCustomerPage(browser: Browser, tag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = freshCustomer(tag);
  await registerCustomer(page, customer);
  return { context, page, customer };
}

/**
 * Signs in through Better Auth's own endpoint (the session cookie lands in the
 * page's context), then lets the shop restore the session and fetch its token.
 * Used for the demo admin: the login form applies the spec's loose e-mail
 * pattern, which 'admin@torque-throttle.example' (hyphenated domain) fails.
 */
export async function signInViaApi(page: Page, account: { email: string; password: string }) {
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto('/home');
  await waitForAccessToken(page);
}

export async function newAdminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, DEMO_ADMIN);
  return { context, page };
}

/**
 * A catalogue product with room for at least `units` more minimum orders.
 * 'last' gives a journey that checks exact stock a product no other journey orders.
 */
export async function orderableProduct(request: APIRequestContext, units = 4, pick: 'first' | 'last' = 'first'): Promise<ProductDto> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  const products = ((await res.json()) as ProductDto[]).filter((p) => p.stock >= p.minOrder * units);
  const product = pick === 'first' ? products[0] : products[products.length - 1];
  if (!product) throw new Error('No product in the catalogue has enough stock for the test');
  return product;
}

/** Test set-up through the API with the browser's own token: an unpaid order of the minimum quantity. */
export async function placeOrderViaApi(page: Page, product: ProductDto, quantity = product.minOrder): Promise<OrderDto> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: product._id, quantity, country: 'Germany', address: 'Ringstraße 1, Nürburg', phone: '4926915200' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as OrderDto;
}

/** "$1,234.50", as the shop prints prices. */
export const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Fills the built-in test processor's card form. */
export async function fillTestCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}
