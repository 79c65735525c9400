import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { BootFallback } from './layouts/boot-fallback';
import { ProtectedRoute } from '../features/identity/components/protected-route';
import { AdminRoute } from '../features/identity/components/admin-route';

/** Each screen is its own lazy chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <BootFallback />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'home', ...page(() => import('./routes/home')) },
      { path: 'products', ...page(() => import('./routes/products')) },
      { path: 'search', ...page(() => import('./routes/search')) },
      // Public product page (issue #9 part 3): no account needed, readable by search engines.
      { path: 'parts/:id', ...page(() => import('./routes/part')) },
      // The cart is public: a visitor's cart is kept in the browser until sign-in (decision 121).
      { path: 'cart', ...page(() => import('./routes/cart')) },
      { path: 'portfolio', ...page(() => import('./routes/portfolio')) },
      { path: 'blog', ...page(() => import('./routes/blog')) },
      { path: 'legal', ...page(() => import('./routes/legal')) },
      { path: 'login', ...page(() => import('./routes/login')) },
      { path: 'register', ...page(() => import('./routes/register')) },
      { path: 'forgot-password', ...page(() => import('./routes/forgot-password')) },
      { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
      { path: 'profile', ...page(() => import('./routes/profile')) },
      {
        // Signed-in only (spec §2): the guard waits for the session, else goes to /login and back.
        element: <ProtectedRoute />,
        children: [
          { path: 'purchase/:id', ...page(() => import('./routes/purchase')) },
          {
            path: 'dashboard',
            ...page(() => import('./routes/dashboard/dashboard-layout')),
            children: [
              { index: true, ...page(() => import('./routes/dashboard/dashboard-index')) },
              { path: 'profile', ...page(() => import('./routes/dashboard/profile')) },
              { path: 'myorders', ...page(() => import('./routes/dashboard/my-orders')) },
              { path: 'payment/checkout/:checkoutId', ...page(() => import('./routes/dashboard/checkout-payment')) },
              { path: 'payment/:paymentId', ...page(() => import('./routes/dashboard/payment')) },
              { path: 'review', ...page(() => import('./routes/dashboard/review')) },
              { path: 'garage', ...page(() => import('./routes/dashboard/garage')) },
              {
                // DESIGN §7.4: admin screens are guarded in the web app too, not only hidden.
                element: <AdminRoute />,
                children: [
                  { path: 'orders', ...page(() => import('./routes/dashboard/manage-orders')) },
                  { path: 'addProduct', ...page(() => import('./routes/dashboard/add-product')) },
                  { path: 'manageProducts', ...page(() => import('./routes/dashboard/manage-products')) },
                  { path: 'manageProducts/:id/edit', ...page(() => import('./routes/dashboard/edit-product')) },
                  { path: 'makeAdmin', ...page(() => import('./routes/dashboard/make-admin')) },
                  { path: 'activity', ...page(() => import('./routes/dashboard/activity')) },
                  { path: 'vehicles', ...page(() => import('./routes/dashboard/vehicles')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
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
  }
  return createBrowserRouter(routes, { hydrationData });
}
