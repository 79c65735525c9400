import { Link } from 'react-router';
import { footerCopy } from '@shop/shared/copy/footer';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { shop } from '@shop/shared/content';
import { paths } from '../../../config/paths';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';

const l = storefrontCopy.footerLinks;

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
const telHref = `tel:${shop.phone.replace(/[^+\d]/g, '')}`;

/** The footer's first columns: the shop's contacts and its link groups (a static part of every page, decision 169). */
export function FooterColumns() {
  return (
    <>
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
            <span className="flex flex-col">
              <span>{shop.support}</span>
              <span>{shop.hours}</span>
            </span>
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
    </>
  );
}
