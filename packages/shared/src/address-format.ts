import { countryName } from './address';

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
