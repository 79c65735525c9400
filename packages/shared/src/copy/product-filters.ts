/** The filters of the products page (issue #9 part 2, decision 110). */
export const productFiltersCopy = {
  filters: 'Filters',
  featured: 'Featured',
  clearFilters: 'Clear filters',
  empty: 'No part matches these filters.',
} as const;
