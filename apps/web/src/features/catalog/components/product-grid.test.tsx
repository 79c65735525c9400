import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ProductGrid } from './product-grid';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeProducts } from '../../../testing/fixtures';

describe('product grid pictures', () => {
  const pictures = () => screen.getAllByRole('img').map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);

  it('loads the first row at once and the rest when near the screen', () => {
    renderWithProviders(<ProductGrid products={makeProducts(5)} />);
    expect(pictures()).toEqual([
      ['eager', null],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it("fetches the first picture first when the grid is the page's main content (decision 146)", () => {
    renderWithProviders(<ProductGrid products={makeProducts(4)} lead />);
    expect(pictures()).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
    ]);
  });
});
