import { Suspense, lazy, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * Static parts (issue #23 item 2, decision 169): sections of a server-rendered page that never change in the
 * browser (marketing bands, the footer's columns, a blog text) arrive as HTML and stay HTML. The page hydrates as one
 * React root, so client-side navigation, context and state work as before; inside a static part React adopts the
 * server's markup as it is (`dangerouslySetInnerHTML` with the same HTML) and does not hydrate, render or even load
 * the code of what is inside. Only the interactive parts around them (islands) are hydrated.
 *
 * Opened by a client-side navigation instead, the part is rendered by React as usual.
 */

/** The server's HTML of each static part of the page, read just before it hydrates; cleared once it has. */
let serverHtml: Map<string, string> | null = null;

/** Reads the static parts of the server-rendered page. Called before hydrating. */
export function captureStaticParts(root: ParentNode = document): void {
  serverHtml = new Map();
  for (const el of root.querySelectorAll<HTMLElement>('[data-static]')) {
    if (el.dataset.static) serverHtml.set(el.dataset.static, el.innerHTML);
  }
}

/** After hydration, a part mounted later (another page, the same page again) is rendered fresh. */
export function releaseStaticParts(): void {
  serverHtml = null;
}

/** React Router's rule for a click a link should handle itself: a plain left click on a same-tab link. */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download')
  );
}

/**
 * A part that does not change in the browser. `id` names it on the page (unique, stable between server and browser).
 * `version` is what the part shows, for one that depends on data (a product's price): once it differs from the
 * version the page hydrated with, the part is rendered by React from then on. Its links were rendered by React
 * Router's `<Link>` on the server; a click on one still navigates inside the app.
 */
export function StaticPart({ id, version = '', children }: { id: string; version?: string; children: ReactNode }) {
  const [server] = useState(() => ({ html: serverHtml?.get(id), version }));
  if (server.html !== undefined && server.version === version) return <AdoptedPart key="server" id={id} html={server.html} />;
  // Another key: React replaces the server's element instead of reconciling children into it.
  return (
    <div key="rendered" data-static={id} className="contents">
      {children}
    </div>
  );
}

/** The server's HTML of a static part, adopted by React as it is. */
function AdoptedPart({ id, html }: { id: string; html: string }) {
  const navigate = useNavigate();
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    // A link within the page (#terms) is the browser's own jump, as it was before.
    if (!link || !isPlainClick(event, link) || link.getAttribute('href')?.startsWith('#')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  return (
    // A click on a link inside is a navigation of the app (the keyboard's Enter on a link is a click too).
    <div data-static={id} className="contents" onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  );
}

/**
 * A static part whose code is a chunk of its own: the browser loads it only to render the part after a client-side
 * navigation, never on a server-rendered page. The component takes no props, so what it shows is the same for every
 * visitor and the server's HTML stays true.
 */
export function staticPart(id: string, load: () => Promise<{ default: ComponentType }>) {
  const Part = lazy(load);
  function Static() {
    return (
      <StaticPart id={id}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </StaticPart>
    );
  }
  Static.displayName = `Static(${id})`;
  return Static;
}
