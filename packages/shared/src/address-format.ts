import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { COUNTRIES, countryName, normalizePhone, regionsOf, type NamedCode } from './address';

/** Issue #24: an address as the API answers it (checked, normalised). */
export interface AddressLike {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** Countries that write the postal code after the city ("Springfield, IL 62704"); the others write it before ("10115 Berlin"). */
const CODE_AFTER_CITY = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'NZ', 'PR']);

/** The city line as the post of the address's country writes it. */
export function cityLine(a: Pick<AddressLike, 'city' | 'region' | 'postalCode' | 'country'>): string {
  if (CODE_AFTER_CITY.has(a.country)) return [a.city + (a.region ? `, ${a.region}` : ''), a.postalCode].filter(Boolean).join(' ');
  return [a.postalCode, a.city].filter(Boolean).join(' ') + (a.region ? `, ${a.region}` : '');
}

/** The address as lines for a label: the street lines and the city line; with `full`, the name, company and country too. */
export function formatAddressLines(a: AddressLike, full = false): string[] {
  const street = [a.line1, a.line2, cityLine(a)].filter(Boolean);
  return full ? [a.name, a.company, ...street, countryName(a.country) ?? a.country].filter(Boolean) : street;
}

const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  deutschland: 'DE',
  österreich: 'AT',
  osterreich: 'AT',
  holland: 'NL',
  'the netherlands': 'NL',
  españa: 'ES',
  italia: 'IT',
  schweiz: 'CH',
  suisse: 'CH',
};
const plain = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Issue #24: the ISO code of a country typed as text (its code, its English name, or a common other name), or undefined. */
export function countryFromText(text: string): string | undefined {
  const key = plain(text);
  if (!key) return undefined;
  if (/^[a-z]{2}$/.test(key) && COUNTRIES.some((c) => c.code === key.toUpperCase())) return key.toUpperCase();
  return COUNTRIES.find((c) => plain(c.name) === key)?.code ?? ALIASES[key];
}

/**
 * A phone number as typed, in E.164 for the country: as written, or, when a
 * number field dropped its '+', with it. The spec's order modal is `lenient`:
 * a number of a possible length for the country is kept even when the
 * numbering plan does not know it (decision 153); the address form is strict.
 */
export function phoneFromText(text: string, country: string, lenient = false): string | null {
  const typed = text.trim();
  if (!typed) return null;
  const strict = normalizePhone(typed, country) ?? (typed.startsWith('+') ? null : normalizePhone(`+${typed.replace(/[^\d]/g, '')}`, country));
  if (strict || !lenient) return strict;
  const parsed = parsePhoneNumberFromString(typed, isSupportedCountry(country) ? country : undefined);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * Issue #24 (decision 160): the state, province or territory a one-line address names, for the countries that
 * have a list (US, CA, AU): its code in capitals before the postal code ("Portland, OR 97201"), else its code as a
 * word in capitals, else its full name ("…, Oregon"). Undefined when none, or more than one at the same step.
 */
export function regionFromText(text: string, country: string): string | undefined {
  const regions = regionsOf(country);
  if (!regions) return undefined;
  const plainText = text.normalize('NFD').replace(/\p{M}/gu, '');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const steps: ((r: NamedCode) => RegExp)[] = [
    (r) => new RegExp(`(^|[\\s,])${r.code}\\s+[A-Z]?\\d`, 'u'),
    (r) => new RegExp(`(^|[\\s,])${r.code}($|[\\s,.])`, 'u'),
    (r) => new RegExp(`(^|[^\\p{L}])${escape(r.name)}($|[^\\p{L}])`, 'iu'),
  ];
  for (const pattern of steps) {
    const found = regions.filter((r) => pattern(r).test(plainText));
    // "West Virginia" also names "Virginia": of names inside each other, the longest.
    const kept = found.filter((r) => !found.some((o) => o !== r && o.name.includes(r.name)));
    if (kept.length === 1) return kept[0].code;
    if (kept.length > 1) return undefined;
  }
  return undefined;
}
