import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RatingStars } from './rating-stars';

describe('rating stars', () => {
  const stars = (value: number) => render(<RatingStars value={value} />).container.firstElementChild as HTMLElement;

  it('is one decorative element with the stars filled up to the rounded rating', () => {
    const row = stars(3.6);
    expect(row.getAttribute('aria-hidden')).toBe('true');
    expect(row.children).toHaveLength(0);
    expect(row.dataset.filled).toBe('4');
    // Four 18 px tiles in the accent colour, the rest in the muted one.
    expect(row.style.background).toContain('var(--color-accent) 72px');
    expect(row.style.background).toContain('var(--color-base-300)');
  });

  it('keeps the count between 0 and 5', () => {
    expect(stars(-2).dataset.filled).toBe('0');
    expect(stars(9).dataset.filled).toBe('5');
  });
});
