import { SynonymsAdmin } from '../../../features/search/components/synonyms-admin';
import { ModelNicknamesAdmin } from '../../../features/search/components/model-nicknames-admin';

/**
 * /dashboard/synonyms (admin; the router's AdminRoute guards it): the search's synonym groups (issue #26 item 2) and
 * the names riders give models (issue #38 item 2, decision 198).
 */
export default function SynonymsPage() {
  return (
    <>
      <SynonymsAdmin />
      <ModelNicknamesAdmin />
    </>
  );
}
