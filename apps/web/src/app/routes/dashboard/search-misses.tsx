import { SearchMissesAdmin } from '../../../features/search/components/search-misses-admin';

/** /dashboard/search-misses (admin; the router's AdminRoute guards it): what shoppers did not find (issue #26 item 6). */
export default function SearchMissesPage() {
  return <SearchMissesAdmin />;
}
