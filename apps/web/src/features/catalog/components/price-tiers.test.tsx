import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { PriceTiersLine, PriceTiersTable } from './price-tiers';

afterEach(cleanup);

const product = {
  unitPrice: 10,
  minOrder: 2,
  stock: 500,
  priceTiers: [
    { minQuantity: 20, unitPrice: 8 },
    { minQuantity: 100, unitPrice: 7 },
  ],
};

const current = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current') === 'true');

describe('PriceTiersTable', () => {
  it('shows nothing for a part without tiers', () => {
    const { container } = render(<PriceTiersTable product={{ ...product, priceTiers: [] }} quantity={10} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists the base price and each tier, none marked before a quantity is chosen', () => {
    render(<PriceTiersTable product={product} />);
    const table = screen.getByRole('region', { name: 'Bulk prices' });
    // Issue #39: the price of one piece first, the lot's beside it.
    expect(within(table).getByRole('row', { name: /From 2 units \$5\.00 each \$10\.00 per lot/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /From 20 units \$4\.00 each \$8\.00 per lot/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /From 100 units \$3\.50 each \$7\.00 per lot/ })).toBeTruthy();
    expect(current()).toHaveLength(0);
  });

  it.each([
    [19, 'From 2 units', 'Order 1 more units (20 in all) for $4.00 each ($8.00 per lot).'],
    [20, 'From 20 units', 'Order 80 more units (100 in all) for $3.50 each ($7.00 per lot).'],
    [99, 'From 20 units', 'Order 1 more units (100 in all) for $3.50 each ($7.00 per lot).'],
    [100, 'From 100 units', 'The price of the largest quantity reached applies to the whole order.'],
  ])('marks the row that prices %i units', (quantity, row, note) => {
    render(<PriceTiersTable product={product} quantity={quantity} />);
    expect(current()).toHaveLength(1);
    expect(within(current()[0]).getByRole('rowheader').textContent).toBe(row);
    expect(within(current()[0]).getByText('Applies')).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
  });
});

describe('PriceTiersLine', () => {
  it('puts the applying tier in bold', () => {
    render(<PriceTiersLine product={product} quantity={24} />);
    expect(screen.getByText('from 20 units: $4.00 each ($8.00 per lot) (applies)').tagName).toBe('STRONG');
    expect(screen.getByText('from 100 units: $3.50 each ($7.00 per lot)')).toBeTruthy();
  });
});
