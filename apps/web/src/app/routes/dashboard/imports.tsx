import { AdminImports } from '../../../features/imports/components/admin-imports';

/** /dashboard/imports (admin; the router's AdminRoute guards it): feed imports as background jobs (issue #35 item 2). */
export default function ImportsPage() {
  return <AdminImports />;
}
