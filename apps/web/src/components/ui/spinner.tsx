interface SpinnerProps {
  /** Announced to screen readers while the spinner shows. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

export function Spinner({ label = 'Loading…', size = 'md', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span className={`loading loading-spinner text-primary ${sizes[size]}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A block-level spinner that reserves the given min-height, so content below does not jump when data arrives. */
export function LoadingBlock({ label, minHeight = 'min-h-64' }: { label?: string; minHeight?: string }) {
  return (
    <div className={`flex w-full items-center justify-center ${minHeight}`}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
