import type { Page } from '@playwright/test';

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data?: unknown };
}

/**
 * The data a server-rendered page was rendered with (decision 106): the page
 * does not ask the API again, so tests compare with what the server used.
 */
export async function renderedQueryData<T>(page: Page, matches: (key: unknown[]) => boolean): Promise<T> {
  const json = await page.locator('script#ssr-state').textContent();
  const state = JSON.parse(json ?? '{}') as { queries?: { queries?: DehydratedQuery[] } };
  const query = state.queries?.queries?.find((q) => matches(q.queryKey));
  if (!query) throw new Error('the page was not rendered with that data');
  return query.state.data as T;
}

/** The page of the catalogue /products was rendered with. */
export const renderedProductsPage = <T>(page: Page) => renderedQueryData<{ items: T[] }>(page, (key) => key[0] === 'products' && key[1] === 'page');
