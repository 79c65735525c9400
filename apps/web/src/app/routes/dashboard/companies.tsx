import { AdminCompanies } from '../../../features/companies/components/admin-companies';

/** /dashboard/companies (admin; the router's AdminRoute guards it): trade accounts (issue #37 item 1). */
export default function CompaniesPage() {
  return <AdminCompanies />;
}
