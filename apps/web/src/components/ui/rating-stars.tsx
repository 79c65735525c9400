/**
 * Five stars filled up to the rating. Decorative: the card next to it states
 * the rating in words ('Ratings: 4'), so screen readers skip the stars.
 */
export function RatingStars({ value, className = '' }: { value: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className={`inline-flex gap-0.5 ${className}`} aria-hidden="true" data-filled={filled}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" width="16" height="16" className={i < filled ? 'fill-accent' : 'fill-base-300'}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
