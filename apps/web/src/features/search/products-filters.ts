import { parsePageParam } from '../catalog/page-param';
import { readSearchState, searchStateParams, type SearchState } from './search-params';

/**
 * The filters of the products page (issue #9 part 2), read from its URL. No words:
 * `q` is always empty; the page keeps its own lenient page parsing.
 */
export function readProductsFilters(params: URLSearchParams): SearchState {
  // The search page's own "Show all parts" and "search the words as typed" mean nothing here.
  return { ...readSearchState(params), q: '', page: parsePageParam(params.get('page')), allParts: undefined, matchBike: undefined };
}

/** True when any filter or a sort is in the URL: then the page reads /api/search instead of /api/products. */
export function hasProductsFilters(state: SearchState): boolean {
  return Boolean(state.category || state.brand || state.inStock || state.minPrice !== undefined || state.maxPrice !== undefined || state.sort !== 'relevance');
}

/** The products URL query of a state (no defaults, stable order). */
export function productsFiltersParams(state: SearchState): URLSearchParams {
  return searchStateParams({ ...state, q: '' });
}
