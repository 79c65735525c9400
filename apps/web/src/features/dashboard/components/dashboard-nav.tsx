import { NavLink } from 'react-router';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { shippingAdminCopy, taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import { messagesCopy } from '@shop/shared/copy/messages';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { searchMissesCopy, synonymsAdminCopy } from '@shop/shared/copy/search';
import { overviewCopy } from '@shop/shared/copy/overview';
import { diagramsCopy } from '@shop/shared/copy/diagrams';
import { jobBasketsCopy } from '@shop/shared/copy/job-baskets';
import { importsCopy } from '@shop/shared/copy/imports';
import { quickOrderCopy } from '@shop/shared/quick-order';
import { companiesCopy } from '@shop/shared/copy/companies';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { receivablesCopy } from '@shop/shared/copy/receivables';
import { paths } from '../../../config/paths';
import { useAuth } from '../../identity/auth-context';
import { adminOrdersCopy } from '@shop/shared/copy/admin-orders';
import { ordersWaiting, useWaiting } from '../../orders/api/get-waiting';
import { Skeleton } from '../../../components/ui/skeleton';
import { DashboardIcon, type DashboardIconName } from './dashboard-icons';

interface Item {
  to: string;
  label: string;
  icon: DashboardIconName;
}

const profileItem: Item = { to: paths.dashboardProfile, label: dashboardCopy.myProfile, icon: 'profile' };
const customerItems: Item[] = [
  { to: paths.myOrders, label: dashboardCopy.myOrders, icon: 'orders' },
  // Issue #37 item 3 (decision 202).
  { to: paths.quickOrder, label: quickOrderCopy.navLabel, icon: 'orders' },
  // Issue #37 item 1 (decision 204): for everyone; the page says so when one buys for no company.
  { to: paths.company, label: companiesCopy.navLabel, icon: 'profile' },
  { to: paths.addReview, label: dashboardCopy.addReview, icon: 'review' },
  { to: paths.garage, label: dashboardCopy.myGarage, icon: 'garage' },
];
const adminItems: Item[] = [
  { to: paths.manageOrders, label: dashboardCopy.manageAllOrders, icon: 'allOrders' },
  { to: paths.addProduct, label: dashboardCopy.addProduct, icon: 'addProduct' },
  { to: paths.manageProducts, label: dashboardCopy.manageProducts, icon: 'products' },
  // Issue #35 item 2: feed imports, next to the catalogue.
  { to: paths.imports, label: importsCopy.navLabel, icon: 'products' },
  { to: paths.makeAdmin, label: dashboardCopy.makeAdmin, icon: 'admin' },
  // After the spec's four (issue #25 item 7).
  { to: paths.overview, label: overviewCopy.navLabel, icon: 'overview' },
  { to: paths.activity, label: dashboardCopy.activity, icon: 'activity' },
  { to: paths.vehicles, label: dashboardCopy.vehicles, icon: 'vehicles' },
  { to: paths.diagramsAdmin, label: diagramsCopy.adminTitle, icon: 'products' },
  { to: paths.jobTemplatesAdmin, label: jobBasketsCopy.adminTitle, icon: 'products' },
  { to: paths.companiesAdmin, label: companiesCopy.adminTitle, icon: 'admin' },
  // Issue #37 item 2 (decision 206): next to the companies they price.
  { to: paths.priceListsAdmin, label: priceListsCopy.navLabel, icon: 'tax' },
  // Issue #37 item 4 (decision 208): what the companies owe on account.
  { to: paths.receivablesAdmin, label: receivablesCopy.navLabel, icon: 'invoices' },
  { to: paths.shippingAdmin, label: shippingAdminCopy.navLabel, icon: 'shipping' },
  { to: paths.taxAdmin, label: taxAdminCopy.navLabel, icon: 'tax' },
  { to: paths.messages, label: messagesCopy.navLabel, icon: 'messages' },
  { to: paths.newsletterSubscribers, label: newsletterCopy.navLabel, icon: 'subscribers' },
  { to: paths.synonyms, label: synonymsAdminCopy.navLabel, icon: 'synonyms' },
  { to: paths.searchMisses, label: searchMissesCopy.navLabel, icon: 'searchMisses' },
];

/** The spec's sidebar: My Profile for everyone, then the customer's or the admin's pages. */
export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  const { admin, adminLoading } = useAuth();
  const items = [profileItem, ...(adminLoading ? [] : admin ? adminItems : customerItems)];
  // Issue #25: the admin sees how many contact messages wait for an answer; issue #39 item 2: and how many orders,
  // returns and refunds wait on the shop, from one call.
  const waiting = useWaiting(!adminLoading && admin).data;
  const openMessages = waiting?.openMessages ?? 0;
  const orders = ordersWaiting(waiting);
  return (
    <nav aria-label={orderFlowCopy.dashboardMenu}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const badge = item.to === paths.messages ? openMessages : item.to === paths.manageOrders ? orders : 0;
          const spoken = item.to === paths.messages ? messagesCopy.navOpen(badge) : adminOrdersCopy.navWaiting(badge);
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={onNavigate}
                // The badge's number alone says little: "Messages, 3 open messages" (the visible words first).
                aria-label={badge ? `${item.label}, ${spoken}` : undefined}
                className={({ isActive }) =>
                  `flex min-h-12 items-center gap-3 rounded-field px-4 py-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                    isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-300'
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    <DashboardIcon name={item.icon} />
                    {item.label}
                    {badge > 0 && <span className={`badge badge-sm ml-auto tabular-nums ${isActive ? 'badge-neutral' : 'badge-primary'}`}>{badge}</span>}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
        {adminLoading &&
          // Reserve the space of the role's links while the admin check runs.
          [0, 1].map((i) => (
            <li key={i} className="flex min-h-12 items-center px-4">
              <Skeleton className="h-5 w-36" />
            </li>
          ))}
      </ul>
    </nav>
  );
}
