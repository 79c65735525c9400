import { useSearchParams } from 'react-router';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { searchCopy } from '@shop/shared/copy/search';
import { PageHead } from '../../components/ui/page-head';
import { paths } from '../../config/paths';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { readSearchState } from '../../features/search/search-params';

/** /search?q=…: result pages are for visitors, not for search engines' indexes (noindex), all under one canonical address. */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const { q } = readSearchState(params);
  return (
    <>
      <PageHead
        title={q ? `${searchCopy.title}: ${q}` : searchCopy.title}
        description={q ? pageMetaCopy.searchFor(q) : pageMetaCopy.search}
        path={paths.search}
        noindex
      />
      <SearchResultsPage />
    </>
  );
}
