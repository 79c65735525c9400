import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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

describe('a search result found by another part number (issue #26 item 4)', () => {
  it('says under the name which number it matched', () => {
    const [found, other] = makeProducts(2);
    renderWithProviders(<ProductGrid products={[{ ...found, matchedPartNumber: { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' } }, other]} />);
    const [first, second] = screen.getAllByRole('article');
    expect(within(first).getByText('Replaces Yamaha 1WS-W0045-00')).toBeTruthy();
    // Under the name, before the part's own brand and number.
    const name = within(first).getByRole('heading', { name: 'Part 1' });
    expect(name.nextElementSibling?.textContent).toBe('Replaces Yamaha 1WS-W0045-00');
    expect(second.textContent).not.toMatch(/Replaces|Same as|Supersedes/);
  });
});
