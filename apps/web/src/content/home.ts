/**
 * Editorial content of the home page. Static on purpose (spec §2): the shop
 * owner edits this file to change the figures, the news or the model line.
 */

export interface SummaryFigure {
  value: string;
  label: string;
  icon: 'workshop' | 'revenue' | 'orders' | 'brands';
}

/** Spec §2: four static figures. */
export const businessSummary: SummaryFigure[] = [
  { value: '500+', label: 'Dealers and workshops supplied', icon: 'workshop' },
  { value: '170M+', label: 'Annual revenue (USD)', icon: 'revenue' },
  { value: '77k+', label: 'Bulk orders shipped', icon: 'orders' },
  { value: '50+', label: 'Parts brands in stock', icon: 'brands' },
];

export interface NewsItem {
  id: string;
  title: string;
  date: string;
  dateLabel: string;
  excerpt: string;
  image: string;
  imageAlt: string;
}

export const latestNews: NewsItem[] = [
  {
    id: 'apex-890r-pre-booking',
    title: 'Apex 890 R pre-booking is open',
    date: '2026-11-02',
    dateLabel: 'November 2, 2026',
    excerpt:
      'Reserve the new parallel-twin now and we set aside a launch kit for it: chain and sprockets, brake pads, oil filters and a first-service pack, shipped with your bike.',
    image: '/images/news/news-1.svg',
    imageAlt: 'The Apex 890 R on a showroom stand with a pre-booking banner',
  },
  {
    id: 'winter-service-restock',
    title: 'Winter service parts are back in stock',
    date: '2026-10-18',
    dateLabel: 'October 18, 2026',
    excerpt:
      'Batteries, spark plugs, fork seal kits and brake fluid have landed in workshop quantities. Book your winter rebuilds now; orders placed before 3 pm ship the same day.',
    image: '/images/news/news-2.svg',
    imageAlt: 'Shelves of boxed motorcycle service parts in the warehouse',
  },
];

export type ModelLine = 'sport' | 'naked' | 'adventure' | 'cruiser' | 'scooter';

export interface ModelLineTile {
  line: ModelLine;
  name: string;
  tagline: string;
  alt: string;
}

/** Spec §2: five tiles; each swaps to /images/models/<line>-alt.svg on hover (and, here, on keyboard focus). */
export const modelLines: ModelLineTile[] = [
  { line: 'sport', name: 'Sport', tagline: 'Track-bred and razor sharp', alt: 'Sport motorcycle' },
  { line: 'naked', name: 'Naked', tagline: 'Raw power, upright comfort', alt: 'Naked roadster motorcycle' },
  { line: 'adventure', name: 'Adventure', tagline: 'Any road, or none at all', alt: 'Adventure touring motorcycle' },
  { line: 'cruiser', name: 'Cruiser', tagline: 'Low, long and relaxed', alt: 'Cruiser motorcycle' },
  { line: 'scooter', name: 'Scooter', tagline: 'Nimble city commuting', alt: 'City scooter' },
];

export const modelImage = (line: ModelLine, alternate = false) => `/images/models/${line}${alternate ? '-alt' : ''}.svg`;
