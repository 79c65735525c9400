import { describe, expect, it } from 'vitest';
import { hasProductsFilters, productsFiltersParams, readProductsFilters } from './products-filters';

const read = (qs: string) => readProductsFilters(new URLSearchParams(qs));

describe('products page filters in the URL', () => {
  it('no filter in the URL means the plain products page', () => {
    expect(hasProductsFilters(read(''))).toBe(false);
    expect(hasProductsFilters(read('page=3'))).toBe(false);
    expect(read('page=3').page).toBe(3);
    // Words are not a products filter, and bad values are dropped.
    expect(hasProductsFilters(read('q=brake&category=nonsense&sort=cheap&inStock=yes'))).toBe(false);
  });

  it('any filter or a sort switches to the filtered list', () => {
    for (const qs of ['category=brakes', 'brand=EBC%20Brakes', 'inStock=true', 'minPrice=10', 'maxPrice=20', 'sort=price-asc']) {
      expect(hasProductsFilters(read(qs)), qs).toBe(true);
    }
  });

  it('reads and writes the shared URL of the issue in a stable order', () => {
    const state = read('page=2&sort=price-asc&inStock=true&brand=EBC%20Brakes&category=brakes&q=ignored');
    expect(state).toMatchObject({ q: '', category: 'brakes', brand: 'EBC Brakes', inStock: true, sort: 'price-asc', page: 2 });
    expect(productsFiltersParams(state).toString()).toBe('category=brakes&brand=EBC+Brakes&inStock=true&sort=price-asc&page=2');
    expect(productsFiltersParams({ ...state, page: 1 }).has('page')).toBe(false);
  });

  it('keeps the page parsing of the products page', () => {
    expect(read('page=abc').page).toBe(1);
    expect(read('page=0').page).toBe(1);
    expect(read('category=brakes&page=4').page).toBe(4);
  });
});
