import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, formatPriceShort } from './price';

describe('money formatting (issue #24: prices read like money)', () => {
  it('rounds to the cent, half-up, with a $ and 2 decimals', () => {
    expect(formatPrice(69.9967)).toBe('$70.00');
    expect(formatPrice(24.9)).toBe('$24.90');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    // Binary floats sit just below the half cent: 1.005 is 1.00499…, 2.135 is 2.13499…
    expect(formatPrice(1.005)).toBe('$1.01');
    expect(formatPrice(2.135)).toBe('$2.14');
    expect(formatPrice(0.004)).toBe('$0.00');
  });

  it('gives the amount without the sign for texts that end in "$"', () => {
    expect(formatAmount(699.967)).toBe('699.97');
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount(1.005)).toBe('1.01');
  });

  it('drops ".00" only in the short form, for whole dollars', () => {
    expect(formatPriceShort(249)).toBe('$249');
    expect(formatPriceShort(1249.999)).toBe('$1,250');
    expect(formatPriceShort(24.9)).toBe('$24.90');
    expect(formatPriceShort(69.9967)).toBe('$70');
    expect(formatPrice(249)).toBe('$249.00');
  });
});
