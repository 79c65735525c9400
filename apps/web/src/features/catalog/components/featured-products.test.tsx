import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { FeaturedProducts } from './featured-products';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';

describe('featured products on home', () => {
  it('shows a spinner, then the first 6 products from one page of 6, and See All to /products', async () => {
    const catalogue = makeProducts(10);
    const api = fakeApi((req) =>
      req.path === '/api/products' && req.query.get('page') === '1' && req.query.get('limit') === '6'
        ? { status: 200, body: { items: catalogue.slice(0, 6), total: 10, page: 1, limit: 6, pages: 2 } }
        : notFound(req),
    );
    const { client } = renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('status').textContent).toContain('Loading featured parts');

    await screen.findByRole('heading', { name: 'Part 1' });
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4', 'Part 5', 'Part 6']);
    expect(screen.getAllByRole('link', { name: 'Order Now' })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'See All' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('status')).toBeNull();
    // Spec §4: cached under the key 'products' (its 'featured' entry); the whole catalogue is never fetched (issue #10).
    expect(client.getQueryData(['products', 'featured'])).toHaveLength(6);
    expect(api.calls).toHaveLength(1);
  });
});
