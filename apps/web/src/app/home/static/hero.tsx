import { Link } from 'react-router';
import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../components/ui/icons';

const t = homeCopy;

/** Spec §2: the hero presents the new model and offers Pre-Booking, which leads to the products list. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-neutral text-neutral-content">
      {/* Racing-stripe backdrop, decorative only. */}
      <div
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:repeating-linear-gradient(115deg,currentColor_0_2px,transparent_2px_28px)]"
        aria-hidden="true"
      />
      <div className="absolute -right-32 top-1/2 -z-10 size-[36rem] -translate-y-1/2 rounded-full bg-accent/20 blur-3xl" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2 lg:gap-12 lg:px-8 lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="badge badge-accent badge-lg font-semibold uppercase tracking-widest">{t.heroEyebrow}</p>
          <h1 id="hero-title" className="font-display text-5xl font-bold uppercase leading-[0.95] sm:text-6xl xl:text-7xl">
            {t.heroTitle}
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-neutral-content/85">{t.heroText}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.products} className="btn btn-accent btn-lg px-8 uppercase tracking-wider">
              {t.preBooking}
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
        <div className="relative">
          <img
            src="/images/hero/apex-890r.svg"
            alt={storefrontCopy.heroImageAlt}
            width={800}
            height={500}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-2xl drop-shadow-2xl"
          />
        </div>
      </div>
    </section>
  );
}
