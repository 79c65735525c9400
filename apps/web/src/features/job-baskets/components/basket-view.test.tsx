import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/shared/schemas/product';
import type { Basket, BasketPart } from '@shop/shared/schemas/job-basket';
import { BasketView } from './basket-view';
import { renderWithProviders } from '../../../testing/render-with-providers';

const setQuantities = vi.fn(async (_lines: { product: Product; quantity: number }[]) => {});
vi.mock('../../cart/use-cart', () => ({ useCart: () => ({ setQuantities }) }));

const product = (id: string, name: string, unitPrice: number, minOrder: number, stock: number): Product =>
  ({
    _id: id,
    name,
    img: '/x.svg',
    images: ['/x.svg'],
    description: '',
    minOrder,
    stock,
    unitPrice,
    sku: id.toUpperCase(),
    brand: 'Demo',
    category: 'brakes',
    version: 1,
    lowStock: false,
    universal: false,
    fitment: [],
    priceTiers: [],
    weightGrams: 500,
    dimensionsMm: null,
    oversize: false,
    taxCategory: 'standard',
    partNumbers: [],
  }) as unknown as Product;

const part = (p: Product, quantity: number, perVehicle: number | null = null, position: string | null = null): BasketPart => ({
  product: p,
  quantity,
  perVehicle,
  position,
});
const pads = product('fa244hh', 'Sintered Front Brake Pads', 249, 10, 640);
const cheapPads = product('pads2', 'Organic Front Brake Pads', 100, 2, 40);
const fluid = product('dot4', 'DOT 4 Brake Fluid', 117.6, 12, 960);

const basket = (withEmpty: boolean): Basket => ({
  _id: 't1',
  slug: 'front-brake-pads',
  name: 'Front brake pads',
  description: '',
  vehicle: { _id: 'v1', make: 'Yamaha', model: 'MT-07', year: 2019, variant: null, slug: '2019-yamaha-mt-07' },
  slots: [
    {
      name: 'Front brake pads',
      category: 'brakes',
      nameWords: 'pads',
      position: 'front',
      quantityRule: 'per_vehicle',
      quantity: 1,
      chosen: part(pads, 10, 2, 'front'),
      alternatives: [part(cheapPads, 2, 2, 'front')],
      unavailable: null,
    },
    {
      name: 'Brake fluid',
      category: 'fluids',
      nameWords: 'fluid',
      position: null,
      quantityRule: 'fixed',
      quantity: 1,
      chosen: part(fluid, 12),
      alternatives: [],
      unavailable: null,
    },
    ...(withEmpty
      ? [
          {
            name: 'Front sprocket',
            category: 'drivetrain' as const,
            nameWords: 'sprocket',
            position: 'front',
            quantityRule: 'fixed' as const,
            quantity: 1,
            chosen: null,
            alternatives: [],
            unavailable: 'No part we sell fits this bike for Front sprocket',
          },
        ]
      : []),
  ],
});

const added = () => setQuantities.mock.calls.at(-1)![0].map((l) => [l.product._id, l.quantity]);

beforeEach(() => setQuantities.mockClear());

describe('BasketView', () => {
  it('shows each slot’s part with its piece price, and a swap changes the line added', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketView basket={basket(false)} />);
    const list = screen.getByRole('list', { name: 'Parts of the front brake pads' });
    const padsCard = within(list).getByRole('listitem', { name: 'Front brake pads' });
    expect(within(padsCard).getByRole('link', { name: 'Sintered Front Brake Pads' }).getAttribute('href')).toBe('/parts/fa244hh');
    expect(within(padsCard).getByText('$24.90 each')).toBeTruthy();
    expect(within(padsCard).getByText('2 per bike · Position: front')).toBeTruthy();
    const quantity = within(padsCard).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Front brake pads' });
    expect(quantity.value).toBe('10');

    await user.selectOptions(within(padsCard).getByRole('combobox', { name: 'Swap Front brake pads' }), 'pads2');
    expect(quantity.value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Add basket to cart' }));
    expect(setQuantities).toHaveBeenCalledTimes(1);
    expect(added()).toEqual([
      ['pads2', 2],
      ['dot4', 12],
    ]);
    expect(await screen.findByText('2 parts of the job added to your cart.')).toBeTruthy();
  });

  it('checks each quantity like the cart and shows the rule under the input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketView basket={basket(false)} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Brake fluid' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Add basket to cart' }));
    expect(setQuantities).not.toHaveBeenCalled();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toMatch(/12/);
  });

  it('names the empty slot and adds the rest only after the rider confirms', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BasketView basket={basket(true)} />);
    expect(screen.getByText('No part we sell fits this bike for Front sprocket')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add basket to cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/nothing in stock that fits this bike for: Front sprocket/)).toBeTruthy();
    expect(setQuantities).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(setQuantities).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Add basket to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add the other 2' }));
    expect(setQuantities).toHaveBeenCalledTimes(1);
    expect(added()).toEqual([
      ['fa244hh', 10],
      ['dot4', 12],
    ]);
  });
});
