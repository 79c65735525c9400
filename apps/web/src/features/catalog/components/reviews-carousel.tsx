import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Review } from '@shop/shared/schemas/review';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/ui/icons';
import { ReviewCard } from './review-card';
import { StaticPart } from '../../../lib/static-part';

const t = storefrontCopy;

interface TrackLayout {
  /** Distance between the starts of two slides (slide width plus the gap). */
  stride: number;
  /** Greatest scrollLeft. */
  max: number;
  /** Index of the last slide that can sit at the start of the view. */
  last: number;
}

/** The track's geometry, or null before layout (the server, or a test DOM without layout). */
function measure(track: HTMLElement): TrackLayout | null {
  const [first, second] = track.children as HTMLCollectionOf<HTMLElement>;
  if (!first || track.clientWidth === 0) return null;
  const stride = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  if (stride <= 0) return null;
  const max = Math.max(0, track.scrollWidth - track.clientWidth);
  return { stride, max, last: Math.round(max / stride) };
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Bullets shown on a phone: five around the current one, as all of them would not fit on a line at 24 px each. */
const PHONE_DOTS = 5;

/**
 * Where bullet `index` shows: on a phone, near the current one; from 640 px (2 per view) and
 * 1024 px (3 per view), all but those that can never be current (the last slides cannot start the view).
 */
function dotDisplay(index: number, current: number, count: number): string {
  const first = Math.max(0, Math.min(current - Math.floor(PHONE_DOTS / 2), count - PHONE_DOTS));
  const phone = index >= first && index < first + PHONE_DOTS ? 'grid' : 'hidden';
  const twoPerView = index <= count - 2 ? 'sm:grid' : 'sm:hidden';
  const threePerView = index <= count - 3 ? 'lg:grid' : 'lg:hidden';
  return `${phone} ${twoPerView} ${threePerView}`;
}

/** Nothing to page through when every slide is in view. */
function controlsVisibility(count: number): string {
  if (count <= 1) return 'hidden';
  if (count === 2) return 'sm:hidden';
  if (count === 3) return 'lg:hidden';
  return '';
}

/**
 * Spec §2 'Customer Reviews' carousel, with no library: a CSS scroll-snap track
 * (1 card per view, 2 from 640 px, 3 from 1024 px), previous/next buttons and
 * one bullet per review. Swiping and trackpads scroll the track natively; the
 * buttons, bullets and arrow keys scroll it too, and the current bullet follows
 * the scroll position. It renders the same on the server and at hydration
 * (the first review current); the browser's layout is only read after that.
 */
export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  const count = reviews.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const dotsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);
  const [atEnd, setAtEnd] = useState(false);
  /** Where a scroll the carousel started is heading: the scroll position is not followed until it arrives. */
  const heading = useRef<{ left: number; timer: number } | null>(null);

  const follow = useCallback(() => {
    const track = trackRef.current;
    const layout = track && measure(track);
    if (!track || !layout) return;
    const left = track.scrollLeft;
    const target = heading.current;
    if (target) {
      if (Math.abs(left - Math.min(target.left, layout.max)) > 1) return;
      window.clearTimeout(target.timer);
      heading.current = null;
    }
    const end = layout.max - left <= 1;
    setCurrent(end ? layout.last : Math.min(layout.last, Math.round(left / layout.stride)));
    setAtEnd(end);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    // A new width can mean another number of cards per view.
    // It also reports the track's first size, after the browser's next layout: the position is read then, not here,
    // where reading the layout right after hydration would make the browser lay out the page at once (issue #23).
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(track);
    if (!resize) follow();
    return () => {
      track.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      cancelAnimationFrame(frame);
      if (heading.current) window.clearTimeout(heading.current.timer);
    };
  }, [follow]);

  /** Scrolls so that slide `index` starts the view; answers the slide that will be current. */
  const go = (index: number): number => {
    const track = trackRef.current;
    if (!track) return current;
    const layout = measure(track);
    const to = Math.max(0, Math.min(index, layout ? layout.last : count - 1));
    const slides = track.children as HTMLCollectionOf<HTMLElement>;
    const left = slides[to].offsetLeft - slides[0].offsetLeft;
    setCurrent(to);
    setAtEnd(layout ? to >= layout.last : to >= count - 1);
    if (heading.current) window.clearTimeout(heading.current.timer);
    // Follow the scroll again once it arrives, or after a while if a swipe interrupted it.
    heading.current = { left, timer: window.setTimeout(() => ((heading.current = null), follow()), 1000) };
    track.scrollTo({ left, behavior: scrollBehavior() });
    return to;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    // From a bullet, the arrows move from that bullet; elsewhere from the current review.
    const dot = dotsRef.current.indexOf(e.target as HTMLButtonElement);
    const from = dot >= 0 ? dot : current;
    let index: number;
    if (e.key === 'ArrowRight') index = from + 1;
    else if (e.key === 'ArrowLeft') index = from - 1;
    else if (e.key === 'Home') index = 0;
    else if (e.key === 'End') index = count - 1;
    else return;
    e.preventDefault();
    let to = current;
    // Rendered at once: on a phone the new current bullet may only now be shown.
    flushSync(() => {
      to = go(index);
    });
    // On a bullet, the focus moves with the current bullet.
    if (dot >= 0) dotsRef.current[to]?.focus();
  };

  const arrow = 'btn btn-circle btn-outline btn-sm shrink-0';
  const atStart = current === 0;
  return (
    // A labelled region: a bare div may not carry an aria-label.
    <div role="region" aria-label={t.reviewsCarousel} className="flex flex-col gap-6" onKeyDown={onKeyDown}>
      <div
        ref={trackRef}
        // Scrollable content must be reachable by keyboard; the arrow keys then page through it.
        tabIndex={0}
        className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-6 overflow-x-auto overscroll-x-contain rounded-box px-1 py-1 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
      >
        {reviews.map((review, i) => (
          <div
            key={review._id}
            role="group"
            aria-roledescription={t.reviewSlideRole}
            aria-label={t.reviewSlideLabel(i + 1, count)}
            className="w-full shrink-0 snap-start sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            {/* A review never changes once posted: the card stays the server's HTML (decision 169). */}
            <StaticPart id={`review-${review._id}`}>
              <ReviewCard review={review} />
            </StaticPart>
          </div>
        ))}
      </div>
      <div className={`flex items-center justify-center gap-3 ${controlsVisibility(count)}`}>
        <button
          type="button"
          className={`${arrow} ${atStart ? 'btn-disabled' : ''}`}
          aria-label={t.previousReview}
          aria-disabled={atStart || undefined}
          onClick={() => !atStart && go(current - 1)}
        >
          <ArrowLeftIcon size={18} />
        </button>
        <div className="flex justify-center">
          {reviews.map((review, i) => (
            <button
              key={review._id}
              ref={(el) => {
                dotsRef.current[i] = el;
              }}
              type="button"
              aria-label={t.goToReview(i + 1)}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              className={`group size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary ${dotDisplay(i, current, count)}`}
            >
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full transition duration-200 motion-reduce:transition-none ${
                  i === current ? 'scale-125 bg-primary' : 'bg-base-content/35 group-hover:bg-base-content/60'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className={`${arrow} ${atEnd ? 'btn-disabled' : ''}`}
          aria-label={t.nextReview}
          aria-disabled={atEnd || undefined}
          onClick={() => !atEnd && go(current + 1)}
        >
          <ArrowRightIcon size={18} />
        </button>
      </div>
    </div>
  );
}
