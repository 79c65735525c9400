import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { blogIntro } from '../../content/blog';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { staticPart } from '../../lib/static-part';

// The page is text: it arrives as HTML and stays HTML, and its code is loaded only after a client-side navigation.
const BlogPageBody = staticPart('blog', () => import('../static/blog-body').then((m) => ({ default: m.BlogPageBody })));

export default function BlogPage() {
  return (
    <>
      <PageHead title={blogIntro.title} description={pageMetaCopy.blog} path={paths.blog} />
      <BlogPageBody />
    </>
  );
}
