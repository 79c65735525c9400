import type { APIRequestContext } from '@playwright/test';

/** Direct calls to the shop's API, to set up data and to know what the pages should show. */

export interface ApiProduct {
  _id: string;
  name: string;
  img: string;
  description: string;
  minOrder: number;
  stock: number;
  unitPrice: number;
}

export interface ApiReview {
  _id: string;
  name: string;
  img: string;
  description: string;
  review: number;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const getProducts = async (request: APIRequestContext) => json<ApiProduct[]>(await request.get('/api/products'));
export const getReviews = async (request: APIRequestContext) => json<ApiReview[]>(await request.get('/api/reviews'));

let counter = 0;

/** A new customer through the real sign-up and sign-in sync; returns the access token. */
export async function signUpCustomer(request: APIRequestContext, baseURL: string, name = 'E2E Rider') {
  counter += 1;
  const email = `e2e-${Date.now().toString(36)}-${counter}@example.com`;
  const password = 'e2e-password-1';
  const origin = new URL(baseURL).origin;
  await json(await request.post('/api/auth/sign-up/email', { data: { email, password, name }, headers: { origin } }));
  // The request context keeps the session cookie from sign-up.
  const { token } = await json<{ token: string }>(await request.put(`/api/user/${encodeURIComponent(email)}`, { data: { email, name }, headers: { origin } }));
  return { email, name, token };
}

export async function addReview(request: APIRequestContext, token: string, review: number, description: string) {
  return json<ApiReview>(await request.post('/api/review', { data: { review, description }, headers: { authorization: `Bearer ${token}` } }));
}
