import { useEffect } from 'react';
import { shop } from '@shop/shared/content';
import { siteOrigin, siteUrl } from '../../lib/site-origin';
import { documentTitle } from './page-title';

export interface PageHeadProps {
  /** The page's own title; the shop's name is added ("Products · Torque & Throttle Parts"). */
  title: string;
  description: string;
  /** The canonical path (or full URL) of the page; none for a page that is not found. */
  path?: string;
  /** Open Graph type: `website` for pages, `product` for a part, `article` for posts. */
  type?: 'website' | 'product' | 'article' | 'profile';
  /** A picture for link previews, as a path on this shop or a full URL. */
  image?: string;
  /** Ask search engines not to index the page (not found, carts, one-time links). */
  noindex?: boolean;
  /** The shop's public origin; by default siteOrigin() (relative addresses when unknown). */
  origin?: string;
}

/**
 * A page's own head: <title>, description, canonical address and Open Graph
 * tags. React 19 hoists these elements into <head> and removes them when the
 * page goes (decision 103), so this renders the same on a server; it reads no
 * `window` while rendering. The shop-wide description of index.html steps
 * aside while the page's own is shown, so the document has exactly one.
 */
export function PageHead({ title, description, path, type = 'website', image, noindex = false, origin = siteOrigin() }: PageHeadProps) {
  const fullTitle = documentTitle(title);
  const url = path === undefined ? undefined : siteUrl(path, origin);
  useHideStaticDescription();
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} data-page="page" />
      {noindex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={shop.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      {image && <meta property="og:image" content={siteUrl(image, origin)} />}
    </>
  );
}

/** How many page heads are shown, and the shop-wide descriptions they have put aside. */
let shownHeads = 0;
let putAside: { meta: HTMLMetaElement; mark: Comment }[] = [];

/**
 * index.html's shop-wide description (the one without data-page) is taken out while a page's own is shown, and
 * put back when the last page head goes. A server-rendered page arrives without it (decision 106): then the
 * shop-wide one is added back, so a page without its own head never goes without a description.
 */
function useHideStaticDescription() {
  useEffect(() => {
    if (shownHeads++ === 0) {
      putAside = Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]:not([data-page])')).map((meta) => {
        const mark = document.createComment('description');
        meta.replaceWith(mark);
        return { meta, mark };
      });
    }
    return () => {
      if (--shownHeads > 0) return;
      for (const { meta, mark } of putAside) mark.replaceWith(meta);
      putAside = [];
      if (!document.head.querySelector('meta[name="description"]:not([data-page])')) {
        const meta = document.createElement('meta');
        meta.name = 'description';
        meta.content = `${shop.name}: ${shop.tagline}`;
        document.head.append(meta);
      }
    };
  }, []);
}
