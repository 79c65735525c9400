import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartNumber } from '@shop/shared/part-numbers';
import { AddProductForm } from './add-product-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

/** Issue #26 item 4 (decision 166): other part numbers on the product form. */

const yamaha: PartNumber = { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' };
const ebc: PartNumber = { kind: 'equivalent', brand: 'EBC', number: 'FA252HH' };
const product = { ...makeProducts(1)[0], partNumbers: [yamaha, ebc] };

function shopApi(req: FakeRequest) {
  if (req.path.startsWith('/api/vehicles/')) return { status: 200, body: [] };
  if (req.method === 'PATCH' && req.path === `/api/product/${product._id}`) return { status: 200, body: { ...product, ...(req.body as object), version: 2 } };
  if (req.method === 'POST' && req.path === '/api/product') return { status: 201, body: { ...product, ...(req.body as object) } };
  return notFound(req);
}

const group = () => screen.getByRole('group', { name: 'Other part numbers (optional)' });
const box = (name: string) => within(group()).getByRole<HTMLInputElement>('textbox', { name });
const kind = (n: number) => within(group()).getByRole<HTMLSelectElement>('combobox', { name: `Part number ${n}: kind` });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product name'), 'Brake pads');
  await user.type(screen.getByLabelText('Unit price ($)'), '25');
  await user.type(screen.getByLabelText('Stock'), '100');
  await user.type(screen.getByLabelText('Minimum order'), '2');
  await user.type(screen.getByLabelText('Description'), 'Sintered pads.');
  await user.type(screen.getByLabelText('Image URL'), '/images/products/pads.svg');
}

describe('AddProductForm: other part numbers (issue #26 item 4)', () => {
  it('lists the product’s numbers, each row labelled, with the three kinds', () => {
    fakeApi(shopApi);
    renderWithProviders(<AddProductForm product={product} />);
    expect(kind(1).value).toBe('replaces');
    expect(box('Part number 1: maker').value).toBe('Yamaha');
    expect(box('Part number 1: number').value).toBe('1WS-W0045-00');
    expect(kind(2).value).toBe('equivalent');
    expect(box('Part number 2: maker').value).toBe('EBC');
    expect([...kind(1).options].map((o) => [o.value, o.text])).toEqual([
      ['replaces', 'Replaces'],
      ['equivalent', 'Same as'],
      ['supersedes', 'Supersedes'],
    ]);
    expect(within(group()).getByRole('button', { name: 'Remove part number 2' })).toBeTruthy();
  });

  it('a new product starts with none, and sends the rows the admin added', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm />);
    expect(within(group()).getByText(/No other part numbers/)).toBeTruthy();
    await fillRequired(user);
    await user.click(within(group()).getByRole('button', { name: 'Add a part number' }));
    await user.type(box('Part number 1: maker'), 'Yamaha');
    await user.type(box('Part number 1: number'), ' 1WS-W0045-00 ');
    await user.click(within(group()).getByRole('button', { name: 'Add a part number' }));
    await user.selectOptions(kind(2), 'Supersedes');
    await user.type(box('Part number 2: maker'), 'EBC');
    await user.type(box('Part number 2: number'), 'FA252');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect((api.calls.find((c) => c.method === 'POST')!.body as { partNumbers: unknown }).partNumbers).toEqual([
      yamaha,
      { kind: 'supersedes', brand: 'EBC', number: 'FA252' },
    ]);
  });

  it('says what is wrong with a row, on that row, and sends nothing', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.click(within(group()).getByRole('button', { name: 'Add a part number' }));
    await user.type(box('Part number 3: number'), '1ws w0045 00');
    await user.click(within(group()).getByRole('button', { name: 'Add a part number' }));
    await user.type(box('Part number 4: maker'), 'Brembo');
    await user.type(box('Part number 4: number'), 'P#1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await within(group()).findByText('Maker is Required')).toBeTruthy();
    // The same number in another formatting is a duplicate (shared rule).
    expect(within(group()).getByText('1ws w0045 00 is listed twice')).toBeTruthy();
    expect(within(group()).getByText('Number may hold letters, digits, spaces, dots, dashes and slashes')).toBeTruthy();
    expect(box('Part number 3: maker').getAttribute('aria-invalid')).toBe('true');
    expect(box('Part number 3: number').getAttribute('aria-invalid')).toBe('true');
    expect(box('Part number 4: number').getAttribute('aria-invalid')).toBe('true');
    expect(box('Part number 1: number').getAttribute('aria-invalid')).toBeNull();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('an edit sends the whole list when it changed, and nothing about it when it did not', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<AddProductForm product={product} />);
    await user.click(within(group()).getByRole('button', { name: 'Remove part number 1' }));
    // The rows renumber: EBC is now the first.
    expect(box('Part number 1: maker').value).toBe('EBC');
    await user.click(within(group()).getByRole('button', { name: 'Add a part number' }));
    await user.type(box('Part number 2: maker'), 'Yamaha');
    await user.type(box('Part number 2: number'), '5VY-W0045-00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      version: 1,
      partNumbers: [ebc, { kind: 'replaces', brand: 'Yamaha', number: '5VY-W0045-00' }],
    });
    unmount();

    // Removing every row sends an empty list; a form left as it was sends nothing.
    const api2 = fakeApi(shopApi);
    const { unmount: unmount2 } = renderWithProviders(<AddProductForm product={product} />);
    await user.click(within(group()).getByRole('button', { name: 'Remove part number 2' }));
    await user.click(within(group()).getByRole('button', { name: 'Remove part number 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api2.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api2.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ version: 1, partNumbers: [] });
    unmount2();

    const api3 = fakeApi(shopApi);
    renderWithProviders(<AddProductForm product={product} />);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field was changed.')).toBeTruthy();
    expect(api3.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
