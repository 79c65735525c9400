import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { paths } from '../../../config/paths';

export type PanelTone = 'working' | 'success' | 'error' | 'neutral';

const toneIcon: Record<PanelTone, ReactNode> = {
  working: <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />,
  success: (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      className="fill-none stroke-success"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  ),
  error: (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      className="fill-none stroke-error"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.5" />
    </svg>
  ),
  neutral: (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      className="fill-none stroke-primary"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 6h18v12H3zM3 6l9 7 9-7" />
    </svg>
  ),
};

/**
 * The card of the newsletter's link pages (confirm, unsubscribe). When the heading changes (the answer arrived), the
 * focus moves to it, so a screen reader reads the outcome and the keyboard starts from there.
 */
export function NewsletterLinkPanel({ tone, heading, children }: { tone: PanelTone; heading: string; children?: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [heading]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl items-center px-4 py-12 sm:py-16">
      <section
        aria-labelledby="newsletter-link-heading"
        aria-busy={tone === 'working'}
        className="w-full rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm sm:p-10"
      >
        <div className="mb-4 flex justify-center">{toneIcon[tone]}</div>
        <h1
          id="newsletter-link-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-3xl font-bold uppercase leading-tight outline-none sm:text-4xl"
        >
          {heading}
        </h1>
        <span className="mx-auto mt-3 block h-1 w-12 rounded-full bg-accent" aria-hidden="true" />
        <div className="mt-5 flex flex-col items-center gap-4 text-lg text-base-content/80">{children}</div>
        {(tone === 'success' || tone === 'error') && (
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={paths.products} className="btn btn-primary">
              {newsletterCopy.browseParts}
            </Link>
            <Link to={paths.home} className="btn btn-outline">
              {newsletterCopy.backToShop}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
