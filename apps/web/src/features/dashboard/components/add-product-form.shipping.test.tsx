import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddProductForm } from './add-product-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

/** Issue #24: weight, dimensions, oversize and tax category on the product form. */

const product = { ...makeProducts(1)[0], weightGrams: 1100, dimensionsMm: { length: 330, width: 330, height: 20 }, taxCategory: 'reduced' as const };

function shopApi(req: FakeRequest) {
  if (req.path.startsWith('/api/vehicles/')) return { status: 200, body: [] };
  if (req.method === 'PATCH' && req.path === `/api/product/${product._id}`) return { status: 200, body: { ...product, ...(req.body as object), version: 2 } };
  if (req.method === 'POST' && req.path === '/api/product') return { status: 201, body: { ...product, ...(req.body as object) } };
  return notFound(req);
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('AddProductForm: shipping and tax (issue #24)', () => {
  it('shows the fields with real labels, pre-filled from the product', () => {
    fakeApi(shopApi);
    renderWithProviders(<AddProductForm product={product} />);
    expect(screen.getByRole('group', { name: 'Shipping and tax' })).toBeTruthy();
    expect(input('Weight per unit (g)').value).toBe('1100');
    expect(input('Length (mm)').value).toBe('330');
    expect(input('Width (mm)').value).toBe('330');
    expect(input('Height (mm)').value).toBe('20');
    expect(input('Ships on its own (oversize)').checked).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Tax category').value).toBe('reduced');
    expect([...screen.getByLabelText<HTMLSelectElement>('Tax category').options].map((o) => o.text)).toEqual(['Standard', 'Reduced', 'Zero-rated']);
    // The product's own category keeps its label.
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('brakes');
  });

  it('a new product starts at 500 g, no dimensions, not oversize, standard tax, and sends what the admin set', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm />);
    expect(input('Weight per unit (g)').value).toBe('500');
    expect(input('Length (mm)').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Tax category').value).toBe('standard');

    await user.type(input('Product name'), 'Tail rack');
    await user.type(input('Unit price ($)'), '89');
    await user.type(input('Stock'), '5');
    await user.type(input('Minimum order'), '1');
    await user.type(screen.getByLabelText('Description'), 'Aluminium tail rack.');
    await user.type(input('Image URL'), '/images/products/rack.svg');
    await user.clear(input('Weight per unit (g)'));
    await user.type(input('Weight per unit (g)'), '4200');
    await user.type(input('Length (mm)'), '900');
    await user.type(input('Width (mm)'), '400');
    await user.type(input('Height (mm)'), '250');
    await user.click(input('Ships on its own (oversize)'));
    await user.selectOptions(screen.getByLabelText('Tax category'), 'Zero-rated');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Tail rack',
      weightGrams: 4200,
      dimensionsMm: { length: 900, width: 400, height: 250 },
      oversize: true,
      taxCategory: 'zero',
    });
  });

  it('an edit sends only the changed shipping fields, the three sides together', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.clear(input('Weight per unit (g)'));
    await user.type(input('Weight per unit (g)'), '1250');
    await user.clear(input('Height (mm)'));
    await user.type(input('Height (mm)'), '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      version: 1,
      weightGrams: 1250,
      dimensionsMm: { length: 330, width: 330, height: 25 },
    });
  });

  it('clearing all three sides removes the dimensions', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    for (const side of ['Length (mm)', 'Width (mm)', 'Height (mm)']) await user.clear(input(side));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ version: 1, dimensionsMm: null });
  });

  it('says what is wrong and sends nothing: a bad weight, one side missing', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.clear(input('Weight per unit (g)'));
    await user.type(input('Weight per unit (g)'), '0');
    await user.clear(input('Width (mm)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Weight must be whole grams between 1 and 1,000,000')).toBeTruthy();
    expect(screen.getByText('Give length, width and height, or none')).toBeTruthy();
    expect(input('Weight per unit (g)').getAttribute('aria-invalid')).toBe('true');
    expect(input('Width (mm)').getAttribute('aria-invalid')).toBe('true');

    await user.clear(input('Weight per unit (g)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Weight is Required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
