/**
 * Number and date formatters that do not cost the page its first Intl object.
 *
 * A page's first `new Intl.NumberFormat(…)` or `Intl.DateTimeFormat(…)` loads the browser's locale data: 35 to 90 ms
 * on a shared test machine, four times that on the phone Lighthouse simulates, in one task that nothing can split.
 * Built when a module loads, a formatter added that to the task running the app's script; built during a render, to
 * the render. So:
 * - the shop's own numbers (en-US: amounts, prices, counts, percentages) are formatted here, without Intl, exactly as
 *   Intl formats them (intl.test.ts compares the two over many values);
 * - anything else (dates, other locales or options) gets the Intl formatter, built on first use.
 */
export interface Formatter<T> {
  format(value: T): string;
}

function lazily<T>(create: () => Formatter<T>): Formatter<T> {
  let made: Formatter<T> | undefined;
  return { format: (value) => (made ??= create()).format(value) };
}

/** "1234567" -> "1,234,567" */
function group(digits: string): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** A finite number ≥ 0 as the digits before and after its decimal point, from its shortest decimal form (as Intl reads it). */
function decimalDigits(value: number): [string, string] {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  return [digits.slice(0, point), digits.slice(point)];
}

/** Rounds to `places` decimals, half away from zero (Intl's default, halfExpand). */
function roundDigits(whole: string, fraction: string, places: number): [string, string] {
  if (fraction.length <= places) return [whole, fraction];
  const kept = whole + fraction.slice(0, places);
  if (fraction[places]! < '5') return [whole, fraction.slice(0, places)];
  const digits = kept.split('');
  let i = digits.length - 1;
  for (; i >= 0 && digits[i] === '9'; i--) digits[i] = '0';
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1);
  const raised = (i < 0 ? '1' : '') + digits.join('');
  return [raised.slice(0, raised.length - places), raised.slice(raised.length - places)];
}

/** en-US decimal or US-dollar formatting, as Intl does it. */
function enUs(options: Intl.NumberFormatOptions): Formatter<number> | null {
  const { style = 'decimal', currency, minimumFractionDigits, maximumFractionDigits, ...rest } = options;
  if (Object.keys(rest).length > 0) return null;
  const dollars = style === 'currency';
  if (dollars ? currency !== 'USD' : style !== 'decimal') return null;
  const min = minimumFractionDigits ?? (dollars ? 2 : 0);
  const max = maximumFractionDigits ?? Math.max(min, dollars ? 2 : 3);
  if (!(min >= 0 && max >= min && max <= 20)) return null;
  return {
    format(value) {
      if (!Number.isFinite(value)) return String(value);
      const [whole, fraction] = roundDigits(...decimalDigits(Math.abs(value)), max);
      let shown = fraction;
      while (shown.length > min && shown.endsWith('0')) shown = shown.slice(0, -1);
      shown = shown.padEnd(min, '0');
      // Intl keeps the sign of a negative amount that rounds to zero ("-0", "-$0.00").
      const sign = value < 0 || Object.is(value, -0) ? '-' : '';
      return `${sign}${dollars ? '$' : ''}${group(whole.replace(/^0+(?=\d)/, ''))}${shown ? `.${shown}` : ''}`;
    },
  };
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Formatter<number> {
  return (locale === 'en-US' ? enUs(options) : null) ?? lazily(() => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Formatter<Date | number> {
  return lazily(() => new Intl.DateTimeFormat(locale, options));
}

const count = numberFormat('en-US');

/** "1,234": a count as the shop shows it, in place of `n.toLocaleString('en-US')`, which builds an Intl formatter. */
export const formatCount = (n: number): string => count.format(n);

const isDigit = (code: number) => code >= 48 && code <= 57;
/** ICU's order of kinds of characters: spaces, then punctuation and symbols, then digits, then letters. */
function rank(code: number): number {
  if (code === 32 || code === 9 || code === 10 || code === 13) return code;
  if (isDigit(code)) return 2000 + code;
  if ((code >= 97 && code <= 122) || code > 127) return 3000 + code;
  return 1000 + code;
}

const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ';
const BASE = 'aaaaaaceeeeiiiinoooooouuuuyy';
/** Lower case, with the accents of Latin letters dropped ("Ténéré" -> "tenere"), letter for letter. */
function fold(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) {
    const at = ACCENTED.indexOf(char);
    out += at < 0 ? char : BASE[at];
  }
  return out;
}

/** The letters alone: spaces, punctuation and digits as runs of numbers. */
function comparePrimary(x: string, y: string): number {
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const cx = x.charCodeAt(i);
    const cy = y.charCodeAt(j);
    if (isDigit(cx) && isDigit(cy)) {
      let endX = i;
      while (endX < x.length && isDigit(x.charCodeAt(endX))) endX++;
      let endY = j;
      while (endY < y.length && isDigit(y.charCodeAt(endY))) endY++;
      const nx = x.slice(i, endX).replace(/^0+/, '');
      const ny = y.slice(j, endY).replace(/^0+/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      i = endX;
      j = endY;
      continue;
    }
    if (cx !== cy) return rank(cx) - rank(cy);
    i++;
    j++;
  }
  return x.length - i - (y.length - j);
}

/**
 * Names A to Z as a reader expects ("MT-07" before "MT-10", "CB500X" before "CB1000R", "Ténéré" with the Ts):
 * Intl.Collator('en', { numeric: true }) without building it (25 ms on a part page with its fitment, in one task).
 * Exact for names of Latin letters, digits, spaces and punctuation (intl.test.ts compares the two).
 */
export function compareNames(a: string, b: string): number {
  const primary = comparePrimary(fold(a), fold(b));
  if (primary !== 0) return primary;
  // Then accents (the plain letter first), then case (lower case first), as Intl orders them.
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}
