import type { ReactElement, ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer, toast } from 'react-toastify';
import { ThemeProvider } from '../features/theme/theme-context';
import { createQueryClient } from '../lib/query-client';

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.dismiss();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

/** The app's real query client (its error toasts included), minus retries so failures show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <ToastContainer autoClose={false} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

interface Options {
  /** Starting URL of the in-memory router. */
  url?: string;
  /** Extra routes (e.g. the targets of links) next to the one under test at `path`. */
  path?: string;
  routes?: RouteObject[];
}

/** Renders `ui` at `path` inside a memory router with the app's providers. */
export function renderWithProviders(ui: ReactElement, { url = '/', path = '*', routes = [] }: Options = {}) {
  const client = testQueryClient();
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  const utils = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, client };
}
