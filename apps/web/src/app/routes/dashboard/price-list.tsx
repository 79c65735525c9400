import { useParams } from 'react-router';
import { AdminPriceList } from '../../../features/price-lists/components/admin-price-list';

/** /dashboard/price-lists/{id} (admin; the router's AdminRoute guards it): one trade price list (issue #37 item 2). */
export default function PriceListAdminPage() {
  const { id = '' } = useParams();
  return <AdminPriceList key={id} id={id} />;
}
