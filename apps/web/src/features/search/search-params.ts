import { PRODUCT_CATEGORIES, type ProductCategory } from '@shop/shared/catalog';
import { SEARCH_SORTS, type SearchSort } from '@shop/shared/search-options';
import { isVehicleId } from '../garage/vehicle-name';

/** What the /search page shows, read from its URL (all of its state lives there, issue #9). */
export interface SearchState {
  q: string;
  category?: ProductCategory;
  brand?: string;
  inStock: boolean;
  minPrice?: number;
  maxPrice?: number;
  sort: SearchSort;
  page: number;
  /** Issue #11: only the parts that fit this vehicle (its id), plus universal parts. */
  vehicle?: string;
  /**
   * Issue #26 item 3 (decision 167): the shopper chose "Show all parts" (`vehicle=all`), so the page does not filter
   * to the chosen bike by default. Not an API parameter.
   */
  allParts?: true;
  /** Issue #26 item 3: false (`matchBike=false`) searches the words as typed, even when they name a bike. */
  matchBike?: false;
}

const price = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : undefined;
};

/** Lenient: a hand-edited URL with a bad value drops that value instead of showing an error. */
export function readSearchState(params: URLSearchParams): SearchState {
  const category = params.get('category') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  let minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? (category as ProductCategory) : undefined,
    brand: params.get('brand')?.trim().slice(0, 60) || undefined,
    inStock: params.get('inStock') === 'true',
    minPrice,
    maxPrice,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    vehicle: isVehicleId(params.get('vehicle')) ? params.get('vehicle')!.toLowerCase() : undefined,
    allParts: params.get('vehicle') === 'all' || undefined,
    matchBike: params.get('matchBike') === 'false' ? false : undefined,
  };
}

/** The URL query of a state, without defaults, in a stable order (also the API's query). */
export function searchStateParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  if (state.category) p.set('category', state.category);
  if (state.brand) p.set('brand', state.brand);
  if (state.inStock) p.set('inStock', 'true');
  if (state.minPrice !== undefined) p.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) p.set('maxPrice', String(state.maxPrice));
  if (state.sort !== 'relevance') p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  if (state.vehicle) p.set('vehicle', state.vehicle);
  else if (state.allParts) p.set('vehicle', 'all');
  if (state.matchBike === false) p.set('matchBike', 'false');
  return p;
}

/** The API's query of a state: the URL's, without the page's own `vehicle=all`. */
export const searchApiParams = (state: SearchState) => searchStateParams({ ...state, allParts: undefined });

/** The /search URL for a state. */
export const searchUrl = (state: Partial<SearchState>) =>
  `/search${(() => {
    const qs = searchStateParams({ q: '', inStock: false, sort: 'relevance', page: 1, ...state }).toString();
    return qs ? `?${qs}` : '';
  })()}`;
