/**
 * Query keys of the orders feature. Every order list starts with 'orders', so
 * one invalidateQueries({ queryKey: ['orders'] }) refreshes them all after a change.
 */
export const orderKeys = {
  all: ['orders'] as const,
  admin: ['orders', 'admin'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** Issue #24: orders as people see them (one per purchase with its lines). */
  purchases: (filter: { page: number; limit: number; status: string; q: string }) => ['orders', 'purchases', filter] as const,
  adminPurchases: (filter: { page: number; limit: number; status: string; q: string }) => ['orders', 'admin', 'purchases', filter] as const,
  purchase: (ref: string) => ['orders', 'purchase', ref.toUpperCase()] as const,
  /** Issue #39 item 2: what waits on the shop (under 'orders', so every order change refreshes it). */
  waiting: ['orders', 'admin', 'waiting'] as const,
};
