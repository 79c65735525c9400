import { AdminPriceLists } from '../../../features/price-lists/components/admin-price-lists';

/** /dashboard/price-lists (admin; the router's AdminRoute guards it): trade price lists (issue #37 item 2). */
export default function PriceListsPage() {
  return <AdminPriceLists />;
}
