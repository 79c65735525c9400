import { AdminReceivables } from '../../../features/receivables/components/admin-receivables';

/** /dashboard/receivables (admin; the router's AdminRoute guards it): open invoices on account (issue #37 item 4). */
export default function ReceivablesPage() {
  return <AdminReceivables />;
}
