/** Every route path of the web app, and builders for the ones with parameters. */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  products: '/products',
  search: '/search',
  portfolio: '/portfolio',
  blog: '/blog',
  legal: '/legal',
  profile: '/profile',
  /** The public product page (issue #9 part 3). */
  part: (id: string) => `/parts/${encodeURIComponent(id)}`,
  /** Issue #36 item 1 (decision 197): a parts diagram of a vehicle, and a vehicle's diagrams. */
  diagram: (vehicle: string, assembly: string) => `/diagrams/${encodeURIComponent(vehicle)}/${encodeURIComponent(assembly)}`,
  vehicleDiagrams: (vehicle: string) => `/diagrams/${encodeURIComponent(vehicle)}`,
  /** Issue #36 item 3 (decision 199): a job's parts for one bike. */
  basket: (vehicle: string, template: string) => `/baskets/${encodeURIComponent(vehicle)}/${encodeURIComponent(template)}`,
  /** The cart (issue #9 part 4): public, a visitor's cart lives in the browser. */
  cart: '/cart',
  /** Issue #37 item 3 (decision 202): a pasted list of part numbers to the cart in one step (signed in). */
  quickOrder: '/quick-order',
  /** Issue #37 item 1 (decision 204): the trade account one buys for (signed in), and the invitation e-mail's link. */
  company: '/company',
  companyJoin: '/company/join',
  /** Issue #24: checkout on one page (address, shipping method, summary). */
  checkout: '/checkout',
  /** Issue #39 item 9 (decision 188): checkout without an account, and the guest's order (its link's token in the fragment). */
  guestCheckout: '/guest-checkout',
  guestOrder: '/guest-order',
  purchase: (id: string) => `/purchase/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  dashboardProfile: '/dashboard/profile',
  myOrders: '/dashboard/myorders',
  /** Issue #24: one order by its number (TT-10042) or id; the receipt e-mail links here. */
  orderDetail: (ref: string) => `/dashboard/myorders/${encodeURIComponent(ref)}`,
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  /** The one payment of a checkout (decision 121). */
  checkoutPayment: (checkoutId: string) => `/dashboard/payment/checkout/${encodeURIComponent(checkoutId)}`,
  addReview: '/dashboard/review',
  /** My Garage (issue #11 part 4). */
  garage: '/dashboard/garage',
  manageOrders: '/dashboard/orders',
  addProduct: '/dashboard/addProduct',
  manageProducts: '/dashboard/manageProducts',
  editProduct: (id: string) => `/dashboard/manageProducts/${encodeURIComponent(id)}/edit`,
  makeAdmin: '/dashboard/makeAdmin',
  activity: '/dashboard/activity',
  /** Issue #11: the admin's vehicle list and import. */
  vehicles: '/dashboard/vehicles',
  /** Issue #35 item 2: feed imports as background jobs (admin). */
  imports: '/dashboard/imports',
  /** Issue #37 item 1 (decision 204): trade accounts — the admin's companies and one company. */
  companiesAdmin: '/dashboard/companies',
  companyAdmin: (id: string) => `/dashboard/companies/${encodeURIComponent(id)}`,
  /** Issue #37 item 2 (decision 206): trade price lists — the admin's lists and one list. */
  priceListsAdmin: '/dashboard/price-lists',
  priceListAdmin: (id: string) => `/dashboard/price-lists/${encodeURIComponent(id)}`,
  /** Issue #37 item 4 (decision 208): open invoices on account (admin). */
  receivablesAdmin: '/dashboard/receivables',
  /** Decision 208: the built-in test processor's invoice page (Stripe's hosted invoice page in test mode). */
  payInvoice: (id: string) => `/pay-invoice/${encodeURIComponent(id)}`,
  /** Issue #36 item 1: the admin's parts diagrams. */
  diagramsAdmin: '/dashboard/diagrams',
  /** Issue #36 item 3: the admin's job templates. */
  jobTemplatesAdmin: '/dashboard/job-templates',
  /** Issue #24 item 5: the admin's shipping zones and methods, and tax rates and setting. */
  shippingAdmin: '/dashboard/shipping',
  taxAdmin: '/dashboard/tax',
  /** Issue #25 item 6: the contact form's messages, for admins. */
  messages: '/dashboard/messages',
  /** Issue #26 item 2: the search's synonym groups, for admins. */
  synonyms: '/dashboard/synonyms',
  /** Issue #26 item 6: what shoppers searched for and did not find, for admins. */
  searchMisses: '/dashboard/search-misses',
  /** Issue #25 item 7: the owner's sales overview (admin). */
  overview: '/dashboard/overview',
  /** Issue #39 (decision 186): the newsletter's double opt-in links and the admin's list of addresses. */
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  newsletterSubscribers: '/dashboard/subscribers',
  /** Issue #39 item 9: the products page with one category's filter (the header's category menu). */
  productsInCategory: (category: string) => `/products?category=${encodeURIComponent(category)}`,
} as const;
