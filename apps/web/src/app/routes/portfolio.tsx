import { portfolioCopy } from '../../content/portfolio';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { staticPart } from '../../lib/static-part';

// The page is text: it arrives as HTML and stays HTML, and its code is loaded only after a client-side navigation.
const PortfolioPageBody = staticPart('portfolio', () => import('../static/portfolio-body').then((m) => ({ default: m.PortfolioPageBody })));

export default function PortfolioPage() {
  return (
    <>
      <PageHead title={portfolioCopy.pageTitle} description={pageMetaCopy.portfolio} path={paths.portfolio} />
      <PortfolioPageBody />
    </>
  );
}
