import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { legalIntro } from '../../content/legal';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { staticPart } from '../../lib/static-part';

// The page is text: it arrives as HTML and stays HTML, and its code is loaded only after a client-side navigation.
const LegalPageBody = staticPart('legal', () => import('../static/legal-body').then((m) => ({ default: m.LegalPageBody })));

export default function LegalPage() {
  return (
    <>
      <PageHead title={legalIntro.title} description={pageMetaCopy.legal} path={paths.legal} />
      <LegalPageBody />
    </>
  );
}
