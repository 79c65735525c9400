/**
 * Search options without zod: the web app's every page reads them (the search box, the URL state), and zod
 * stays off the public pages' critical path (decision 107). `schemas/search.ts` re-exports them.
 */
export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** At most this many suggestions under the search box. */
export const SEARCH_SUGGESTIONS = 8;
export const SEARCH_DEFAULT_LIMIT = 12;
export const SEARCH_MAX_LIMIT = 48;
