import { SearchResultsPage } from '../../features/search/components/search-results-page';

export default function SearchRoute() {
  return <SearchResultsPage />;
}
