import { createContext, Fragment, useContext, useLayoutEffect, type ReactElement } from 'react';
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
 * Where a server render collects the page heads it meets (entry-server): they go into the document's <head>, not
 * into the markup where the page renders them.
 */
export const HeadCollector = createContext<ReactElement[] | null>(null);

/**
 * A page's own head: <title>, description, canonical address and Open Graph tags (decision 103). On a server the
 * tags are handed to the collector; in the browser they are put into <head> while the page is shown and taken away
 * when it goes, in place of the ones the server sent (all marked `data-page`). It reads no `window` while rendering.
 * The shop-wide description of index.html steps aside while the page's own is shown, so the document has exactly one.
 */
export function PageHead({ title, description, path, type = 'website', image, noindex = false, origin = siteOrigin() }: PageHeadProps) {
  const fullTitle = documentTitle(title);
  const url = path === undefined ? undefined : siteUrl(path, origin);
  const imageUrl = image ? siteUrl(image, origin) : undefined;
  const collector = useContext(HeadCollector);
  const tags: HeadTag[] = [
    ['title', {}, fullTitle],
    ['meta', { name: 'description', content: description }],
    ...(noindex ? [['meta', { name: 'robots', content: 'noindex' }] as HeadTag] : []),
    ...(url ? [['link', { rel: 'canonical', href: url }] as HeadTag] : []),
    ['meta', { property: 'og:site_name', content: shop.name }],
    ['meta', { property: 'og:type', content: type }],
    ['meta', { property: 'og:title', content: fullTitle }],
    ['meta', { property: 'og:description', content: description }],
    ...(url ? [['meta', { property: 'og:url', content: url }] as HeadTag] : []),
    ...(imageUrl ? [['meta', { property: 'og:image', content: imageUrl }] as HeadTag] : []),
  ];
  const key = JSON.stringify(tags);
  useHideStaticDescription();
  useLayoutEffect(() => {
    // The server's tags (or a page's that has not gone yet) give way to this page's own.
    for (const old of document.head.querySelectorAll('[data-page]')) old.remove();
    const elements = (JSON.parse(key) as HeadTag[]).map(([name, attributes, text]) => {
      const element = document.createElement(name);
      for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
      element.setAttribute('data-page', 'page');
      if (text !== undefined) element.textContent = text;
      return element;
    });
    // First in <head>: document.title is the first <title> of the document.
    document.head.prepend(...elements);
    return () => {
      for (const element of elements) element.remove();
    };
  }, [key]);
  if (!collector) return null;
  collector.push(
    <Fragment key={collector.length}>
      {tags.map(([Tag, attributes, text], i) => (
        <Tag key={i} {...attributes} data-page="page">
          {text}
        </Tag>
      ))}
    </Fragment>,
  );
  return null;
}

type HeadTag = [name: 'title' | 'meta' | 'link', attributes: Record<string, string>, text?: string];

/** How many page heads are shown, and the shop-wide descriptions they have put aside. */
let shownHeads = 0;
let putAside: { meta: HTMLMetaElement; mark: Comment }[] = [];

/**
 * index.html's shop-wide description (the one without data-page) is taken out while a page's own is shown, and
 * put back when the last page head goes. A server-rendered page arrives without it (decision 106): then the
 * shop-wide one is added back, so a page without its own head never goes without a description.
 */
function useHideStaticDescription() {
  useLayoutEffect(() => {
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
