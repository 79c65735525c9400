import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard, Pagination } from 'swiper/modules';
// Swiper's styles load with this chunk only, not on every page.
import 'swiper/css';
import 'swiper/css/pagination';
import './reviews-carousel.css';
import type { Review } from '@shop/shared/schemas/review';
import { copy } from '@shop/shared/copy';
import { ReviewCard } from './review-card';

/** The carousel itself, in its own chunk with Swiper (lazy-loaded by ReviewsSection). */
export default function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <Swiper
      modules={[Pagination, A11y, Keyboard]}
      className="reviews-swiper !pb-12"
      spaceBetween={24}
      slidesPerView={1}
      breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
      pagination={{ clickable: true }}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{
        // A labelled region: a bare div may not carry an aria-label.
        containerRole: 'region',
        containerMessage: copy.storefront.reviewsCarousel,
        itemRoleDescriptionMessage: copy.storefront.reviewSlideRole,
        slideLabelMessage: copy.storefront.reviewSlideLabel,
        paginationBulletMessage: copy.storefront.goToReview,
      }}
    >
      {reviews.map((review) => (
        <SwiperSlide key={review._id} className="!h-auto">
          <ReviewCard review={review} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
