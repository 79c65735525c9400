/**
 * Page sizes of the reviews calls, without zod: the home page and the part page read them, and zod stays out of what
 * a public page loads (decision 169). The schemas in schemas/review use the same numbers.
 */
/** The spec's unpaged GET /reviews answers at most this many (the newest), never the whole table. */
export const REVIEWS_UNPAGED_MAX = 100;
export const REVIEWS_DEFAULT_LIMIT = 20;
export const REVIEWS_MAX_LIMIT = 100;
