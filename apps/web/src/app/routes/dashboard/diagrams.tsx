import { AdminDiagrams } from '../../../features/diagrams/components/admin-diagrams';

/** /dashboard/diagrams (admin; the router's AdminRoute guards it): the parts diagrams (issue #36 item 1). */
export default function DiagramsPage() {
  return <AdminDiagrams />;
}
