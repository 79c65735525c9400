import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KitLineParts } from './kit-line-parts';

describe('KitLineParts (decision 220)', () => {
  it('names what a kit line was made of, and nothing for a plain part', () => {
    const { container, rerender } = render(
      <KitLineParts
        parts={[
          { productId: 'a', sku: '520VX3G-120', name: '520 X-Ring Chain', quantity: 1, share: 59.3 },
          { productId: null, sku: 'RA-250-45', name: 'Rear Sprocket 45T', quantity: 2, share: 55.6 },
        ]}
      />,
    );
    expect(screen.getByText('Includes 1 × 520 X-Ring Chain (520VX3G-120), 2 × Rear Sprocket 45T (RA-250-45)')).toBeTruthy();
    rerender(<KitLineParts parts={[]} />);
    expect(container.textContent).toBe('');
  });
});
