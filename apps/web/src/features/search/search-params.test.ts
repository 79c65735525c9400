import { describe, expect, it } from 'vitest';
import { readSearchState, searchApiParams, searchStateParams, searchUrl } from './search-params';

describe('search state in the URL', () => {
  it('reads every filter and writes it back without defaults, in a stable order', () => {
    const qs = 'sort=price-asc&q=+brake+pads+&brand=EBC&category=brakes&inStock=true&minPrice=10&maxPrice=50.5&page=2';
    const state = readSearchState(new URLSearchParams(qs));
    expect(state).toEqual({ q: 'brake pads', category: 'brakes', brand: 'EBC', inStock: true, minPrice: 10, maxPrice: 50.5, sort: 'price-asc', page: 2 });
    expect(searchStateParams(state).toString()).toBe('q=brake+pads&category=brakes&brand=EBC&inStock=true&minPrice=10&maxPrice=50.5&sort=price-asc&page=2');
  });

  it('drops what a hand-edited URL gets wrong instead of failing', () => {
    const state = readSearchState(new URLSearchParams('category=spoilers&sort=cheap&page=-3&minPrice=abc&inStock=yes'));
    expect(state).toEqual({
      q: '',
      category: undefined,
      brand: undefined,
      inStock: false,
      minPrice: undefined,
      maxPrice: undefined,
      sort: 'relevance',
      page: 1,
    });
    expect(searchStateParams(state).toString()).toBe('');
  });

  it('swaps a price range given the wrong way round', () => {
    expect(readSearchState(new URLSearchParams('minPrice=50&maxPrice=10'))).toMatchObject({ minPrice: 10, maxPrice: 50 });
  });

  it('builds /search links', () => {
    expect(searchUrl({ q: 'cr9eix' })).toBe('/search?q=cr9eix');
    expect(searchUrl({ category: 'brakes' })).toBe('/search?category=brakes');
    expect(searchUrl({})).toBe('/search');
  });

  it('keeps a vehicle id in the URL and drops a malformed one (issue #11)', () => {
    const id = '0a1b2c3d-0000-4000-8000-00000000abcd';
    const state = readSearchState(new URLSearchParams(`q=chain&vehicle=${id.toUpperCase()}`));
    expect(state.vehicle).toBe(id);
    expect(searchStateParams(state).toString()).toBe(`q=chain&vehicle=${id}`);
    expect(readSearchState(new URLSearchParams('vehicle=mt-07')).vehicle).toBeUndefined();
  });

  it('keeps "Show all parts" (vehicle=all) and matchBike=false in the URL, but not in the API query (issue #26 item 3)', () => {
    const state = readSearchState(new URLSearchParams('q=2019+mt07+chain&vehicle=all&matchBike=false'));
    expect(state).toMatchObject({ q: '2019 mt07 chain', vehicle: undefined, allParts: true, matchBike: false });
    expect(searchStateParams(state).toString()).toBe('q=2019+mt07+chain&vehicle=all&matchBike=false');
    expect(searchApiParams(state).toString()).toBe('q=2019+mt07+chain&matchBike=false');
    expect(readSearchState(new URLSearchParams('matchBike=true'))).toEqual(readSearchState(new URLSearchParams('')));
  });
});
