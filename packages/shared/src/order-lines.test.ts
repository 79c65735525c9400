import { describe, expect, it } from 'vitest';
import { lineQuantityMessage, readLineQuantity } from './schemas/order-lines';

/** Issue #39 item 8: the Ship, Return and Refund dialogs say what a line's box takes, whatever is wrong. */
describe('readLineQuantity', () => {
  it('reads empty as 0 and whole numbers up to the units left', () => {
    expect(readLineQuantity('', 5)).toEqual({ quantity: 0 });
    expect(readLineQuantity(' 0 ', 5)).toEqual({ quantity: 0 });
    expect(readLineQuantity('5', 5)).toEqual({ quantity: 5 });
  });

  it('says "a whole number from 1 to 5" for a negative, a fraction, too many and words alike', () => {
    for (const raw of ['-5', '2.5', '6', 'two', '1e9']) {
      expect(readLineQuantity(raw, 5), raw).toEqual({ problem: 'Enter a whole number from 1 to 5, or 0 to leave this part out.' });
    }
  });

  it('words one unit left and none left on their own', () => {
    expect(lineQuantityMessage(1)).toBe('Enter 1, or 0 to leave this part out.');
    expect(lineQuantityMessage(0)).toBe('Nothing is left on this line; leave it empty or 0.');
    expect(lineQuantityMessage(1200)).toBe('Enter a whole number from 1 to 1,200, or 0 to leave this part out.');
  });
});
