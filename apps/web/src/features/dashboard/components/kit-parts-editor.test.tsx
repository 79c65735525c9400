import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KitComponent } from '@shop/shared/schemas/kit';
import { KitPartsEditor } from './kit-parts-editor';
import { AddProductForm } from './add-product-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

const toastSuccess = vi.fn();
vi.mock('../../../lib/toast', () => ({ toastSuccess: (m: unknown) => toastSuccess(m), toastError: vi.fn() }));

/** Issue #36 item 2 (decision 220): the admin's "Kit parts" editor, and a kit's read-only stock on the product form. */
const [base] = makeProducts(1);
const plain = { ...base, sku: 'E2E-KIT', stock: 0 };
const bolt: KitComponent = { productId: 'p1', sku: 'BOLT-A', name: 'Bolt A', img: '/a.svg', quantity: 2, stock: 40 };
const nut: KitComponent = { productId: 'p2', sku: 'NUT-B', name: 'Nut B', img: '/b.svg', quantity: 1, stock: 9 };
const kit = { ...plain, stock: 9, kitComponents: [bolt, nut] };

const kitApi = (answer: (req: FakeRequest) => { status: number; body?: unknown }) =>
  fakeApi((req) => {
    if (req.method === 'PUT' && req.path === `/api/admin/products/${plain._id}/kit`) return answer(req);
    if (req.path.startsWith('/api/vehicles/')) return { status: 200, body: [] };
    return notFound(req);
  });

const editor = () => screen.getByRole('region', { name: 'Kit parts' });
const sku = (n: number) => within(editor()).getByRole<HTMLInputElement>('textbox', { name: `Part number of kit part ${n}` });
const qty = (n: number) => within(editor()).getByRole<HTMLInputElement>('spinbutton', { name: `Pieces per kit of part ${n}` });

beforeEach(() => toastSuccess.mockReset());

describe('KitPartsEditor', () => {
  it('makes a plain part a kit: rows of part number and pieces, added and removed, sent as the whole list', async () => {
    const api = kitApi((req) => {
      const { components } = req.body as { components: { sku: string; quantity: number }[] };
      return { status: 200, body: { components: components.map((c, i) => ({ ...[bolt, nut][i], sku: c.sku, quantity: c.quantity })) } };
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<KitPartsEditor product={plain} onSaved={onSaved} />);
    expect(within(editor()).getByText(/not a kit/)).toBeTruthy();
    await user.click(within(editor()).getByRole('button', { name: 'Add a part' }));
    await user.type(sku(1), 'BOLT-A');
    await user.clear(qty(1));
    await user.type(qty(1), '2');
    await user.click(within(editor()).getByRole('button', { name: 'Add a part' }));
    await user.type(sku(2), 'WRONG');
    await user.click(within(editor()).getByRole('button', { name: 'Add a part' }));
    await user.type(sku(3), 'NUT-B');
    await user.click(within(editor()).getByRole('button', { name: 'Remove kit part 2' }));
    await user.click(within(editor()).getByRole('button', { name: 'Save kit parts' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('E2E-KIT is now a kit of 2 parts.'));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        components: [
          { sku: 'BOLT-A', quantity: 2 },
          { sku: 'NUT-B', quantity: 1 },
        ],
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(sku(2).value).toBe('NUT-B');
  });

  it('shows the shop’s message when it refuses the list, and keeps the rows', async () => {
    kitApi(() => ({
      status: 409,
      body: { error: { code: 'KIT_HAS_OWN_STOCK', message: "E2E-KIT has 5 in stock of its own. A kit's stock is its parts' stock." } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<KitPartsEditor product={{ ...plain, stock: 5 }} />);
    expect(within(editor()).getByText(/cannot become a kit/)).toBeTruthy();
    await user.click(within(editor()).getByRole('button', { name: 'Add a part' }));
    await user.type(sku(1), 'BOLT-A');
    await user.click(within(editor()).getByRole('button', { name: 'Save kit parts' }));
    expect((await within(editor()).findByRole('alert')).textContent).toBe("E2E-KIT has 5 in stock of its own. A kit's stock is its parts' stock.");
    expect(sku(1).value).toBe('BOLT-A');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('says what is wrong with a row on that row, and sends nothing', async () => {
    const api = kitApi(() => ({ status: 200, body: { components: [] } }));
    const user = userEvent.setup();
    renderWithProviders(<KitPartsEditor product={kit} />);
    expect(sku(1).value).toBe('BOLT-A');
    expect(qty(1).value).toBe('2');
    await user.clear(sku(2));
    await user.clear(qty(1));
    await user.type(qty(1), '0');
    await user.click(within(editor()).getByRole('button', { name: 'Save kit parts' }));
    expect(await within(editor()).findByText('Each part of the kit needs a part number')).toBeTruthy();
    expect(within(editor()).getByText('Quantity must be at least 1')).toBeTruthy();
    expect(sku(2).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('an empty list makes the kit a plain part again', async () => {
    const api = kitApi(() => ({ status: 200, body: { components: [] } }));
    const user = userEvent.setup();
    renderWithProviders(<KitPartsEditor product={kit} />);
    await user.click(within(editor()).getByRole('button', { name: 'Remove kit part 2' }));
    await user.click(within(editor()).getByRole('button', { name: 'Remove kit part 1' }));
    await user.click(within(editor()).getByRole('button', { name: 'Save kit parts' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('E2E-KIT is no longer a kit.'));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ components: [] });
  });
});

describe('AddProductForm of a kit', () => {
  it('shows the stock read-only, saying a kit’s stock is its parts’', () => {
    kitApi(() => ({ status: 500 }));
    renderWithProviders(<AddProductForm product={kit} />);
    const stock = screen.getByLabelText<HTMLInputElement>('Stock');
    expect(stock.readOnly).toBe(true);
    expect(stock.value).toBe('9');
    expect(screen.getByText("A kit's stock is its parts' stock: change theirs instead.").id).toBe(stock.getAttribute('aria-describedby'));
  });

  it('a plain part’s stock stays editable', () => {
    kitApi(() => ({ status: 500 }));
    renderWithProviders(<AddProductForm product={plain} />);
    expect(screen.getByLabelText<HTMLInputElement>('Stock').readOnly).toBe(false);
  });
});
