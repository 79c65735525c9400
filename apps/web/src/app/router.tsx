import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { BootFallback } from './layouts/boot-fallback';
import { ProtectedRoute } from '../features/identity/components/protected-route';
import { AdminRoute } from '../features/identity/components/admin-route';
import { nextTask } from '../lib/next-task';

/** The screens, each its own lazy chunk (tests next to them are not screens). */
const screens = import.meta.glob<{ default: React.ComponentType }>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/**
 * A lazy screen by its file under routes/. `handle.module` names its source
 * file, so the server renderer can preload the chunks and styles of the page
 * it sent (decision 106).
 */
const page = (name: string): Pick<RouteObject, 'lazy' | 'handle'> => {
  const key = `./routes/${name}.tsx`;
  const load = screens[key];
  if (!load) throw new Error(`No screen ${key}`);
  return { lazy: async () => ({ Component: (await load()).default }), handle: { module: `src/app${key.slice(1)}` } };
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <BootFallback />,
    children: [
      { index: true, ...page('home') },
      { path: 'home', ...page('home') },
      { path: 'products', ...page('products') },
      { path: 'search', ...page('search') },
      // Public product page (issue #9 part 3): no account needed, readable by search engines.
      { path: 'parts/:id', ...page('part') },
      // Issue #36 item 1 (decision 197): parts diagrams, public and rendered on the server.
      { path: 'diagrams/:vehicle', ...page('vehicle-diagrams') },
      { path: 'diagrams/:vehicle/:assembly', ...page('diagram') },
      // Issue #36 item 3 (decision 199): a job's parts for one bike, public and rendered on the server.
      { path: 'baskets/:vehicle/:template', ...page('basket') },
      // The cart is public: a visitor's cart is kept in the browser until sign-in (decision 121).
      { path: 'cart', ...page('cart') },
      // Decision 188: a visitor checks out without an account and follows the order through its link.
      { path: 'guest-checkout', ...page('guest-checkout') },
      { path: 'guest-order', ...page('guest-order') },
      { path: 'portfolio', ...page('portfolio') },
      { path: 'blog', ...page('blog') },
      { path: 'legal', ...page('legal') },
      { path: 'login', ...page('login') },
      { path: 'register', ...page('register') },
      { path: 'forgot-password', ...page('forgot-password') },
      { path: 'reset-password', ...page('reset-password') },
      { path: 'profile', ...page('profile') },
      // The newsletter e-mails' links (issue #39): public, no sign-in.
      { path: 'newsletter/confirm', ...page('newsletter-confirm') },
      { path: 'newsletter/unsubscribe', ...page('newsletter-unsubscribe') },
      // Issue #37 item 1 (decision 204): the invitation e-mail's link; it asks a visitor to sign in first.
      { path: 'company/join', ...page('company-join') },
      // Decision 208: the test processor's invoice page, open to whoever holds the invoice's link (as Stripe's).
      { path: 'pay-invoice/:id', ...page('pay-invoice') },
      {
        // Signed-in only (spec §2): the guard waits for the session, else goes to /login and back.
        element: <ProtectedRoute />,
        children: [
          { path: 'purchase/:id', ...page('purchase') },
          // Issue #37 item 3 (decision 202): quick order writes the account's cart.
          { path: 'quick-order', ...page('quick-order') },
          { path: 'checkout', ...page('checkout') },
          // Issue #37 item 1 (decision 204): the trade account the signed-in person buys for.
          { path: 'company', ...page('company') },
          {
            path: 'dashboard',
            ...page('dashboard/dashboard-layout'),
            children: [
              { index: true, ...page('dashboard/dashboard-index') },
              { path: 'profile', ...page('dashboard/profile') },
              { path: 'myorders', ...page('dashboard/my-orders') },
              { path: 'myorders/:ref', ...page('dashboard/order-detail') },
              { path: 'payment/checkout/:checkoutId', ...page('dashboard/checkout-payment') },
              { path: 'payment/:paymentId', ...page('dashboard/payment') },
              { path: 'review', ...page('dashboard/review') },
              { path: 'garage', ...page('dashboard/garage') },
              {
                // DESIGN §7.4: admin screens are guarded in the web app too, not only hidden.
                element: <AdminRoute />,
                children: [
                  { path: 'orders', ...page('dashboard/manage-orders') },
                  { path: 'addProduct', ...page('dashboard/add-product') },
                  { path: 'manageProducts', ...page('dashboard/manage-products') },
                  { path: 'manageProducts/:id/edit', ...page('dashboard/edit-product') },
                  { path: 'imports', ...page('dashboard/imports') },
                  { path: 'makeAdmin', ...page('dashboard/make-admin') },
                  { path: 'activity', ...page('dashboard/activity') },
                  { path: 'vehicles', ...page('dashboard/vehicles') },
                  { path: 'diagrams', ...page('dashboard/diagrams') },
                  { path: 'job-templates', ...page('dashboard/job-templates') },
                  { path: 'companies', ...page('dashboard/companies') },
                  { path: 'companies/:id', ...page('dashboard/company') },
                  { path: 'price-lists', ...page('dashboard/price-lists') },
                  { path: 'price-lists/:id', ...page('dashboard/price-list') },
                  // Issue #37 item 4 (decision 208): open invoices on account.
                  { path: 'receivables', ...page('dashboard/receivables') },
                  { path: 'shipping', ...page('dashboard/shipping') },
                  { path: 'tax', ...page('dashboard/tax') },
                  { path: 'messages', ...page('dashboard/messages') },
                  { path: 'subscribers', ...page('dashboard/subscribers') },
                  { path: 'synonyms', ...page('dashboard/synonyms') },
                  { path: 'search-misses', ...page('dashboard/search-misses') },
                  { path: 'overview', ...page('dashboard/overview') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page('not-found') },
    ],
  },
];

/**
 * The browser's router. After server rendering (decision 106) the matched
 * screens' chunks are loaded first, so the first render is the page the
 * server sent, not the boot fallback.
 */
export async function createClientRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
    // The screens' modules ran as they arrived; the router is built in a task of its own.
    await nextTask();
  }
  return createBrowserRouter(routes, { hydrationData });
}
