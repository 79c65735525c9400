import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import type { ReorderListSummary } from '@shop/shared/schemas/reorder-list';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { SaveReorderList } from './save-reorder-list';
import { ReorderListsSection } from './reorder-lists-section';

const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/toast', () => ({ toastSuccess: (m: unknown) => toastSuccess(m), toastError: (m: unknown) => toastError(m) }));

const weekly: ReorderListSummary = {
  _id: 'l1',
  name: 'Weekly service',
  lineCount: 3,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
};
const levers: ReorderListSummary = { ...weekly, _id: 'l2', name: 'Levers', lineCount: 1 };
const added: QuickOrderResult = {
  dryRun: false,
  lineCount: 3,
  added: [
    {
      lines: [1],
      productId: 'p1',
      sku: 'HF204',
      name: 'Oil filter',
      brand: 'HiFlo',
      quantity: 3,
      defaultQuantity: false,
      minOrder: 1,
      unitPrice: 9,
      lineTotal: 27,
    },
    {
      lines: [2],
      productId: 'p2',
      sku: 'CR9E',
      name: 'Spark plug',
      brand: 'NGK',
      quantity: 4,
      defaultQuantity: false,
      minOrder: 2,
      unitPrice: 14,
      lineTotal: 28,
    },
  ],
  problems: [
    {
      line: 3,
      text: 'LEV-1 × 2',
      reason: 'out_of_stock',
      message: 'LEV-1 is sold out.',
      productId: 'p3',
      available: 0,
      minOrder: 1,
    },
  ],
};

describe('SaveReorderList', () => {
  beforeEach(() => {
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it('asks the name (the order’s to start with), saves the order under it and says so', async () => {
    const api = fakeApi((req) =>
      req.method === 'POST' && req.path === '/api/reorder-lists'
        ? { status: 201, body: { ...weekly, name: (req.body as { name: string }).name, lines: [] } }
        : notFound(req),
    );
    const user = userEvent.setup();
    renderWithProviders(<SaveReorderList orderRef="c1" orderNumber="TT-10042" />);
    await user.click(screen.getByRole('button', { name: 'Save as reorder list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as reorder list' });
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    expect((name as HTMLInputElement).value).toBe('Order TT-10042');
    await user.clear(name);
    await user.type(name, '  Weekly service ');
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Reorder list saved: Weekly service'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Weekly service', fromOrder: 'c1' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'List name' })).toBeNull());
  });

  it('shows the server’s refusal of a name in use under the field and keeps the dialog open; an empty name is not sent', async () => {
    const api = fakeApi((req) =>
      req.method === 'POST'
        ? { status: 409, body: { error: { code: 'REORDER_LIST_NAME_TAKEN', message: 'You already have a reorder list named “Order TT-10042”.' } } }
        : notFound(req),
    );
    const user = userEvent.setup();
    renderWithProviders(<SaveReorderList orderRef="c1" orderNumber="TT-10042" />);
    await user.click(screen.getByRole('button', { name: 'Save as reorder list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as reorder list' });
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You already have a reorder list named “Order TT-10042”.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(toastSuccess).not.toHaveBeenCalled();
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name is required');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('ReorderListsSection', () => {
  beforeEach(() => {
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it('says so when there is no list yet', async () => {
    fakeApi((req) => (req.path === '/api/reorder-lists' ? { status: 200, body: [] } : notFound(req)));
    renderWithProviders(<ReorderListsSection />);
    expect(await screen.findByText(/No reorder lists yet/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your reorder lists' })).toBeTruthy();
  });

  it('adds a list to the cart in one click and reports what was and was not added, with a link to the cart', async () => {
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/reorder-lists') return { status: 200, body: [weekly, levers] };
      if (req.method === 'POST' && req.path === '/api/reorder-lists/l1/cart') return { status: 200, body: added };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<ReorderListsSection />);
    const list = await screen.findByRole('list', { name: 'Reorder lists' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/3 parts/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Add Weekly service to cart' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Added 2 parts to your cart');
    expect(status.textContent).toContain('LEV-1 is sold out.');
    expect(within(status).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(toastSuccess).toHaveBeenCalledWith('Added 2 parts to your cart');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('deletes a list only after a confirmation', async () => {
    let lists = [weekly, levers];
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/reorder-lists') return { status: 200, body: lists };
      if (req.method === 'DELETE' && req.path === '/api/reorder-lists/l2') {
        lists = [weekly];
        return { status: 204 };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<ReorderListsSection />);
    const list = await screen.findByRole('list', { name: 'Reorder lists' });
    await user.click(within(list).getByRole('button', { name: 'Delete Levers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list “Levers”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(list).getByRole('button', { name: 'Delete Levers' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the list “Levers”?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Deleted: Levers'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Reorder lists' })).getAllByRole('listitem')).toHaveLength(1));
  });
});
