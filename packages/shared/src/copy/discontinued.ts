/** Decision 217: a discontinued part, as the admin's product form says it. */
export const discontinuedCopy = {
  field: 'Discontinued',
  hint: 'No more will come: the part is sold while its stock lasts and cannot be restocked. Its page then names the part that supersedes or replaces it.',
} as const;
