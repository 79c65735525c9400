import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { KitComponent } from '@shop/shared/schemas/kit';
import { PartKit } from './part-kit';
import { renderWithProviders } from '../../../testing/render-with-providers';

/** Issue #36 item 2 (decision 220): "What's in the kit" on a kit's part page. */
const parts: KitComponent[] = [
  { productId: 'p-chain', sku: '520VX3G-120', name: '520 X-Ring Drive Chain 120L', img: '/images/products/x-ring-chain-520.svg', quantity: 1, stock: 220 },
  { productId: 'p-bolt', sku: 'E2E-BOLT', name: 'Sprocket Bolt M10', img: '/images/products/x.svg', quantity: 4, stock: 3 },
];

describe('PartKit', () => {
  it('lists each part as quantity × name, linked to its page, with its part number and whether one kit’s pieces are on the shelf', () => {
    renderWithProviders(<PartKit product={{ kitComponents: parts }} />);
    const section = screen.getByRole('region', { name: "What's in the kit" });
    expect(within(section).getByText('Kit: stock follows its parts')).toBeTruthy();
    const items = within(within(section).getByRole('list', { name: 'Parts in this kit' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const chain = within(items[0]).getByRole('link', { name: '1 × 520 X-Ring Drive Chain 120L' });
    expect(chain.getAttribute('href')).toBe('/parts/p-chain');
    expect(items[0].textContent).toContain('520VX3G-120');
    expect(within(items[0]).getByText('In stock')).toBeTruthy();
    // Three bolts on the shelf, four in a kit: not enough for one.
    expect(within(items[1]).getByRole('link', { name: '4 × Sprocket Bolt M10' }).getAttribute('href')).toBe('/parts/p-bolt');
    expect(within(items[1]).getByText('Out of stock')).toBeTruthy();
  });

  it('shows nothing for a part that is not a kit', () => {
    const { container } = renderWithProviders(<PartKit product={{}} />);
    expect(container.textContent).toBe('');
    const again = renderWithProviders(<PartKit product={{ kitComponents: [] }} />);
    expect(again.container.textContent).toBe('');
  });

  it('is in the server’s HTML, links and all', () => {
    const html = renderToString(
      <MemoryRouter>
        <PartKit product={{ kitComponents: parts }} />
      </MemoryRouter>,
    );
    expect(html).toContain('What&#x27;s in the kit');
    expect(html).toContain('href="/parts/p-chain"');
    expect(html).toContain('1 × 520 X-Ring Drive Chain 120L');
    expect(html).toContain('Kit: stock follows its parts');
  });
});
