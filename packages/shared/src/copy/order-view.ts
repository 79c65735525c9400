import { formatCount } from '../intl';
/**
 * Issue #24 (decision 153): an order as people see it — one order with its
 * lines, its number, where it ships, shipping, tax and one total — in My
 * Orders, Manage All Orders, the order's own page and the checkout's payment page.
 */
export const orderViewCopy = {
  // The lists.
  colOrder: 'Order',
  colLines: 'Parts',
  colTotal: 'Total',
  /** The figures under a total: the shipping it includes (null: free) and its tax (null: included in the prices). */
  includes: (shipping: string | null, tax: string | null) =>
    `incl. ${shipping ? `shipping ${shipping}` : 'free shipping'} · ${tax ? `tax ${tax}` : 'tax included'}`,
  lineCount: (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`,
  partNo: (sku: string) => `Part no. ${sku}`,
  // The order's page.
  title: (number: string) => `Order ${number}`,
  notFound: 'We could not find this order. Check the order number, or find it in My Orders.',
  backToOrders: 'Back to My Orders',
  /** Decision 204: a company's admin came from the company page to a colleague's order. */
  backToCompany: 'Back to the company',
  backToAllOrders: 'Back to Manage All Orders',
  status: {
    unpaid: 'Awaiting payment',
    paid: 'Paid',
    // Issue #25: shipments.
    partially_shipped: 'Partially shipped',
    shipped: 'Shipped',
    delivered: 'Delivered',
    expired: 'Expired',
    // Issue #25 item 5: a cancelled order is kept.
    cancelled: 'Cancelled',
  },
  refundDue: 'Refund on its way',
  placed: 'Placed',
  paidOn: 'Paid',
  customer: 'Customer',
  // Issue #37 item 4 (decision 205).
  poNumber: 'PO number',
  poNumberOf: (po: string) => `PO ${po}`,
  shipTo: 'Ship to',
  noAddress: 'No delivery address',
  shippingMethod: 'Shipping method',
  /** "DHL Parcel · DHL", then the estimate. */
  methodLine: (name: string, carrier: string) => (carrier && carrier !== name ? `${name} · ${carrier}` : name),
  estimate: (days: string) => `Arrives in ${days}`,
  linesTitle: 'Parts in this order',
  colPart: 'Part',
  colPartNo: 'Part no.',
  colQuantity: 'Quantity',
  colAmount: 'Amount',
  summaryTitle: 'Summary',
  payNow: (amount: string) => `Pay ${amount}`,
  payHint: 'One payment for the whole order.',
  expiredHint: 'The reservation ran out and the parts went back into stock. Order them again from the catalogue.',
  cancelledHint: 'This order was cancelled before it was paid, and its parts went back into stock. Order them again from the catalogue.',
  // The checkout's payment page.
  paid: 'Paid',
  paidOrder: (number: string) => `Order ${number} is paid.`,
  viewOrder: (number: string) => `View order ${number}`,
  // Cancelling or delivering a whole order.
  cancelLines: (lines: number, units: number) => `Its ${lines} parts (${formatCount(units)} units) go back into stock.`,
  deliverLines: (lines: number, number: string) => `All ${lines} parts of ${number}.`,
} as const;

/** Issue #25 item 5: the order page's timeline, oldest first. */
export const timelineCopy = {
  title: 'Timeline',
  placed: (n: string) => `Order ${n} placed`,
  paid: (amount: string) => `Paid ${amount}`,
  shipped: (carrier: string, n: number, of: number) => (of > 1 ? `Parcel ${n} of ${of} shipped with ${carrier}` : `Shipped with ${carrier}`),
  returnRequested: 'Return asked for',
  returnApproved: 'Return approved',
  returnRejected: 'Return not accepted',
  returnReceived: 'Returned parts received',
  refunded: (amount: string) => `Refunded ${amount}`,
  delivered: 'Delivered',
  cancelled: 'Cancelled; the parts went back into stock',
} as const;
