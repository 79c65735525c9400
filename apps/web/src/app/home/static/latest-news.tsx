import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { latestNews } from '../../../content/home';
import { SectionHeading } from '../../../components/ui/section-heading';

/** Spec §2 Latest News: two static cards, each with a 'new' badge. */
export function LatestNews() {
  return (
    <section id="news" aria-labelledby="news-title" className="scroll-mt-20 py-16 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="news-title" title={homeCopy.latestNewsTitle} subtitle={storefrontCopy.newsSubtitle} />
        <ul className="grid grid-cols-1 gap-8 md:grid-cols-2">
          {latestNews.map((item) => (
            <li key={item.id}>
              <article aria-labelledby={`news-${item.id}`} className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm">
                <figure className="relative aspect-[600/340] bg-base-200">
                  <img
                    src={item.image}
                    alt={item.imageAlt}
                    width={NEWS_WIDTH}
                    height={NEWS_HEIGHT}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                  <span className="badge badge-accent absolute left-4 top-4 font-bold uppercase tracking-wider shadow">{homeCopy.newBadge}</span>
                </figure>
                <div className="card-body gap-3 p-6">
                  <time dateTime={item.date} className="text-sm font-semibold uppercase tracking-wider text-primary">
                    {item.dateLabel}
                  </time>
                  <h3 id={`news-${item.id}`} className="font-display text-2xl font-bold uppercase leading-tight">
                    {item.title}
                  </h3>
                  <p className="leading-relaxed text-base-content/80">{item.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

// The news illustrations' intrinsic size (reserves their box before they load).
const NEWS_WIDTH = 600;
const NEWS_HEIGHT = 340;
