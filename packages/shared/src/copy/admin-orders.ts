/** Manage All Orders at scale: status tabs, search, pages, CSV export (issue #8, part 5). */
export const adminOrdersCopy = {
  statusTabs: 'Order status',
  tabAll: 'All',
  tabUnpaid: 'Unpaid',
  tabPaid: 'Paid, to deliver',
  tabDelivered: 'Delivered',
  tabExpired: 'Expired',
  searchLabel: 'Search orders',
  searchPlaceholder: 'Order number, transaction id, e-mail, name or part',
  /** Issue #24: what the search finds. */
  searchHint: 'Finds an order by its number (TT-10042), its transaction id, the customer’s e-mail or name, or a part’s name or part number.',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exported: (n: number) => `Exported ${n} ${n === 1 ? 'order' : 'orders'}.`,
  pagination: 'Order pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} orders`,
  noMatch: 'No orders match this search. Try another word or another tab.',
} as const;
