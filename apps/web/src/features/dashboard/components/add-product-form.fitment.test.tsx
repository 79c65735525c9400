import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddProductForm } from './add-product-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

const product = { ...makeProducts(1)[0], fitment: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023 }] };

function shopApi(req: FakeRequest) {
  if (req.path === '/api/vehicles/makes') return { status: 200, body: ['Honda', 'Yamaha'] };
  if (req.path === '/api/vehicles/models') return { status: 200, body: req.query.get('make') === 'Honda' ? ['CBR600RR'] : ['MT-07'] };
  if (req.path === '/api/vehicles/years') return { status: 200, body: [2024, 2023] };
  if (req.method === 'PATCH' && req.path === `/api/product/${product._id}`) return { status: 200, body: { ...product, ...(req.body as object), version: 2 } };
  if (req.method === 'POST' && req.path === '/api/product') return { status: 201, body: { ...product, ...(req.body as object) } };
  return notFound(req);
}

describe('AddProductForm with fitment (issue #11)', () => {
  it('an edit sends only the changed fitment and universal flag', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.click(screen.getByRole('button', { name: 'Remove Yamaha MT-07 2021–2023' }));
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Honda');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'CBR600RR');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fits all vehicles (universal)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({
      version: 1,
      universal: true,
      fitment: [{ make: 'Honda', model: 'CBR600RR', yearFrom: 2023, yearTo: 2024 }],
    });
  });

  it('a line with a position and a number per bike is sent with them, beside a plain line of the same bike (issue #35 item 1)', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position (optional)' }), 'rear');
    await user.type(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'Rear caliper only');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      version: 1,
      fitment: [
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023 },
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2023, yearTo: 2024, position: 'rear', perVehicle: 1, notes: 'Rear caliper only' },
      ],
    });
  });

  it('a line removed and added back again is no change', async () => {
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={product} />);
    await user.click(screen.getByRole('button', { name: 'Remove Yamaha MT-07 2021–2023' }));
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    await user.clear(screen.getByRole('spinbutton', { name: 'Year from' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Year from' }), '2021');
    await user.clear(screen.getByRole('spinbutton', { name: 'Year to' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Year to' }), '2023');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field was changed.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('a line with a position removed and added back again is no change', async () => {
    const front = { ...product, fitment: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2023, yearTo: 2024, position: 'front', perVehicle: 2 }] };
    const api = fakeApi(shopApi);
    const user = userEvent.setup();
    renderWithProviders(<AddProductForm product={front} />);
    await user.click(screen.getByRole('button', { name: 'Remove Yamaha MT-07 2023–2024 (front)' }));
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position (optional)' }), 'front');
    await user.type(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field was changed.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
