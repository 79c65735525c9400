/** Manage All Orders at scale: status tabs, search, pages, CSV export (issue #8, part 5). */
export const adminOrdersCopy = {
  statusTabs: 'Order status',
  tabAll: 'All',
  tabUnpaid: 'Unpaid',
  tabPaid: 'Paid, to deliver',
  tabDelivered: 'Delivered',
  tabExpired: 'Expired',
  tabCancelled: 'Cancelled',
  searchLabel: 'Search orders',
  searchPlaceholder: 'Order number, transaction id, e-mail, name or part',
  /** Issue #24: what the search finds. */
  searchHint: 'Finds an order by its number (TT-10042), its transaction id, the customer’s e-mail or name, or a part’s name or part number.',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  /** Issue #39 item 6 (decision 184): one row per order, and one row per order line, for the tab and search on screen. */
  exportOrdersCsv: 'Export orders (CSV)',
  exportLinesCsv: 'Export lines (CSV)',
  exporting: 'Exporting…',
  exported: (n: number) => `Exported ${n} ${n === 1 ? 'order' : 'orders'}.`,
  exportedLines: (n: number) => `Exported the lines of ${n} ${n === 1 ? 'order' : 'orders'}.`,
  pagination: 'Order pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} orders`,
  noMatch: 'No orders match this search. Try another word or another tab.',
  /** Issue #39 item 2 (decision 180): what waits on the shop, in the sidebar and above the orders. */
  navWaiting: (n: number) => `${n} waiting on the shop`,
  waitingTitle: 'Waiting on the shop',
  waiting: {
    toShip: 'Paid, nothing shipped',
    returnsToApprove: 'Returns to approve',
    returnsToReceive: 'Returns to receive',
    refundsDue: 'Refunds due',
    openMessages: 'Open messages',
  },
} as const;
