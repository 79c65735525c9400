/** A drawing with a numbered callout: a parts diagram or job basket in lists and suggestions (decision 197). */
export const GuideIcon = ({ className = '' }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    aria-hidden="true"
    className={`shrink-0 fill-none stroke-current ${className}`}
    strokeWidth="1.7"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 4h11v16H4zM7 8h5M7 12h3M16.5 9.5l3 -3" />
    <circle cx="19.5" cy="5" r="2.5" />
    <circle cx="10" cy="16" r="2" />
  </svg>
);
