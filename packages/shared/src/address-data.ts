/**
 * Issue #24: the hand-written data behind ./address.ts — the regions a delivery address must name in three countries,
 * and the postcode layouts the shop knows. Import from ./address (or @shop/shared), not from here.
 */

/** A country, state, province or territory as a select shows it. */
export interface NamedCode {
  readonly code: string;
  readonly name: string;
}

/** The countries whose addresses must name a region from a list. */
export type RegionCountry = 'US' | 'CA' | 'AU';

/**
 * Their official codes (USPS, Canada Post, Australia Post). The US list is the 50 states and DC by name, then the
 * five inhabited territories, then the Armed Forces codes of APO/FPO addresses.
 */
export const REGIONS: Readonly<Record<RegionCountry, readonly NamedCode[]>> = {
  US: [
    { code: 'AL', name: 'Alabama' },
    { code: 'AK', name: 'Alaska' },
    { code: 'AZ', name: 'Arizona' },
    { code: 'AR', name: 'Arkansas' },
    { code: 'CA', name: 'California' },
    { code: 'CO', name: 'Colorado' },
    { code: 'CT', name: 'Connecticut' },
    { code: 'DE', name: 'Delaware' },
    { code: 'DC', name: 'District of Columbia' },
    { code: 'FL', name: 'Florida' },
    { code: 'GA', name: 'Georgia' },
    { code: 'HI', name: 'Hawaii' },
    { code: 'ID', name: 'Idaho' },
    { code: 'IL', name: 'Illinois' },
    { code: 'IN', name: 'Indiana' },
    { code: 'IA', name: 'Iowa' },
    { code: 'KS', name: 'Kansas' },
    { code: 'KY', name: 'Kentucky' },
    { code: 'LA', name: 'Louisiana' },
    { code: 'ME', name: 'Maine' },
    { code: 'MD', name: 'Maryland' },
    { code: 'MA', name: 'Massachusetts' },
    { code: 'MI', name: 'Michigan' },
    { code: 'MN', name: 'Minnesota' },
    { code: 'MS', name: 'Mississippi' },
    { code: 'MO', name: 'Missouri' },
    { code: 'MT', name: 'Montana' },
    { code: 'NE', name: 'Nebraska' },
    { code: 'NV', name: 'Nevada' },
    { code: 'NH', name: 'New Hampshire' },
    { code: 'NJ', name: 'New Jersey' },
    { code: 'NM', name: 'New Mexico' },
    { code: 'NY', name: 'New York' },
    { code: 'NC', name: 'North Carolina' },
    { code: 'ND', name: 'North Dakota' },
    { code: 'OH', name: 'Ohio' },
    { code: 'OK', name: 'Oklahoma' },
    { code: 'OR', name: 'Oregon' },
    { code: 'PA', name: 'Pennsylvania' },
    { code: 'RI', name: 'Rhode Island' },
    { code: 'SC', name: 'South Carolina' },
    { code: 'SD', name: 'South Dakota' },
    { code: 'TN', name: 'Tennessee' },
    { code: 'TX', name: 'Texas' },
    { code: 'UT', name: 'Utah' },
    { code: 'VT', name: 'Vermont' },
    { code: 'VA', name: 'Virginia' },
    { code: 'WA', name: 'Washington' },
    { code: 'WV', name: 'West Virginia' },
    { code: 'WI', name: 'Wisconsin' },
    { code: 'WY', name: 'Wyoming' },
    { code: 'AS', name: 'American Samoa' },
    { code: 'GU', name: 'Guam' },
    { code: 'MP', name: 'Northern Mariana Islands' },
    { code: 'PR', name: 'Puerto Rico' },
    { code: 'VI', name: 'U.S. Virgin Islands' },
    { code: 'AA', name: 'Armed Forces Americas' },
    { code: 'AE', name: 'Armed Forces Europe' },
    { code: 'AP', name: 'Armed Forces Pacific' },
  ],
  // The ten provinces, then the three territories.
  CA: [
    { code: 'AB', name: 'Alberta' },
    { code: 'BC', name: 'British Columbia' },
    { code: 'MB', name: 'Manitoba' },
    { code: 'NB', name: 'New Brunswick' },
    { code: 'NL', name: 'Newfoundland and Labrador' },
    { code: 'NS', name: 'Nova Scotia' },
    { code: 'ON', name: 'Ontario' },
    { code: 'PE', name: 'Prince Edward Island' },
    { code: 'QC', name: 'Quebec' },
    { code: 'SK', name: 'Saskatchewan' },
    { code: 'NT', name: 'Northwest Territories' },
    { code: 'NU', name: 'Nunavut' },
    { code: 'YT', name: 'Yukon' },
  ],
  AU: [
    { code: 'ACT', name: 'Australian Capital Territory' },
    { code: 'NSW', name: 'New South Wales' },
    { code: 'NT', name: 'Northern Territory' },
    { code: 'QLD', name: 'Queensland' },
    { code: 'SA', name: 'South Australia' },
    { code: 'TAS', name: 'Tasmania' },
    { code: 'VIC', name: 'Victoria' },
    { code: 'WA', name: 'Western Australia' },
  ],
};

/** What a postcode is called where it is not 'postcode': the US and the places that use its ZIP codes, and Canada. */
export const POSTAL_CODE_LABELS: Readonly<Record<string, string>> = {
  US: 'ZIP code',
  AS: 'ZIP code',
  GU: 'ZIP code',
  MP: 'ZIP code',
  PR: 'ZIP code',
  VI: 'ZIP code',
  CA: 'postal code',
};

/**
 * A postcode layout the shop knows. `example` is a real code for placeholders and messages; `layout` rewrites a code
 * typed with or without its spaces and hyphens (matched with them taken out, upper case) into the one the post uses.
 * Whether a code is valid is postcode-validator's call, not these patterns'.
 */
export interface PostalFormat {
  readonly example: string;
  readonly layout?: readonly [RegExp, string];
}

const DIGITS_ONLY = [/^(\d+)$/, '$1'] as const;
const ZIP = [/^(\d{5})(\d{4})$/, '$1-$2'] as const;
const UK_STYLE = [/^([A-Z][A-Z0-9]{1,3})(\d[A-Z]{2})$/, '$1 $2'] as const;
const SPACE_AFTER_3 = [/^(\d{3})(\d{2})$/, '$1 $2'] as const;

export const POSTAL_FORMATS: Readonly<Record<string, PostalFormat>> = {
  US: { example: '94103', layout: ZIP },
  AS: { example: '96799', layout: ZIP },
  GU: { example: '96910', layout: ZIP },
  MP: { example: '96950', layout: ZIP },
  PR: { example: '00901', layout: ZIP },
  VI: { example: '00802', layout: ZIP },
  CA: { example: 'K1A 0B1', layout: [/^([A-Z]\d[A-Z])(\d[A-Z]\d)$/, '$1 $2'] },
  GB: { example: 'SW1A 1AA', layout: UK_STYLE },
  GG: { example: 'GY1 1AA', layout: UK_STYLE },
  IM: { example: 'IM1 1AA', layout: UK_STYLE },
  JE: { example: 'JE2 3AB', layout: UK_STYLE },
  IE: { example: 'D02 X285', layout: [/^([A-Z0-9]{3})([A-Z0-9]{4})$/, '$1 $2'] },
  NL: { example: '1012 AB', layout: [/^(\d{4})([A-Z]{2})$/, '$1 $2'] },
  CZ: { example: '110 00', layout: SPACE_AFTER_3 },
  GR: { example: '105 57', layout: SPACE_AFTER_3 },
  SE: { example: '111 22', layout: SPACE_AFTER_3 },
  SK: { example: '811 01', layout: SPACE_AFTER_3 },
  PL: { example: '00-950', layout: [/^(\d{2})(\d{3})$/, '$1-$2'] },
  PT: { example: '1000-001', layout: [/^(\d{4})(\d{3})$/, '$1-$2'] },
  BR: { example: '01310-100', layout: [/^(\d{5})(\d{3})$/, '$1-$2'] },
  JP: { example: '100-0001', layout: [/^(\d{3})(\d{4})$/, '$1-$2'] },
  AT: { example: '1010', layout: DIGITS_ONLY },
  AU: { example: '2000', layout: DIGITS_ONLY },
  BE: { example: '1000', layout: DIGITS_ONLY },
  CH: { example: '8001', layout: DIGITS_ONLY },
  DE: { example: '10115', layout: DIGITS_ONLY },
  DK: { example: '1050', layout: DIGITS_ONLY },
  ES: { example: '28001', layout: DIGITS_ONLY },
  FI: { example: '00100', layout: DIGITS_ONLY },
  FR: { example: '75001', layout: DIGITS_ONLY },
  IN: { example: '110001', layout: DIGITS_ONLY },
  IT: { example: '00184', layout: DIGITS_ONLY },
  MX: { example: '06000', layout: DIGITS_ONLY },
  NO: { example: '0150', layout: DIGITS_ONLY },
  NZ: { example: '6011', layout: DIGITS_ONLY },
};

/**
 * Issue #39 item 5: which US state, territory or Armed Forces code each 3-digit ZIP prefix belongs to, after the USPS
 * list of Sectional Center Facilities (public). Each entry is a region code and its prefix ranges, inclusive:
 * '100-149' or a single '005'. A prefix may serve two regions (967: Hawaii and American Samoa; 969: Guam and the
 * Northern Marianas). Prefixes no region claims (000-004, 099, 715, 886-888) are left out.
 */
export const US_ZIP_PREFIXES: Readonly<Record<string, string>> = {
  AL: '350-369',
  AK: '995-999',
  AZ: '850-865',
  AR: '716-729',
  CA: '900-961',
  CO: '800-816',
  CT: '060-069',
  DE: '197-199',
  DC: '200 202-205 569',
  FL: '320-339 341-349',
  GA: '300-319 398-399',
  HI: '967-968',
  ID: '832-838',
  IL: '600-629',
  IN: '460-479',
  IA: '500-528',
  KS: '660-679',
  KY: '400-427',
  LA: '700-714',
  ME: '039-049',
  MD: '206-219',
  MA: '010-027 055',
  MI: '480-499',
  MN: '550-567',
  MS: '386-397',
  MO: '630-658',
  MT: '590-599',
  NE: '680-693',
  NV: '889-898',
  NH: '030-038',
  NJ: '070-089',
  NM: '870-884',
  NY: '005 100-149',
  NC: '270-289',
  ND: '580-588',
  OH: '430-459',
  OK: '730-732 734-749',
  OR: '970-979',
  PA: '150-196',
  RI: '028-029',
  SC: '290-299',
  SD: '570-577',
  TN: '370-385',
  TX: '733 750-799 885',
  UT: '840-847',
  VT: '050-054 056-059',
  VA: '201 220-246',
  WA: '980-994',
  WV: '247-268',
  WI: '530-549',
  WY: '820-831',
  AS: '967',
  GU: '969',
  MP: '969',
  PR: '006-007 009',
  VI: '008',
  AA: '340',
  AE: '090-098',
  AP: '962-966',
};

/**
 * Five-digit ZIP codes whose post office is across a state line from their prefix's (a town served from the next
 * state's facility): the regions they may also be in. They only widen what US_ZIP_PREFIXES allows.
 */
export const US_ZIP_EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  /** Fishers Island, New York, served from Connecticut (063). */
  '06390': ['NY'],
  /** Alta, Wyoming, served from Idaho (834). */
  '83414': ['WY'],
};
