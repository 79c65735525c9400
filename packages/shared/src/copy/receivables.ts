import { formatCount } from '../intl';

const invoices = (n: number) => `${formatCount(n)} ${n === 1 ? 'invoice' : 'invoices'}`;

/**
 * Issue #37 items 4 and 5 (decision 208): open invoices on account — the admin's Open invoices page, the sales
 * overview's "Owed on account" card and the "Open invoices" section of the company page.
 */
export const receivablesCopy = {
  /** "Overdue · 12 days"; under a day late, "Overdue". */
  overdueBadge: (days: number) => (days <= 0 ? 'Overdue' : `Overdue · ${formatCount(days)} ${days === 1 ? 'day' : 'days'}`),
  invoiceCount: invoices,

  // /dashboard/receivables
  navLabel: 'Open invoices',
  adminTitle: 'Open invoices',
  adminIntro:
    'Orders placed on account whose invoice is not paid yet, the oldest due first. A company pays its invoice online through the invoice’s link; the order then counts as paid.',
  adminLoading: 'Loading the open invoices…',
  totalsTitle: 'What companies owe',
  openTotal: 'Open on account',
  overdueTotal: 'Overdue',
  noneOverdue: 'Nothing is overdue.',
  listTitle: 'Invoices, oldest due first',
  adminEmpty: 'No open invoices: every order placed on account is paid.',
  colOrder: 'Order',
  colCompany: 'Company',
  colPo: 'PO number',
  colPlaced: 'Placed',
  colDue: 'Due',
  colAmount: 'Amount',
  colInvoice: 'Invoice',
  noPo: '—',
  /** Before who placed it: "by bob@example.com". */
  by: 'by',
  openOrder: (number: string) => `Open order ${number}`,
  invoiceLink: 'Invoice',
  invoiceOf: (number: string) => `Invoice of ${number}`,
  notIssued: 'Not issued yet',

  // The sales overview's card
  owedTitle: 'Owed on account',
  owedOpen: (n: number) => `${invoices(n)} open`,
  owedOverdue: (total: string, n: number) => `${total} overdue (${invoices(n)})`,
  owedLink: 'See the open invoices',

  // /company
  companyTitle: 'Open invoices',
  companyIntroAll: 'The company’s orders on account that are not paid yet, the oldest due first.',
  companyIntroOwn: 'Your orders on account that are not paid yet, the oldest due first.',
  companyLoading: 'Loading the open invoices…',
  terms: 'Payment terms',
  termsValue: (days: number) => `Net ${formatCount(days)} days`,
  creditLimit: 'Credit limit',
  available: 'Credit available now',
  companyOpen: 'Open on account',
  noTerms: 'Paying on account is not set up for your company, so its orders are paid by card.',
  noTermsHint: 'Ask us if your company should buy on account with payment terms.',
  companyEmpty: 'No open invoices: everything on account is paid.',
  orderNumber: 'Order',
  placed: 'Placed',
  due: 'Due',
  po: 'PO number',
  buyer: 'Placed by',
  amount: 'Amount',
  payInvoice: 'Pay invoice',
  payInvoiceFor: (number: string) => `Pay invoice for ${number}`,
  invoiceComing: 'The invoice is on its way; its link shows here once it is issued.',
} as const;
