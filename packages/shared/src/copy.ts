/**
 * Every user-visible text of the shop, so the owner can change wording
 * without touching components. Texts quoted by the spec are kept exactly as
 * written there (including its spellings such as 'Deleverd').
 *
 * Each part lives in its own module under copy/ (`@shop/shared/copy/<part>`,
 * exporting `<part>Copy`): the web app imports the parts a screen shows, so a
 * page downloads only its own texts (decision 107). `copy` gathers them all,
 * for the end-to-end tests.
 */
import { navCopy } from './copy/nav';
import { toastsCopy } from './copy/toasts';
import { validationCopy } from './copy/validation';
import { homeCopy } from './copy/home';
import { benefitsCopy } from './copy/benefits';
import { productsCopy } from './copy/products';
import { authCopy } from './copy/auth';
import { twoFactorCopy } from './copy/two-factor';
import { pageMetaCopy } from './copy/page-meta';
import { notFoundCopy } from './copy/not-found';
import { footerCopy } from './copy/footer';
import { dashboardCopy } from './copy/dashboard';
import { profileCopy } from './copy/profile';
import { usersCopy } from './copy/users';
import { ordersCopy } from './copy/orders';
import { productFiltersCopy } from './copy/product-filters';
import { searchCopy } from './copy/search';
import { cartCopy } from './copy/cart';
import { garageCopy } from './copy/garage';
import { partPageCopy } from './copy/part-page';
import { priceTiersCopy } from './copy/price-tiers';
import { purchaseCopy } from './copy/purchase';
import { paymentCopy } from './copy/payment';
import { orderFlowCopy } from './copy/order-flow';
import { storefrontCopy } from './copy/storefront';
import { themeCopy } from './copy/theme';
import { networkCopy } from './copy/network';
import { adminOrdersCopy } from './copy/admin-orders';
import { uploadsCopy } from './copy/uploads';
import { catalogCsvCopy } from './copy/catalog-csv';
import { fitmentCopy } from './copy/fitment';
import { vehiclesAdminCopy } from './copy/vehicles-admin';
import { activityCopy } from './copy/activity';
import { accountSecurityCopy } from './copy/account-security';
import { orderRulesCopy } from './copy/order-rules';
import { checkoutAddressCopy } from './copy/checkout-address';
import { reviewsCopy } from './copy/reviews';
import { sessionsCopy } from './copy/sessions';
import { partNumbersCopy } from './copy/part-numbers';
import { newsletterCopy } from './copy/newsletter';

export const copy = {
  newsletter: newsletterCopy,
  nav: navCopy,
  toasts: toastsCopy,
  validation: validationCopy,
  home: homeCopy,
  benefits: benefitsCopy,
  products: productsCopy,
  auth: authCopy,
  twoFactor: twoFactorCopy,
  pageMeta: pageMetaCopy,
  notFound: notFoundCopy,
  footer: footerCopy,
  dashboard: dashboardCopy,
  profile: profileCopy,
  users: usersCopy,
  orders: ordersCopy,
  productFilters: productFiltersCopy,
  search: searchCopy,
  cart: cartCopy,
  garage: garageCopy,
  partPage: partPageCopy,
  priceTiers: priceTiersCopy,
  purchase: purchaseCopy,
  payment: paymentCopy,
  orderFlow: orderFlowCopy,
  storefront: storefrontCopy,
  theme: themeCopy,
  network: networkCopy,
  adminOrders: adminOrdersCopy,
  uploads: uploadsCopy,
  catalogCsv: catalogCsvCopy,
  fitment: fitmentCopy,
  vehiclesAdmin: vehiclesAdminCopy,
  activity: activityCopy,
  accountSecurity: accountSecurityCopy,
  orderRules: orderRulesCopy,
  checkoutAddress: checkoutAddressCopy,
  reviews: reviewsCopy,
  sessions: sessionsCopy,
  partNumbers: partNumbersCopy,
} as const;

export type Copy = typeof copy;
