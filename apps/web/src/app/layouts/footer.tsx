import { Suspense } from 'react';
import { footerCopy } from '@shop/shared/copy/footer';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { shop } from '@shop/shared/content';
import { ThemeSelect } from '../../features/theme/components/theme-select';
import { SocialIcon } from './social-icon';
import { useShopLinks } from '../../features/contact/api/shop-links';
import { lazyPart } from '../../lib/lazy-part';
import { StaticPart, staticPart } from '../../lib/static-part';

/** The shop's contacts and the link groups: HTML that never changes, their code loaded only to render them anew. */
const FooterColumns = staticPart('footer-columns', () => import('./static/footer-columns').then((m) => ({ default: m.FooterColumns })));

// The form loads apart from every page's first download (zod follows on its first check).
const NewsletterForm = lazyPart(() => import('../../features/contact/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })));

/** Same box as the form's input row, held while the form's code loads. */
function NewsletterPlaceholder() {
  return <div className="h-10 w-full rounded-field border border-neutral-content/30 bg-neutral-content/10" aria-hidden="true" />;
}

const PAYMENTS_WIDTH = 244;
const PAYMENTS_HEIGHT = 40;

export function Footer() {
  const year = new Date().getFullYear();
  // Issue #39 item 8: only the shop's own pages (SOCIAL_*_URL), and no "Follow us" without any.
  const social = useShopLinks().data?.social ?? [];
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-12 lg:gap-x-8 lg:px-8 lg:py-16">
        <FooterColumns />

        <section aria-labelledby="footer-newsletter" className="col-span-2 flex flex-col gap-3 sm:col-span-3 lg:col-span-3">
          <h2 id="footer-newsletter" className="font-display text-sm font-bold uppercase tracking-[0.2em] text-accent">
            {footerCopy.newsletter}
          </h2>
          <p className="text-sm text-neutral-content/80">{storefrontCopy.newsletterText}</p>
          <Suspense fallback={<NewsletterPlaceholder />}>
            <NewsletterForm />
          </Suspense>
          {social.length > 0 && (
            <>
              <h2 className="mt-4 font-display text-sm font-bold uppercase tracking-[0.2em] text-accent">{storefrontCopy.followUs}</h2>
              <StaticPart id="footer-social" version={social.map((s) => s.href).join(' ')}>
                <ul className="flex gap-2">
                  {social.map((s) => (
                    <li key={s.network}>
                      <a
                        href={s.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="btn btn-circle btn-ghost border border-neutral-content/25 text-neutral-content hover:border-accent hover:bg-accent hover:text-accent-content"
                        aria-label={`${s.network} ${storefrontCopy.newTab}`}
                      >
                        <SocialIcon network={s.network} />
                      </a>
                    </li>
                  ))}
                </ul>
              </StaticPart>
            </>
          )}
        </section>
      </div>

      <div className="border-t border-neutral-content/15">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 text-center sm:px-6 md:flex-row md:justify-between md:text-left lg:px-8">
          <StaticPart id="footer-copyright">
            <p className="text-sm text-neutral-content/80">{footerCopy.copyright(year, shop.name)}</p>
          </StaticPart>
          <ThemeSelect
            className="text-neutral-content/90"
            selectClassName="border-neutral-content/30 bg-neutral text-neutral-content focus-visible:outline-accent"
          />
          <StaticPart id="footer-payments">
            <img
              src="/images/payment-cards.svg"
              width={PAYMENTS_WIDTH}
              height={PAYMENTS_HEIGHT}
              alt={footerCopy.paymentAlt}
              loading="lazy"
              className="h-8 w-auto"
            />
          </StaticPart>
        </div>
      </div>
    </footer>
  );
}
