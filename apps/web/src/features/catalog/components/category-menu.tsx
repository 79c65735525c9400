import { startTransition, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { paths } from '../../../config/paths';

const Chevron = ({ open }: { open?: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    aria-hidden="true"
    className={`shrink-0 fill-none stroke-current transition-transform group-open:rotate-180 ${open ? 'rotate-180' : ''}`}
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M6 9l6 6 6-6" />
  </svg>
);

/**
 * Issue #39 item 9: the header's category menu; each link opens the products page with that category's filter.
 *
 * The server renders a <details>/<summary> disclosure, so the menu opens and its links work before the script and
 * without it. Once the app runs, it becomes the WAI-ARIA disclosure pattern: a real <button> with aria-expanded and
 * aria-controls; Escape closes it and puts the focus back on the button; a click elsewhere, the focus leaving it or a
 * followed link closes it. What the visitor did before (opened it, focused it) carries over.
 *
 * `bar`: the desktop navigation bar, the list in a panel under the button. `panel`: the phone menu, the list inline.
 */
export function CategoryMenu({ variant }: { variant: 'bar' | 'panel' }) {
  const details = useRef<HTMLDetailsElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const listId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const current = location.pathname === paths.products ? new URLSearchParams(location.search).get('category') : null;
  const bar = variant === 'bar';

  // After hydration (a render of its own, in a transition: the first render matches the server's HTML).
  useEffect(() => {
    const d = details.current;
    const wasOpen = Boolean(d?.open);
    refocus.current = Boolean(d && d.contains(document.activeElement));
    startTransition(() => {
      setOpen(wasOpen);
      setEnhanced(true);
    });
  }, []);
  useEffect(() => {
    if (enhanced && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [enhanced]);

  // A followed link (or back and forward) closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open || !bar) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, bar]);

  const onKeyDown = (e: KeyboardEvent) => {
    // In the phone menu, Escape closes the whole menu (the navigation bar's own handler).
    if (e.key !== 'Escape' || !open || !bar) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const onBlur = (e: FocusEvent) => {
    if (bar && open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
  };

  const toggleClass = bar
    ? 'flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-field px-2 py-2 text-sm font-semibold uppercase tracking-wider transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary xl:px-3 [&::-webkit-details-marker]:hidden'
    : 'flex min-h-12 w-full cursor-pointer list-none items-center justify-between px-2 font-display text-lg font-bold uppercase tracking-wide hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden';

  const panel = (
    <div
      id={listId}
      hidden={enhanced ? !open : undefined}
      className={bar ? 'absolute left-0 top-full z-50 mt-2 w-[30rem] rounded-box border border-base-300 bg-base-100 p-3 shadow-xl' : 'pb-3 pl-2'}
    >
      <ul aria-label={storefrontCopy.categoriesNav} className={`grid gap-1 ${bar ? 'grid-cols-2' : 'grid-cols-1 min-[360px]:grid-cols-2'}`}>
        {PRODUCT_CATEGORIES.map((category) => {
          const isCurrent = current === category;
          return (
            <li key={category}>
              <Link
                to={paths.productsInCategory(category)}
                aria-current={isCurrent ? 'page' : undefined}
                className={`flex min-h-11 items-center rounded-field px-3 text-base font-medium hover:bg-base-200 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary ${
                  isCurrent ? 'bg-base-200 font-semibold text-primary' : ''
                }`}
              >
                {CATEGORY_LABELS[category]}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to={paths.products}
        className="mt-2 flex min-h-11 items-center justify-center rounded-field border-t border-base-300 px-3 text-sm font-semibold uppercase tracking-wider text-primary hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {storefrontCopy.allCategories}
      </Link>
    </div>
  );

  if (!enhanced) {
    return (
      <details ref={details} className={`group ${bar ? 'relative' : ''}`}>
        <summary className={toggleClass}>
          {storefrontCopy.categoriesMenu}
          <Chevron />
        </summary>
        {panel}
      </details>
    );
  }
  return (
    <div ref={root} className={bar ? 'relative' : ''} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" className={toggleClass} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        {storefrontCopy.categoriesMenu}
        <Chevron open={open} />
      </button>
      {panel}
    </div>
  );
}
