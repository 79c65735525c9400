import { homeCopy } from '@shop/shared/copy/home';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { PageHead } from '../../components/ui/page-head';
import { Hero } from '../home/hero';
import { BusinessSummary } from '../home/business-summary';
import { LatestNews } from '../home/latest-news';
import { ContactSection } from '../home/contact-section';
import { BenefitsStrip } from '../home/benefits-strip';
import { ModelLineGallery } from '../home/model-line-gallery';
import { FeaturedProducts } from '../../features/catalog/components/featured-products';
import { ReviewsSection } from '../../features/catalog/components/reviews-section';
import { HomeVehicleSelector } from '../../features/garage/components/home-vehicle-selector';

/** Spec §2 home page, sections in the spec's order. */
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
