import { Suspense } from 'react';
import { Link } from 'react-router';
import { footerCopy } from '@shop/shared/copy/footer';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { shop } from '@shop/shared/content';
import { paths } from '../../config/paths';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../components/ui/icons';
import { ThemeSelect } from '../../features/theme/components/theme-select';
import { SocialIcon } from './social-icon';
import { lazyPart } from '../../lib/lazy-part';

const l = storefrontCopy.footerLinks;

// The form brings react-hook-form and zod; loading it apart keeps them out of the first download of every page.
const NewsletterForm = lazyPart(() => import('../../features/contact/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })));

/** Same box as the form's input row, held while the form's code loads. */
function NewsletterPlaceholder() {
  return <div className="h-10 w-full rounded-field border border-neutral-content/30 bg-neutral-content/10" aria-hidden="true" />;
}

/** Link groups point at real screens of the shop; the legal texts live on /legal. */
const groups = [
  {
    title: footerCopy.services,
    links: [
      { to: paths.products, label: l.catalogue },
      { to: paths.myOrders, label: l.orderTracking },
      { to: paths.addReview, label: l.writeReview },
      { to: `${paths.home}#contact`, label: l.contact },
    ],
  },
  {
    title: footerCopy.company,
    links: [
      { to: paths.portfolio, label: l.team },
      { to: paths.blog, label: l.articles },
      { to: `${paths.home}#news`, label: l.news },
    ],
  },
  {
    title: footerCopy.legal,
    links: [
      { to: `${paths.legal}#terms`, label: l.terms },
      { to: `${paths.legal}#privacy`, label: l.privacy },
      { to: `${paths.legal}#cookies`, label: l.cookies },
    ],
  },
];

// The payment strip's intrinsic size, so the browser reserves its box before it loads.
const PAYMENTS_WIDTH = 320;
const PAYMENTS_HEIGHT = 40;

const telHref = `tel:${shop.phone.replace(/[^+\d]/g, '')}`;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-12 lg:gap-x-8 lg:px-8 lg:py-16">
        <div className="col-span-2 flex flex-col gap-4 sm:col-span-3 lg:col-span-3">
          <Link
            to={paths.home}
            className="flex items-center gap-3 self-start rounded-field focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          >
            <img src="/images/logo.svg" width={40} height={40} alt="" className="size-10" loading="lazy" />
            <span className="font-display text-xl font-bold uppercase tracking-wide">{shop.name}</span>
          </Link>
          <p className="max-w-sm text-sm text-neutral-content/80">{shop.tagline}</p>
          <h2 className="sr-only">{storefrontCopy.getInTouch}</h2>
          <address className="flex flex-col gap-2 text-sm not-italic text-neutral-content/90">
            <span className="flex items-start gap-2">
              <PinIcon size={18} className="mt-0.5 shrink-0 text-accent" />
              {shop.address}
            </span>
            <a href={telHref} className="flex items-center gap-2 self-start hover:text-accent hover:underline">
              <PhoneIcon size={18} className="shrink-0 text-accent" />
              {shop.phone}
            </a>
            <a href={`mailto:${shop.email}`} className="flex items-center gap-2 self-start break-all hover:text-accent hover:underline">
              <MailIcon size={18} className="shrink-0 text-accent" />
              {shop.email}
            </a>
            <span className="flex items-start gap-2">
              <ClockIcon size={18} className="mt-0.5 shrink-0 text-accent" />
              {shop.hours}
            </span>
          </address>
        </div>

        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title} className="col-span-1 lg:col-span-2">
            <h2 className="mb-3 font-display text-sm font-bold uppercase tracking-[0.2em] text-accent">{group.title}</h2>
            <ul className="flex flex-col gap-1">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="inline-flex min-h-8 items-center text-sm text-neutral-content/85 hover:text-accent hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <section aria-labelledby="footer-newsletter" className="col-span-2 flex flex-col gap-3 sm:col-span-3 lg:col-span-3">
          <h2 id="footer-newsletter" className="font-display text-sm font-bold uppercase tracking-[0.2em] text-accent">
            {footerCopy.newsletter}
          </h2>
          <p className="text-sm text-neutral-content/80">{storefrontCopy.newsletterText}</p>
          <Suspense fallback={<NewsletterPlaceholder />}>
            <NewsletterForm />
          </Suspense>
          <h2 className="mt-4 font-display text-sm font-bold uppercase tracking-[0.2em] text-accent">{storefrontCopy.followUs}</h2>
          <ul className="flex gap-2">
            {shop.social.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-ghost border border-neutral-content/25 text-neutral-content hover:border-accent hover:bg-accent hover:text-accent-content"
                  aria-label={`${s.label} ${storefrontCopy.newTab}`}
                >
                  <SocialIcon network={s.label} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="border-t border-neutral-content/15">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 text-center sm:px-6 md:flex-row md:justify-between md:text-left lg:px-8">
          <p className="text-sm text-neutral-content/80">{footerCopy.copyright(year, shop.name)}</p>
          <ThemeSelect
            className="text-neutral-content/90"
            selectClassName="border-neutral-content/30 bg-neutral text-neutral-content focus-visible:outline-accent"
          />
          <img src="/images/payments.svg" width={PAYMENTS_WIDTH} height={PAYMENTS_HEIGHT} alt={footerCopy.paymentAlt} loading="lazy" className="h-8 w-auto" />
        </div>
      </div>
    </footer>
  );
}
