import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-format';

describe('card inputs', () => {
  it('groups the card number in fours and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM / YY and pads a single-digit month', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('0428')).toBe('04 / 28');
    expect(formatExpiry('12 / 34')).toBe('12 / 34');
  });

  it('lets backspace remove the separator and the month digit before it', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });

  it('hands the processor month and year as typed, so it names what is wrong', () => {
    expect(parseExpiry('04 / 28')).toEqual({ expMonth: '04', expYear: '28' });
    expect(parseExpiry('04')).toEqual({ expMonth: '04', expYear: '' });
    expect(parseExpiry('')).toEqual({ expMonth: '', expYear: '' });
  });
});
