/** Small decorative icons of the fitment messages; the text says it all. */
export const FitCheckIcon = () => (
  <svg
    viewBox="0 0 20 20"
    width="16"
    height="16"
    aria-hidden="true"
    className="shrink-0 fill-none stroke-current"
    strokeWidth="2.2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 10.5l4 4 8-9" />
  </svg>
);

export const FitWarnIcon = () => (
  <svg
    viewBox="0 0 20 20"
    width="18"
    height="18"
    aria-hidden="true"
    className="mt-0.5 shrink-0 fill-none stroke-current"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M10 2.5l8 14H2l8-14zM10 8v4M10 14.5v.5" />
  </svg>
);

export const BikeIcon = ({ className = '' }: { className?: string }) => (
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
    <path d="M5 17.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7zm14 0a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM5 14h5l3-5h3l3 5M13 9l-1.5-3H9M16 9l1-2h2" />
  </svg>
);
