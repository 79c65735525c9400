import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { FeaturedProducts } from './featured-products';
import { renderWithProviders } from '../../../components/testing/render-with-providers';
import { fakeApi, notFound } from '../../../components/testing/fake-api';
import { makeProducts } from '../../../components/testing/fixtures';

describe('featured products on home', () => {
  it('shows a spinner, then the first 6 products of GET /products, and See All to /products', async () => {
    const api = fakeApi((req) => (req.path === '/api/products' && !req.query.has('page') ? { status: 200, body: makeProducts(10) } : notFound(req)));
    const { client } = renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('status').textContent).toContain('Loading featured parts');

    await screen.findByRole('heading', { name: 'Part 1' });
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4', 'Part 5', 'Part 6']);
    expect(screen.getAllByRole('link', { name: 'Order Now' })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'See All' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('status')).toBeNull();
    // Spec §4: the list is cached under the key 'products'.
    expect(client.getQueryData(['products'])).toHaveLength(10);
    expect(api.calls).toHaveLength(1);
  });
});
