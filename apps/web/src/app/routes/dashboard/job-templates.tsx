import { AdminJobTemplates } from '../../../features/job-baskets/components/admin-job-templates';

/** /dashboard/job-templates (admin; the router's AdminRoute guards it): the job baskets' templates (issue #36 item 3). */
export default function JobTemplatesPage() {
  return <AdminJobTemplates />;
}
