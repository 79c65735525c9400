/**
 * Issue #24 item 2: a delivery address that can be shipped to. Countries, the regions of the US, Canada and
 * Australia, postcodes, phone numbers and the zod schema of an address, with the messages the web form shows.
 *
 * Data: country names from countries-list (its 4 KB English file, not the whole data set), postcode patterns from
 * postcode-validator, phone numbers from libphonenumber-js's smallest metadata (/min); see ./address-data.ts for the
 * hand-written lists.
 */
import { z } from 'zod';
import countryNamesEn from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import parsePhoneNumber, { getExampleNumber, isSupportedCountry } from 'libphonenumber-js/min';
import phoneExamples from 'libphonenumber-js/mobile/examples';
import { POSTAL_CODE_LABELS, POSTAL_FORMATS, REGIONS, US_ZIP_EXCEPTIONS, US_ZIP_PREFIXES, type NamedCode, type RegionCountry } from './address-data';

export { REGIONS, type NamedCode, type RegionCountry } from './address-data';

// ---------------------------------------------------------------------------------------------------------------
// Countries

/**
 * countries-list also names Ascension Island (AC) and Tristan da Cunha (TA), which ISO 3166-1 counts as part of
 * Saint Helena (SH); Kosovo (XK, the code the EU and CLDR use) stays.
 */
const NOT_ISO = new Set(['AC', 'TA']);
/** countries-list writes these without their accents. */
const NAME_FIXES: Readonly<Record<string, string>> = {
  AX: 'Åland Islands',
  BL: 'Saint Barthélemy',
  CW: 'Curaçao',
  RE: 'Réunion',
  ST: 'São Tomé and Príncipe',
};

/** Every ISO 3166-1 alpha-2 country (and Kosovo, XK) with its English name, sorted by name. */
export const COUNTRIES: readonly NamedCode[] = Object.entries(countryNamesEn as Record<string, string>)
  .filter(([code]) => !NOT_ISO.has(code))
  .map(([code, name]) => ({ code, name: NAME_FIXES[code] ?? name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** Upper case, no spaces: how the functions here read a country code. */
const countryKey = (code: string) => code.trim().toUpperCase();

/** Whether `code` (any case) is one of COUNTRIES. */
export function isCountryCode(code: string): boolean {
  return COUNTRY_NAMES.has(countryKey(code));
}

/** The English name of a country code (any case), e.g. 'DE' → 'Germany'. */
export function countryName(code: string): string | undefined {
  return COUNTRY_NAMES.get(countryKey(code));
}

// ---------------------------------------------------------------------------------------------------------------
// Regions

/** Lower case, no accents, single spaces: how a typed region name is compared. */
const looseKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

/** The states, provinces or territories an address in `country` must choose from; undefined where it is free text. */
export function regionsOf(country: string): readonly NamedCode[] | undefined {
  const key = countryKey(country);
  return Object.hasOwn(REGIONS, key) ? REGIONS[key as RegionCountry] : undefined;
}

/** The region of `country` that `input` names, by its code or its name (any case, accents optional): 'ontario' → ON. */
export function findRegion(country: string, input: string): NamedCode | undefined {
  const wanted = looseKey(input);
  if (!wanted) return undefined;
  return regionsOf(country)?.find((r) => r.code.toLowerCase() === wanted || looseKey(r.name) === wanted);
}

/** The name of a region code of the US, Canada or Australia, e.g. ('AU', 'NSW') → 'New South Wales'. */
export function regionName(country: string, code: string): string | undefined {
  const wanted = code.trim().toUpperCase();
  return regionsOf(country)?.find((r) => r.code === wanted)?.name;
}

/** What the region field is called for `country`: 'state', 'province or territory', … */
export function regionLabel(country: string): string {
  switch (countryKey(country)) {
    case 'US':
      return 'state';
    case 'CA':
      return 'province or territory';
    case 'AU':
      return 'state or territory';
    default:
      return 'state, province or region';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Postcodes

/** Where postcode-validator has no pattern, any value of up to this many characters is accepted. */
export const POSTAL_CODE_MAX_UNKNOWN = 12;

/** What a postcode is called in `country`: 'ZIP code' (US), 'postal code' (Canada), otherwise 'postcode'. */
export function postalCodeLabel(country: string): string {
  return POSTAL_CODE_LABELS[countryKey(country)] ?? 'postcode';
}

/** A real postcode of `country` for placeholders, e.g. 'GB' → 'SW1A 1AA'; undefined where the shop knows none. */
export function postalCodeExample(country: string): string | undefined {
  return POSTAL_FORMATS[countryKey(country)]?.example;
}

/**
 * The postcode as the post writes it: trimmed, upper case, single spaces, and laid out where the country's layout is
 * known: ('CA', 'k1a0b1') → 'K1A 0B1', ('GB', 'sw1a1aa') → 'SW1A 1AA', ('US', '941031234') → '94103-1234',
 * ('FR', '75 001') → '75001'. A code that does not fit the layout is only cleaned (and then fails postalCodeIsValid).
 */
export function normalizePostalCode(country: string, code: string): string {
  const cleaned = code.trim().toUpperCase().replace(/\s+/g, ' ').replace(/ ?- ?/g, '-');
  const layout = POSTAL_FORMATS[countryKey(country)]?.layout;
  if (!layout) return cleaned;
  const compact = cleaned.replace(/[ -]/g, '');
  return layout[0].test(compact) ? compact.replace(layout[0], layout[1]) : cleaned;
}

/**
 * Whether `code`, once normalised, is a postcode of `country`: postcode-validator's pattern where it has one (the
 * US, Canada, the UK, Germany, France, Australia and some 180 more), else any value of 1–12 characters.
 */
export function postalCodeIsValid(country: string, code: string): boolean {
  const key = countryKey(country);
  const value = normalizePostalCode(key, code);
  if (!value) return false;
  if (COUNTRY_NAMES.has(key) && postcodeValidatorExistsForCountry(key)) return postcodeValidator(value, key);
  return value.length <= POSTAL_CODE_MAX_UNKNOWN;
}

/** Each 3-digit ZIP prefix and the regions it serves, read once from US_ZIP_PREFIXES' ranges. */
const ZIP_PREFIX_REGIONS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [region, ranges] of Object.entries(US_ZIP_PREFIXES)) {
    for (const range of ranges.split(' ')) {
      const [from, to = from] = range.split('-').map(Number);
      for (let n = from!; n <= to; n++) {
        const prefix = String(n).padStart(3, '0');
        map.set(prefix, [...(map.get(prefix) ?? []), region]);
      }
    }
  }
  return map;
})();

/**
 * Whether a US ZIP code can be in `region` (a US state, territory or Armed Forces code), by its first three digits
 * (issue #39 item 5): ('10001', 'NY') → true, ('10001', 'TX') → false. True for what it cannot judge: a ZIP code that
 * is not five digits (postalCodeIsValid answers that), a region it does not know, or a prefix no region claims.
 */
export function zipCodeFitsRegion(zip: string, region: string): boolean {
  const five = normalizePostalCode('US', zip).slice(0, 5);
  const code = region.trim().toUpperCase();
  if (!/^\d{5}$/.test(five) || !Object.hasOwn(US_ZIP_PREFIXES, code)) return true;
  if (US_ZIP_EXCEPTIONS[five]?.includes(code)) return true;
  const regions = ZIP_PREFIX_REGIONS.get(five.slice(0, 3));
  return !regions || regions.includes(code);
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * The number in E.164 ('+4930901820'), or null when libphonenumber-js does not find it *valid* (not merely possible):
 * its number plan must allow those digits, so '+1 555 123 4567' (no such area code) is refused while
 * '+1 212 736 5000' passes. A number written without '+' is read as one of `country`; one written with '+' and its
 * country code may belong to any country (a courier can dial a foreign mobile). An extension is dropped.
 */
export function normalizePhone(input: string, country: string): string | null {
  const key = countryKey(country);
  const parsed = parsePhoneNumber(input, isSupportedCountry(key) ? key : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number for display, international format: '+12127365000' → '+1 212 736 5000'. Anything else is returned as is. */
export function formatPhone(e164: string): string {
  return parsePhoneNumber(e164)?.formatInternational() ?? e164;
}

/** A mobile number of `country` in international format for placeholders and messages, e.g. 'DE' → '+49 1512 3456789'. */
export function phoneExample(country: string): string | undefined {
  const key = countryKey(country);
  return isSupportedCountry(key) ? getExampleNumber(key, phoneExamples)?.formatInternational() : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

/** How each field is named in messages (and may be in the form's labels). region and postalCode depend on the country. */
export const ADDRESS_LABELS = {
  name: 'full name',
  company: 'company',
  line1: 'street address',
  line2: 'address line 2',
  city: 'town or city',
  country: 'country',
  phone: 'phone number',
} as const;

/** The most characters each text field takes. */
export const ADDRESS_MAX_LENGTHS = { name: 100, company: 100, line1: 200, line2: 200, city: 100, region: 100, phone: 40 } as const;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const withExample = (message: string, example: string | undefined) => (example ? `${message}, for example ${example}` : message);

/** Every message addressSchema gives, for the web form to reuse. */
export const ADDRESS_MESSAGES = {
  nameRequired: `Enter the ${ADDRESS_LABELS.name}`,
  line1Required: `Enter the ${ADDRESS_LABELS.line1}`,
  cityRequired: `Enter the ${ADDRESS_LABELS.city}`,
  countryRequired: 'Choose a country',
  countryUnknown: 'Choose a country from the list',
  phoneRequired: `Enter a ${ADDRESS_LABELS.phone}`,
  /** A field that is not a string at all (a client bug, not a person's). */
  addressRequired: 'Enter an address',
  notText: (label: string) => `${capitalise(label)} must be text`,
  tooLong: (label: string, max: number) => `${capitalise(label)} must be ${max} characters or fewer`,
  /** 'Choose a state' */
  regionRequired: (country: string) => `Choose a ${regionLabel(country)}`,
  /** 'Choose a state from the list' */
  regionUnknown: (country: string) => `Choose a ${regionLabel(country)} from the list`,
  /** 'Enter the ZIP code' */
  postalCodeRequired: (country: string) => `Enter the ${postalCodeLabel(country)}`,
  /** 'Enter a valid ZIP code for United States, for example 94103' */
  postalCodeInvalid: (country: string) =>
    withExample(`Enter a valid ${postalCodeLabel(country)} for ${countryName(country) ?? country}`, postalCodeExample(country)),
  /** 'ZIP code 10001 is not in Texas.' */
  postalCodeNotInRegion: (country: string, code: string, region: string) =>
    `${capitalise(postalCodeLabel(country))} ${code} is not in ${regionName(country, region) ?? region}.`,
  /** 'Enter a phone number that can be dialled in Germany, for example +49 1512 3456789' */
  phoneInvalid: (country: string) => withExample(`Enter a phone number that can be dialled in ${countryName(country) ?? country}`, phoneExample(country)),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The schema

const M = ADDRESS_MESSAGES;
const L = ADDRESS_MAX_LENGTHS;
const singleLine = (s: string) => s.replace(/\s+/g, ' ');

/** A one-line text field: trimmed, runs of white space made one space, at most `max` characters. */
const text = (label: string, max: number, required?: string) => {
  const base = z
    .string({ error: required ?? M.notText(label) })
    .trim()
    .overwrite(singleLine);
  return (required ? base.min(1, required) : base).max(max, M.tooLong(label, max));
};

type AddressFields = { region: string; postalCode: string; country: string; phone: string };

/**
 * The checks that depend on the country: region, postcode and phone. They run even when other fields failed (see the
 * schema's `when`), so a field that is not a string is skipped: it has its message already.
 */
function checkAgainstCountry(a: AddressFields, ctx: z.RefinementCtx<AddressFields>): void {
  const fail = (field: keyof AddressFields, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const country = typeof a.country === 'string' && COUNTRY_NAMES.has(a.country) ? a.country : undefined;
  if (country && regionsOf(country) && typeof a.region === 'string') {
    if (!a.region) fail('region', M.regionRequired(country));
    else if (!findRegion(country, a.region)) fail('region', M.regionUnknown(country));
  }
  if (typeof a.postalCode === 'string') {
    if (!a.postalCode) fail('postalCode', M.postalCodeRequired(country ?? ''));
    else if (country && !postalCodeIsValid(country, a.postalCode)) fail('postalCode', M.postalCodeInvalid(country));
    else if (country === 'US' && typeof a.region === 'string') {
      // Issue #39 item 5: a ZIP code of another state (10001 with Texas) is a typo that would ship and tax wrongly.
      const region = findRegion(country, a.region)?.code;
      if (region && !zipCodeFitsRegion(a.postalCode, region)) {
        fail('postalCode', M.postalCodeNotInRegion(country, normalizePostalCode(country, a.postalCode), region));
      }
    }
  }
  // An empty or too long phone number has its message from the field already.
  if (country && typeof a.phone === 'string' && a.phone && a.phone.length <= L.phone && !normalizePhone(a.phone, country)) {
    fail('phone', M.phoneInvalid(country));
  }
}

/**
 * A delivery address. The output is normalised: text trimmed, the country code upper case, the region of the US,
 * Canada or Australia as its code, the postcode as the post writes it and the phone in E.164. Each message is on its
 * field's path, and every field is checked in one pass, so a form shows all its errors at once.
 */
export const addressSchema = z
  .object(
    {
      name: text(ADDRESS_LABELS.name, L.name, M.nameRequired),
      company: text(ADDRESS_LABELS.company, L.company).default(''),
      line1: text(ADDRESS_LABELS.line1, L.line1, M.line1Required),
      line2: text(ADDRESS_LABELS.line2, L.line2).default(''),
      city: text(ADDRESS_LABELS.city, L.city, M.cityRequired),
      /** Required from a list for the US, Canada and Australia (checked below); free text elsewhere. */
      region: text('region', L.region).default(''),
      /** Required, and checked against the country below. */
      postalCode: z.string({ error: M.postalCodeRequired('') }).trim(),
      country: z
        .string({ error: M.countryRequired })
        .trim()
        .toUpperCase()
        .superRefine((code, ctx) => {
          if (!code) ctx.addIssue({ code: 'custom', message: M.countryRequired });
          else if (!COUNTRY_NAMES.has(code)) ctx.addIssue({ code: 'custom', message: M.countryUnknown });
        }),
      phone: z.string({ error: M.phoneRequired }).trim().min(1, M.phoneRequired).max(L.phone, M.tooLong(ADDRESS_LABELS.phone, L.phone)),
    },
    { error: M.addressRequired },
  )
  .superRefine(checkAgainstCountry, { when: (payload) => typeof payload.value === 'object' && payload.value !== null })
  .transform((a) => ({
    ...a,
    region: findRegion(a.country, a.region)?.code ?? a.region,
    postalCode: normalizePostalCode(a.country, a.postalCode),
    phone: normalizePhone(a.phone, a.country)!,
  }));

/** An address as the shop stores it: normalised. */
export type Address = z.output<typeof addressSchema>;
/** An address as a form or client sends it. */
export type AddressInput = z.input<typeof addressSchema>;
