import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddProductForm } from './add-product-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

/** Issue #39 item 7: a name, description or price over its limit is refused with a message, never cut. */

const product = makeProducts(1)[0];

function shopApi(req: FakeRequest) {
  if (req.path.startsWith('/api/vehicles/')) return { status: 200, body: [] };
  if (req.method === 'PATCH' && req.path === `/api/product/${product._id}`) return { status: 200, body: { ...product, ...(req.body as object), version: 2 } };
  return notFound(req);
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('AddProductForm: limits are refused, not cut (issue #39 item 7)', () => {
  it('keeps a 540-character name and a 2,001-character description whole and says how far over they are', async () => {
    const api = fakeApi(shopApi);
    renderWithProviders(<AddProductForm product={product} />);
    // A paste: the box keeps every character (no maxlength cutting it to 120).
    fireEvent.input(input('Product name'), { target: { value: 'N'.repeat(540) } });
    fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'D'.repeat(2001) } });
    expect(input('Product name').value).toHaveLength(540);
    expect(input('Product name').hasAttribute('maxlength')).toBe(false);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toHaveLength(2001);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Name must be 120 characters or fewer (it has 540, 420 too many)')).toBeTruthy();
    expect(screen.getByText('Description must be 2,000 characters or fewer (it has 2,001, 1 too many)')).toBeTruthy();
    expect(input('Product name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('refuses a price with more than two decimals instead of rounding it', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.clear(input('Unit price ($)'));
    await user.type(input('Unit price ($)'), '92.999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Unit price must have at most two decimals (dollars and cents, e.g. 92.99)')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(input('Unit price ($)'));
    await user.type(input('Unit price ($)'), '92.99');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ unitPrice: 92.99 });
  });
});
