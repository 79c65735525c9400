import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  COUNTRIES,
  REGIONS,
  addressSchema,
  countryName,
  findRegion,
  formatPhone,
  isCountryCode,
  normalizePhone,
  normalizePostalCode,
  phoneExample,
  postalCodeExample,
  postalCodeIsValid,
  regionName,
  regionsOf,
  zipCodeFitsRegion,
  type AddressInput,
} from './address';
import { POSTAL_FORMATS, US_ZIP_PREFIXES } from './address-data';
import { regionFromText } from './address-format';

/** The issues of a failed parse as { path: message }. */
function errorsOf(input: unknown): Record<string, string> {
  const result = addressSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

const berlin: AddressInput = { name: 'Erika Mustermann', line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '030 901820' };
const newYork: AddressInput = {
  name: 'Pat Doe',
  line1: '350 Fifth Avenue',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  country: 'US',
  phone: '+1 212 736 5000',
};

describe('countries (issue #24)', () => {
  it('lists every ISO 3166-1 country once, sorted by English name', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    // 249 officially assigned codes, plus Kosovo (XK).
    expect(codes).toHaveLength(250);
    expect(codes).toEqual(expect.arrayContaining(['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'XK']));
    expect(codes).not.toContain('AC');
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names a country by its code in any case', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName(' gb ')).toBe('United Kingdom');
    expect(countryName('US')).toBe('United States');
    expect(countryName('AX')).toBe('Åland Islands');
    expect(countryName('ZZ')).toBeUndefined();
    expect(isCountryCode('fr')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });
});

describe('regions of the US, Canada and Australia', () => {
  it('has the states and DC, the provinces and territories, the Australian states and territories', () => {
    expect(REGIONS.US.filter((r) => !['AS', 'GU', 'MP', 'PR', 'VI', 'AA', 'AE', 'AP'].includes(r.code))).toHaveLength(51);
    expect(REGIONS.CA).toHaveLength(13);
    expect(REGIONS.AU.map((r) => r.code).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    for (const list of Object.values(REGIONS)) expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
  });

  it('looks regions up by code or name', () => {
    expect(regionsOf('us')).toBe(REGIONS.US);
    expect(regionsOf('DE')).toBeUndefined();
    expect(regionName('AU', 'nsw')).toBe('New South Wales');
    expect(regionName('CA', 'XX')).toBeUndefined();
    expect(findRegion('CA', 'ontario')?.code).toBe('ON');
    expect(findRegion('CA', 'Québec')?.code).toBe('QC');
    expect(findRegion('US', '  new   york ')?.code).toBe('NY');
    expect(findRegion('US', 'ca')?.code).toBe('CA');
    expect(findRegion('US', 'Ontario')).toBeUndefined();
    expect(findRegion('DE', 'Bayern')).toBeUndefined();
  });
});

describe('postcodes', () => {
  it.each([
    ['US', '94103'],
    ['US', '94103-1234'],
    ['CA', 'K1A 0B1'],
    ['CA', 'k1a0b1'],
    ['GB', 'SW1A 1AA'],
    ['GB', 'm1 1ae'],
    ['GB', 'EC1A1BB'],
    ['DE', '10115'],
    ['FR', '75001'],
    ['FR', '75 001'],
    ['AU', '2000'],
  ])('%s accepts %s', (country, code) => expect(postalCodeIsValid(country, code)).toBe(true));

  it.each([
    ['US', '9410'],
    ['US', '941031'],
    ['US', 'ABCDE'],
    ['CA', 'D1A 0B1'],
    ['CA', '12345'],
    ['GB', 'SW1A'],
    ['GB', '12345'],
    ['DE', '1011'],
    ['DE', '101155'],
    ['FR', '7500'],
    ['AU', '200'],
    ['AU', '20000'],
    ['DE', ''],
    ['DE', '   '],
  ])('%s refuses %j', (country, code) => expect(postalCodeIsValid(country, code)).toBe(false));

  it('normalises to the way the post writes them', () => {
    expect(normalizePostalCode('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('CA', ' k1a   0b1 ')).toBe('K1A 0B1');
    expect(normalizePostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostalCode('GB', 'm11ae')).toBe('M1 1AE');
    expect(normalizePostalCode('US', '941031234')).toBe('94103-1234');
    expect(normalizePostalCode('US', '94103 - 1234')).toBe('94103-1234');
    expect(normalizePostalCode('FR', '75 001')).toBe('75001');
    expect(normalizePostalCode('NL', '1012ab')).toBe('1012 AB');
    expect(normalizePostalCode('ZZ', '  ab   12 ')).toBe('AB 12');
  });

  it('accepts any value of 1–12 characters where it knows no pattern', () => {
    expect(postalCodeIsValid('AE', '00000')).toBe(true);
    expect(postalCodeIsValid('AE', 'x'.repeat(12))).toBe(true);
    expect(postalCodeIsValid('AE', 'x'.repeat(13))).toBe(false);
  });

  it('gives an example for placeholders, and every example is valid', () => {
    expect(postalCodeExample('gb')).toBe('SW1A 1AA');
    expect(postalCodeExample('AE')).toBeUndefined();
    for (const [country, format] of Object.entries(POSTAL_FORMATS)) {
      expect(postalCodeIsValid(country, format.example), country).toBe(true);
      expect(normalizePostalCode(country, format.example), country).toBe(format.example);
    }
  });
});

describe('US ZIP codes and their states (issue #39 item 5)', () => {
  it('knows the state of a ZIP code by its first three digits', () => {
    const fits: [string, string][] = [
      ['10001', 'NY'],
      ['00501', 'NY'],
      ['78701', 'TX'],
      ['73301', 'TX'],
      ['88510', 'TX'],
      ['73101', 'OK'],
      ['94103', 'CA'],
      ['97214', 'OR'],
      ['37203', 'TN'],
      ['20500', 'DC'],
      ['56901', 'DC'],
      ['20101', 'VA'],
      ['20850', 'MD'],
      ['01810', 'MA'],
      ['05501', 'MA'],
      ['05401', 'VT'],
      ['33101', 'FL'],
      ['96813', 'HI'],
      ['99501', 'AK'],
      ['00901', 'PR'],
      ['00802', 'VI'],
      ['96910', 'GU'],
      ['96950', 'MP'],
      ['96799', 'AS'],
      ['34001', 'AA'],
      ['09001', 'AE'],
      ['96201', 'AP'],
      ['06390', 'NY'],
      ['83414', 'WY'],
    ];
    for (const [zip, region] of fits) expect(zipCodeFitsRegion(zip, region), `${zip} ${region}`).toBe(true);
    const misfits: [string, string][] = [
      ['10001', 'TX'],
      ['78701', 'NY'],
      ['34001', 'FL'],
      ['20101', 'DC'],
      ['73301', 'OK'],
      ['96910', 'HI'],
      ['06101', 'NY'],
    ];
    for (const [zip, region] of misfits) expect(zipCodeFitsRegion(zip, region), `${zip} ${region}`).toBe(false);
  });

  it('gives every state, DC, territory and Armed Forces code prefixes, and no prefix to two places but the shared ones', () => {
    expect(Object.keys(US_ZIP_PREFIXES).sort()).toEqual(REGIONS.US.map((r) => r.code).sort());
    const owners = new Map<number, string[]>();
    for (const [region, ranges] of Object.entries(US_ZIP_PREFIXES)) {
      for (const range of ranges.split(' ')) {
        expect(range).toMatch(/^\d{3}(-\d{3})?$/);
        const [from, to = from] = range.split('-').map(Number);
        expect(from! <= to!).toBe(true);
        for (let n = from!; n <= to!; n++) owners.set(n, [...(owners.get(n) ?? []), region]);
      }
    }
    const shared = [...owners].filter(([, regions]) => regions.length > 1).map(([n, regions]) => `${n}:${regions.join('+')}`);
    expect(shared).toEqual(['967:HI+AS', '969:GU+MP']);
  });

  it('leaves to the other checks what it cannot judge', () => {
    // Not five digits (the format's message), an unknown region, a prefix no state claims.
    expect(zipCodeFitsRegion('1000', 'TX')).toBe(true);
    expect(zipCodeFitsRegion('10001', 'Nowhere')).toBe(true);
    expect(zipCodeFitsRegion('00001', 'TX')).toBe(true);
    // ZIP+4, spaces and the region's case do not matter.
    expect(zipCodeFitsRegion(' 10001-1234 ', 'ny')).toBe(true);
    expect(zipCodeFitsRegion('100011234', 'tx')).toBe(false);
  });
});

describe('phone numbers', () => {
  it('normalises valid numbers to E.164, reading national ones as numbers of the country', () => {
    expect(normalizePhone('+49 30 901820', 'DE')).toBe('+4930901820');
    expect(normalizePhone('030 901820', 'DE')).toBe('+4930901820');
    expect(normalizePhone('(212) 736-5000', 'US')).toBe('+12127365000');
    expect(normalizePhone('+1 212 736 5000', 'US')).toBe('+12127365000');
    expect(normalizePhone('020 7946 0958', 'gb')).toBe('+442079460958');
  });

  it('accepts an international number of another country', () => {
    expect(normalizePhone('+1 212 736 5000', 'DE')).toBe('+12127365000');
  });

  it('refuses numbers libphonenumber finds possible but not valid, and non-numbers', () => {
    // 555 is no US area code: the right length, so "possible", but not a number anyone can dial.
    expect(normalizePhone('+1 555 123 4567', 'US')).toBeNull();
    expect(normalizePhone('030 901820', 'US')).toBeNull();
    expect(normalizePhone('12', 'DE')).toBeNull();
    expect(normalizePhone('call me', 'DE')).toBeNull();
    expect(normalizePhone('', 'DE')).toBeNull();
  });

  it('formats for display and gives examples', () => {
    expect(formatPhone('+12127365000')).toBe('+1 212 736 5000');
    expect(formatPhone('+4930901820')).toBe('+49 30 901820');
    expect(formatPhone('not a number')).toBe('not a number');
    expect(normalizePhone(phoneExample('DE')!, 'DE')).not.toBeNull();
    expect(phoneExample('AQ')).toBeUndefined();
  });
});

describe('addressSchema', () => {
  it('normalises a valid address', () => {
    expect(
      addressSchema.parse({
        name: '  Jean   Tremblay ',
        company: ' ',
        line1: '111 Wellington St',
        city: 'Ottawa',
        region: 'ontario',
        postalCode: 'k1a0a9',
        country: ' ca ',
        phone: '613 555 0123',
      }),
    ).toEqual({
      name: 'Jean Tremblay',
      company: '',
      line1: '111 Wellington St',
      line2: '',
      city: 'Ottawa',
      region: 'ON',
      postalCode: 'K1A 0A9',
      country: 'CA',
      phone: '+16135550123',
    });
    expect(addressSchema.parse(berlin)).toMatchObject({ region: '', postalCode: '10117', phone: '+4930901820' });
    expect(addressSchema.parse({ ...newYork, region: 'new york' }).region).toBe('NY');
  });

  it('keeps a free-text region where the country has no list', () => {
    expect(addressSchema.parse({ ...berlin, region: ' Berlin ' }).region).toBe('Berlin');
  });

  it('gives one message per missing field of an empty address', () => {
    const expected = {
      name: ADDRESS_MESSAGES.nameRequired,
      line1: ADDRESS_MESSAGES.line1Required,
      city: ADDRESS_MESSAGES.cityRequired,
      postalCode: 'Enter the postcode',
      country: ADDRESS_MESSAGES.countryRequired,
      phone: ADDRESS_MESSAGES.phoneRequired,
    };
    expect(errorsOf({})).toEqual(expected);
    const blank = { name: ' ', company: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '', phone: '' };
    expect(addressSchema.safeParse(blank).error!.issues).toHaveLength(6);
    expect(errorsOf(blank)).toEqual(expected);
    expect(errorsOf(null)).toEqual({ '': ADDRESS_MESSAGES.addressRequired });
  });

  it('requires a region from the list in the US, Canada and Australia', () => {
    expect(errorsOf({ ...newYork, region: '' })).toEqual({ region: 'Choose a state' });
    expect(errorsOf({ ...newYork, region: 'Bavaria' })).toEqual({ region: 'Choose a state from the list' });
    const sydney = { ...newYork, city: 'Sydney', region: '', postalCode: '2000', country: 'AU', phone: '+61 2 9374 4000' };
    expect(errorsOf(sydney)).toEqual({ region: 'Choose a state or territory' });
    expect(addressSchema.parse({ ...sydney, region: 'new south wales' }).region).toBe('NSW');
    expect(errorsOf({ ...sydney, country: 'CA', postalCode: 'K1A 0B1', phone: '+1 613 555 0123' })).toEqual({ region: 'Choose a province or territory' });
  });

  it('refuses an unknown country', () => {
    expect(errorsOf({ ...berlin, country: 'XX' })).toEqual({ country: 'Choose a country from the list' });
    expect(errorsOf({ ...berlin, country: 'Germany' })).toEqual({ country: 'Choose a country from the list' });
  });

  it('checks the postcode and phone against the country, with the messages on their fields', () => {
    expect(errorsOf({ ...newYork, postalCode: '1011' })).toEqual({
      postalCode: 'Enter a valid ZIP code for United States, for example 94103',
    });
    expect(errorsOf({ ...berlin, postalCode: '1011' })).toEqual({ postalCode: 'Enter a valid postcode for Germany, for example 10115' });
    expect(errorsOf({ ...berlin, postalCode: '' })).toEqual({ postalCode: 'Enter the postcode' });
    expect(errorsOf({ ...newYork, postalCode: '' })).toEqual({ postalCode: 'Enter the ZIP code' });
    expect(errorsOf({ ...newYork, phone: '+1 555 123 4567' })).toEqual({ phone: ADDRESS_MESSAGES.phoneInvalid('US') });
    expect(ADDRESS_MESSAGES.phoneInvalid('DE')).toMatch(/^Enter a phone number that can be dialled in Germany, for example \+49 /);
    // A German number is not a US one when written without its country code.
    expect(errorsOf({ ...newYork, phone: '030 901820' })).toEqual({ phone: ADDRESS_MESSAGES.phoneInvalid('US') });
  });

  it('refuses a US ZIP code of another state, naming the state chosen (issue #39 item 5)', () => {
    const texas = { ...newYork, city: 'Austin', region: 'TX' };
    expect(errorsOf({ ...texas, postalCode: '10001' })).toEqual({ postalCode: 'ZIP code 10001 is not in Texas.' });
    // The region by name, and a ZIP+4 code: the message shows the code as the post writes it.
    expect(errorsOf({ ...texas, region: 'texas', postalCode: '100011234' })).toEqual({ postalCode: 'ZIP code 10001-1234 is not in Texas.' });
    expect(errorsOf({ ...newYork, region: 'DC', postalCode: '10118' })).toEqual({ postalCode: 'ZIP code 10118 is not in District of Columbia.' });
    expect(addressSchema.safeParse({ ...texas, postalCode: '78701' }).success).toBe(true);
    // An unknown state has its own message, and a malformed code only the format's.
    expect(errorsOf({ ...texas, region: 'Nowhere', postalCode: '10001' })).toEqual({ region: 'Choose a state from the list' });
    expect(errorsOf({ ...texas, postalCode: '1000' })).toEqual({ postalCode: ADDRESS_MESSAGES.postalCodeInvalid('US') });
  });

  it('reports every wrong field at once, each on its own path', () => {
    expect(errorsOf({ ...newYork, name: '', region: 'Nowhere', postalCode: 'ABC', phone: '12' })).toEqual({
      name: ADDRESS_MESSAGES.nameRequired,
      region: 'Choose a state from the list',
      postalCode: ADDRESS_MESSAGES.postalCodeInvalid('US'),
      phone: ADDRESS_MESSAGES.phoneInvalid('US'),
    });
  });

  it('limits the length of each text field', () => {
    expect(errorsOf({ ...berlin, name: 'a'.repeat(101), company: 'c'.repeat(101), line2: 'l'.repeat(201) })).toEqual({
      name: 'Full name must be 100 characters or fewer',
      company: 'Company must be 100 characters or fewer',
      line2: 'Address line 2 must be 200 characters or fewer',
    });
    expect(addressSchema.safeParse({ ...berlin, name: 'a'.repeat(100) }).success).toBe(true);
  });

  it('says plainly when a field is not text', () => {
    expect(errorsOf({ ...berlin, company: 5, postalCode: 10117 })).toEqual({ company: 'Company must be text', postalCode: 'Enter the postcode' });
  });
});

describe('regionFromText (decision 160: the state of a one-line address)', () => {
  it.each([
    ['500 Broadway, Nashville, TN 37203', 'US', 'TN'],
    ['1 Main St, Portland OR 97201', 'US', 'OR'],
    ['12 Elm Road, Austin, Texas', 'US', 'TX'],
    ['4 Hill St, Charleston, West Virginia 25301', 'US', 'WV'],
    ['100 Queen St W, Toronto, ON M5H 2N2', 'CA', 'ON'],
    ['1 Rue Sainte-Catherine, Montréal, Québec', 'CA', 'QC'],
    ['10 George St, Sydney NSW 2000', 'AU', 'NSW'],
  ])('%s (%s) → %s', (address, country, region) => {
    expect(regionFromText(address, country)).toBe(region);
  });

  it.each([
    ['500 Broadway, Springfield', 'US'],
    // "or" in lower case is a word, not Oregon; two states named at the same step is none.
    ['Dock 4 or 5, Springfield', 'US'],
    ['Washington Ave, Portland, Oregon', 'US'],
    ['Friedrichstraße 10, Berlin', 'DE'],
  ])('%s (%s) → none', (address, country) => {
    expect(regionFromText(address, country)).toBeUndefined();
  });
});
