/**
 * Card rules of the built-in test processor: Stripe's test cards and the
 * checks Stripe.js makes before a card reaches the bank.
 */

export type CardOutcome = 'succeeded' | 'generic_decline' | 'insufficient_funds';

export interface CardCheckFailure {
  code: 'invalid_number' | 'invalid_expiry' | 'invalid_cvc';
  message: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
}

/** Stripe's documented test numbers with a special outcome; every other valid number succeeds. */
const SPECIAL_CARDS: Record<string, CardOutcome> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
};

export const DECLINE_MESSAGES: Record<Exclude<CardOutcome, 'succeeded'>, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return 'unknown';
}

function toInt(v: string | number): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  return /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : NaN;
}

export function checkCard(
  input: { number: string; expMonth: string | number; expYear: string | number; cvc: string },
  now = new Date(),
): CheckedCard | CardCheckFailure {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { code: 'invalid_number', message: 'Your card number is invalid.' };

  const month = toInt(input.expMonth);
  let year = toInt(input.expYear);
  if (!(month >= 1 && month <= 12)) return { code: 'invalid_expiry', message: "Your card's expiration month is invalid." };
  if (year >= 0 && year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (!(year >= 2000 && year <= thisYear + 50)) return { code: 'invalid_expiry', message: "Your card's expiration year is invalid." };
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) {
    return { code: 'invalid_expiry', message: "Your card's expiration date is in the past." };
  }

  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return { code: 'invalid_cvc', message: "Your card's security code is invalid." };

  return { brand, last4: digits.slice(-4), expMonth: month, expYear: year, outcome: SPECIAL_CARDS[digits] ?? 'succeeded' };
}

export const isCardFailure = (r: CheckedCard | CardCheckFailure): r is CardCheckFailure => 'code' in r;
