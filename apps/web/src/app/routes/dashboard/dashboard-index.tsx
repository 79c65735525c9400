import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/identity/auth-context';

/** /dashboard opens the page each role uses most (spec: the navbar's Dashboard link does the same). */
export default function DashboardIndexPage() {
  const { admin, adminLoading } = useAuth();
  if (adminLoading) return <LoadingBlock />;
  return <Navigate to={admin ? paths.manageOrders : paths.myOrders} replace />;
}
