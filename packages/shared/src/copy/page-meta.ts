/** Issue #10 ("Findable"): each public page's description, for search results and link previews (the title is the page's heading). */
export const pageMetaCopy = {
  home: 'Bulk motorcycle and vehicle parts for workshops, dealers and racing teams: brakes, filters, chains, spark plugs and more, with lot prices and fast delivery.',
  products: 'Browse every part in the catalogue: filter by category, brand, stock, price and the bike it fits, and order in bulk at lot prices.',
  productsPage: (page: number) => `Page ${page} of the catalogue: motorcycle and vehicle parts in bulk, filtered by category, brand, stock, price and fitment.`,
  search: 'Find a part by its number however it is typed, or by name, brand and category, with typo-tolerant search.',
  searchFor: (q: string) => `Parts matching “${q}”: part numbers, names and brands in the catalogue, with stock and lot prices.`,
  blog: 'Short, correct answers to the questions we get most about the web technology behind this shop: React performance, state, inheritance and tests.',
  portfolio: 'The team behind the shop, the skills it works with and the open-source projects the shop is built on.',
  legal: 'Terms of sale, privacy policy and cookie policy of the shop.',
  login: 'Log in to order parts in bulk, pay by card, follow your orders and keep your bikes in My Garage.',
  register: 'Create an account to order parts in bulk, pay by card and track every delivery.',
  cart: 'Your cart: collect parts and pay for all of them at once, with one checkout and one receipt.',
  notFound: 'We could not find that page. Browse the catalogue or search for a part by its number.',
  forgotPassword: 'Forgot your password? Enter the e-mail of your account and we will send you a link to choose a new one.',
  resetPassword: 'Choose a new password for your account.',
} as const;
