import { homeCopy } from '@shop/shared/copy/home';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { PageHead } from '../../components/ui/page-head';
import { ContactSection } from '../home/contact-section';
import { ModelLineGallery } from '../home/model-line-gallery';
import { FeaturedProducts } from '../../features/catalog/components/featured-products';
import { ReviewsSection } from '../../features/catalog/components/reviews-section';
import { HomeVehicleSelector } from '../../features/garage/components/home-vehicle-selector';
import { staticPart } from '../../lib/static-part';

// Sections that never change in the browser stay the server's HTML; their code is not loaded with the page (decision 169).
const Hero = staticPart('hero', () => import('../home/static/hero').then((m) => ({ default: m.Hero })));
const BusinessSummary = staticPart('business-summary', () => import('../home/static/business-summary').then((m) => ({ default: m.BusinessSummary })));
const LatestNews = staticPart('latest-news', () => import('../home/static/latest-news').then((m) => ({ default: m.LatestNews })));
const BenefitsStrip = staticPart('benefits', () => import('../home/static/benefits-strip').then((m) => ({ default: m.BenefitsStrip })));

/** Spec §2 home page, sections in the spec's order. Interactive: the bike selector, products, contact form, model tiles and reviews. */
export default function HomePage() {
  return (
    <>
      <PageHead title={homeCopy.title} description={pageMetaCopy.home} path="/" />
      <Hero />
      <HomeVehicleSelector />
      <FeaturedProducts />
      <BusinessSummary />
      <LatestNews />
      <ContactSection />
      <BenefitsStrip />
      <ModelLineGallery />
      <ReviewsSection />
    </>
  );
}
