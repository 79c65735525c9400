import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content is hidden past the left edge (scrolled). */
  start: boolean;
  /** Content is hidden past the right edge. */
  end: boolean;
}

/**
 * Issue #39 item 7: whether a horizontally scrolling box hides content at either side, kept up to date as it
 * scrolls or resizes, so the box can fade that edge and show that more is there. Nothing before the first
 * measure (the server's HTML shows no fade).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A pixel of slack: fractional widths leave scrollWidth a pixel over clientWidth with nothing hidden.
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);
  return edges;
}

/** The mask that fades the hidden sides of a scrolling box (Tailwind's arbitrary properties need whole class names). */
export function scrollFadeClass({ start, end }: ScrollEdges): string {
  if (start && end) return '[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]';
  if (end) return '[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]';
  if (start) return '[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]';
  return '';
}
