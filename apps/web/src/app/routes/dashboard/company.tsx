import { useParams } from 'react-router';
import { AdminCompany } from '../../../features/companies/components/admin-companies';

/** /dashboard/companies/{id} (admin; the router's AdminRoute guards it): one trade account (issue #37 item 1). */
export default function CompanyAdminPage() {
  const { id = '' } = useParams();
  return <AdminCompany key={id} id={id} />;
}
