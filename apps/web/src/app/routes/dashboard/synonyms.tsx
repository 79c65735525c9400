import { SynonymsAdmin } from '../../../features/search/components/synonyms-admin';

/** /dashboard/synonyms (admin; the router's AdminRoute guards it): the search's synonym groups (issue #26 item 2). */
export default function SynonymsPage() {
  return <SynonymsAdmin />;
}
