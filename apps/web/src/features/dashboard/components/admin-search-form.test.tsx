import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { skuKey } from '@shop/shared/catalog';
import type { Product } from '@shop/shared/schemas/product';
import type { UserListEntry } from '@shop/shared/schemas/user';
import ManageProductsPage from '../../../app/routes/dashboard/manage-products';
import MakeAdminPage from '../../../app/routes/dashboard/make-admin';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

/** Issue #25: the search boxes of Manage Products and Make Admin, kept in the address. */

const PRODUCTS: Product[] = makeProducts(3).map((p, i) => ({
  ...p,
  ...[
    { name: 'Oil filter', sku: 'HF-204' },
    { name: 'Spark plug', sku: 'CR9E IX' },
    { name: 'Chain', sku: 'DID-520' },
  ][i],
}));

/** GET /products/manage as the API answers it: q matches names, brands and part numbers however typed. */
function productsServer() {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/products/manage') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const items = PRODUCTS.filter((p) => !q || p.name.toLowerCase().includes(q) || p.brand.toLowerCase().includes(q) || skuKey(p.sku).includes(skuKey(q)));
      return { status: 200, body: { items, total: items.length, page: 1, limit: 20, pages: 1, counts: { all: items.length, lowStock: 0 } } };
    }
    return notFound(req);
  });
}

const USERS: UserListEntry[] = [
  { _id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', taxExempt: false, taxId: '' },
  { _id: 'u2', name: 'Jonas Weber', email: 'jonas@weber-motorrad.de', role: 'user', taxExempt: false, taxId: '' },
  { _id: 'u3', name: 'Sam Okafor', email: 'sam@musiccity.example', role: 'user', taxExempt: false, taxId: '' },
];

function usersServer() {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/users') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const items = USERS.filter((u) => !q || u.name.toLowerCase().includes(q) || u.email.includes(q));
      return { status: 200, body: { items, total: items.length, page: 1, limit: 50, pages: 1 } };
    }
    return notFound(req);
  });
}

const rows = async () => (await screen.findAllByRole('row')).slice(1).map((r) => r.textContent ?? '');

describe('Manage Products search', () => {
  it('searches on submit, puts the search in the address, and clears it', async () => {
    const api = productsServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ManageProductsPage />, { url: '/dashboard/manageProducts?page=2' });
    const form = await screen.findByRole('search', { name: 'Search products' });
    const box = within(form).getByRole('searchbox', { name: 'Search products' });
    await user.type(box, '  hf 204 ');
    // Nothing is sent while typing.
    expect(api.calls.filter((c) => c.query.has('q'))).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=hf+204'));
    await waitFor(async () => expect(await rows()).toEqual([expect.stringContaining('Oil filter')]));
    expect(api.calls.at(-1)!.query.get('q')).toBe('hf 204');
    // A new search starts at page 1.
    expect(api.calls.at(-1)!.query.get('page')).toBe('1');

    await user.click(within(form).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(async () => expect(await rows()).toHaveLength(3));
  });

  it('reads the search from the address, and says so when nothing matches', async () => {
    productsServer();
    renderWithProviders(<ManageProductsPage />, { url: '/dashboard/manageProducts?q=carburettor' });
    expect(await screen.findByText('No products match this search. Try another name, part number or brand.')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('carburettor');
    expect(screen.queryByText('The catalogue is empty. Add your first part.')).toBeNull();
  });
});

describe('Make Admin search', () => {
  it('searches by e-mail on Enter, keeps it in the address with the count of matches', async () => {
    const api = usersServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<MakeAdminPage />, { url: '/dashboard/makeAdmin' });
    expect(await screen.findByText('3 accounts')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'weber-motorrad{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=weber-motorrad'));
    expect(await screen.findByText('1 account found')).toBeTruthy();
    expect(await rows()).toEqual([expect.stringContaining('jonas@weber-motorrad.de')]);
    expect(api.calls.at(-1)!.query.get('q')).toBe('weber-motorrad');
  });

  it('says so when no account matches', async () => {
    usersServer();
    renderWithProviders(<MakeAdminPage />, { url: '/dashboard/makeAdmin?q=nobody' });
    expect(await screen.findByText('No accounts match this search. Try part of a name or an e-mail address.')).toBeTruthy();
    expect(screen.queryByText('No accounts yet.')).toBeNull();
  });
});
