import { describe, expect, it } from 'vitest';
import { closestBikes, findVehicleInQuery, normaliseModelAlias, sharedNameInQuery, suggestBikes, vehicleInQueryName, type KnownModel } from './vehicle-query';

/** Issue #26 item 3 (decision 167): the bike a shopper names in the search box. */
const models: KnownModel[] = [
  { make: 'Yamaha', model: 'MT-07', fromYear: 2014, toYear: 2027 },
  { make: 'Yamaha', model: 'MT-09', fromYear: 2014, toYear: 2027 },
  { make: 'Yamaha', model: 'Ténéré 700', fromYear: 2019, toYear: 2027 },
  { make: 'Yamaha', model: 'R7', fromYear: 2022, toYear: 2027 },
  { make: 'Honda', model: 'CRF1100L Africa Twin', fromYear: 2020, toYear: 2027 },
  {
    make: 'Honda',
    model: 'CBR600RR',
    fromYear: 2013,
    toYear: 2024,
    years: [2013, 2014, 2015, 2016, 2021, 2022, 2023, 2024],
  },
  { make: 'Triumph', model: 'Street Triple 765', fromYear: 2017, toYear: 2027 },
  { make: 'Harley-Davidson', model: 'Street Glide', fromYear: 2024, toYear: 2027 },
  { make: 'Ducati', model: 'Panigale V2', fromYear: 2020, toYear: 2027 },
  { make: 'Ducati', model: 'Panigale V4', fromYear: 2018, toYear: 2027 },
  { make: 'Royal Enfield', model: 'Himalayan', fromYear: 2018, toYear: 2027 },
];

describe('findVehicleInQuery', () => {
  it.each([
    ['yamaha mt-07 brake pads', { make: 'Yamaha', model: 'MT-07', year: null, rest: 'brake pads' }],
    ['2019 mt07 chain', { make: 'Yamaha', model: 'MT-07', year: 2019, rest: 'chain' }],
    ['MT 07', { make: 'Yamaha', model: 'MT-07', year: null, rest: '' }],
    ['chain for my 2021 Tenere 700', { make: 'Yamaha', model: 'Ténéré 700', year: 2021, rest: 'chain for my' }],
    ['africa twin air filter', { make: 'Honda', model: 'CRF1100L Africa Twin', year: null, rest: 'air filter' }],
    ['street triple mirror', { make: 'Triumph', model: 'Street Triple 765', year: null, rest: 'mirror' }],
    ['royal enfield himalayan', { make: 'Royal Enfield', model: 'Himalayan', year: null, rest: '' }],
    ['harley-davidson street glide grips', { make: 'Harley-Davidson', model: 'Street Glide', year: null, rest: 'grips' }],
    ['yamaha', { make: 'Yamaha', model: null, year: null, rest: '' }],
    ['2019 yamaha', { make: 'Yamaha', model: null, year: null, rest: '2019' }],
    // A year the model was not sold stays a word of the search.
    ['2005 r7 levers', { make: 'Yamaha', model: 'R7', year: null, rest: '2005 levers' }],
    // Issue #38: nor does a year inside a gap of the model's years (the CBR600RR was not sold 2017–2020).
    ['2018 cbr600rr pads', { make: 'Honda', model: 'CBR600RR', year: null, rest: '2018 pads' }],
    ['2016 cbr600rr pads', { make: 'Honda', model: 'CBR600RR', year: 2016, rest: 'pads' }],
    ['2021 cbr600rr pads', { make: 'Honda', model: 'CBR600RR', year: 2021, rest: 'pads' }],
  ])('%s', (q, want) => {
    expect(findVehicleInQuery(q, models)).toEqual(want);
  });

  it.each(['brake pads', 'tire', '2019', 'street', 'panigale', 'x-ring chain 520', 'cr9eix', 'yamaha oil filter', 'ducati panigale'])(
    '%s names no bike',
    (q) => {
      expect(findVehicleInQuery(q, models)).toBeNull();
    },
  );

  it('names the bike as a shopper reads it', () => {
    expect(vehicleInQueryName({ make: 'Yamaha', model: 'MT-07', year: 2019 })).toBe('2019 Yamaha MT-07');
    expect(vehicleInQueryName({ make: 'Yamaha', model: null, year: null })).toBe('Yamaha');
  });
});

describe('suggestBikes', () => {
  it('offers the models and makes a half-typed query begins', () => {
    expect(suggestBikes('mt-0', models).map((m) => m.model)).toEqual(['MT-07', 'MT-09']);
    expect(suggestBikes('brake pads for cbr6', models).map((m) => m.model)).toEqual(['CBR600RR']);
    expect(suggestBikes('yam', models, 2).map((m) => m.model)).toEqual(['MT-07', 'MT-09']);
    expect(suggestBikes('brake', models)).toEqual([]);
  });
});

describe('closestBikes', () => {
  it('finds the bike a misspelt query meant, and nothing for plain part words', () => {
    expect(closestBikes('africa twn', models).map((m) => m.model)).toEqual(['CRF1100L Africa Twin']);
    expect(closestBikes('himalyan bars', models).map((m) => m.model)).toEqual(['Himalayan']);
    expect(closestBikes('yamha', models, 2).map((m) => m.make)).toEqual(['Yamaha', 'Yamaha']);
    expect(closestBikes('brake pads', models)).toEqual([]);
  });
});

/** Issue #38 item 2 (decision 198): the names riders give models, from the admins' list of nicknames. */
describe('model nicknames', () => {
  const withAliases: KnownModel[] = [
    ...models.map((m) => (m.model === 'Ténéré 700' ? { ...m, aliases: ['t7', 't700'] } : m.model === 'MT-07' ? { ...m, aliases: ['fz07', 'r7'] } : m)),
    { make: 'Suzuki', model: 'V-Strom 650', fromYear: 2004, toYear: 2027, aliases: ['wee strom', 'wee'] },
    { make: 'BMW', model: 'R 1250 GS', fromYear: 2019, toYear: 2023, aliases: ['gs'] },
    { make: 'BMW', model: 'R 1300 GS', fromYear: 2024, toYear: 2027, aliases: ['gs'] },
  ];

  it('normalises a nickname as the search compares it', () => {
    expect(normaliseModelAlias('  Wee-Strom ')).toBe('wee strom');
    expect(normaliseModelAlias('TÉNÉRÉ')).toBe('tenere');
    expect(normaliseModelAlias('--')).toBe('');
  });

  it.each([
    ['t7 air filter', { make: 'Yamaha', model: 'Ténéré 700', year: null, rest: 'air filter' }],
    ['T-7 brake pads', { make: 'Yamaha', model: 'Ténéré 700', year: null, rest: 'brake pads' }],
    ['2021 t700 chain', { make: 'Yamaha', model: 'Ténéré 700', year: 2021, rest: 'chain' }],
    ['yamaha fz-07 levers', { make: 'Yamaha', model: 'MT-07', year: null, rest: 'levers' }],
    ['wee strom clutch', { make: 'Suzuki', model: 'V-Strom 650', year: null, rest: 'clutch' }],
    ['weestrom clutch', { make: 'Suzuki', model: 'V-Strom 650', year: null, rest: 'clutch' }],
    ['wee clutch', { make: 'Suzuki', model: 'V-Strom 650', year: null, rest: 'clutch' }],
    // A model's own name wins over a nickname.
    ['r7 levers', { make: 'Yamaha', model: 'R7', year: null, rest: 'levers' }],
  ])('%s', (q, want) => {
    expect(findVehicleInQuery(q, withAliases)).toEqual(want);
  });

  it('a nickname several models share names none of them, even with their make', () => {
    expect(findVehicleInQuery('gs brake pads', withAliases)).toBeNull();
    expect(findVehicleInQuery('bmw gs brake pads', withAliases)).toBeNull();
    expect(findVehicleInQuery('gs', withAliases)).toBeNull();
    // A nickname of another make's model is no nickname of the make typed.
    expect(findVehicleInQuery('honda t7 pads', withAliases)).toBeNull();
  });

  it('a year typed tells the models of a shared name apart when only one was sold that year (decision 213)', () => {
    expect(findVehicleInQuery('2021 gs brake pads', withAliases)).toEqual({ make: 'BMW', model: 'R 1250 GS', year: 2021, rest: 'brake pads' });
    expect(findVehicleInQuery('bmw gs 2025 oil filter', withAliases)).toEqual({ make: 'BMW', model: 'R 1300 GS', year: 2025, rest: 'oil filter' });
    // A year neither was sold in names none (the year stays a word); a part of a name works the same way.
    expect(findVehicleInQuery('2015 gs brake pads', withAliases)).toBeNull();
    expect(findVehicleInQuery('2019 panigale chain', withAliases)).toEqual({ make: 'Ducati', model: 'Panigale V4', year: 2019, rest: 'chain' });
    expect(findVehicleInQuery('2021 panigale chain', withAliases)).toBeNull();
  });

  it('reads a short name as riders write it: two words the other way round, a code without its last letters (decision 213)', () => {
    const more: KnownModel[] = [...withAliases, { make: 'KTM', model: '390 Duke', fromYear: 2013, toYear: 2027 }];
    expect(findVehicleInQuery('duke 390 chain', more)).toEqual({ make: 'KTM', model: '390 Duke', year: null, rest: 'chain' });
    expect(findVehicleInQuery('2016 cbr600 brake disc', more)).toEqual({ make: 'Honda', model: 'CBR600RR', year: 2016, rest: 'brake disc' });
    expect(findVehicleInQuery('crf1100 battery', more)).toEqual({ make: 'Honda', model: 'CRF1100L Africa Twin', year: null, rest: 'battery' });
  });

  it('the suggestions offer the models a nickname begins, all of them when it is shared', () => {
    expect(suggestBikes('t7', withAliases).map((m) => m.model)).toEqual(['Ténéré 700']);
    expect(suggestBikes('brake pads gs', withAliases).map((m) => m.model)).toEqual(['R 1250 GS', 'R 1300 GS']);
    expect(
      closestBikes('bonie', [{ make: 'Triumph', model: 'Bonneville T120', fromYear: 2016, toYear: 2024, aliases: ['bonnie'] }]).map((m) => m.model),
    ).toEqual(['Bonneville T120']);
  });
});

describe('sharedNameInQuery (issue #38, decision 213 addendum)', () => {
  const gs: KnownModel[] = [
    ...models,
    { make: 'BMW', model: 'R 1250 GS', fromYear: 2019, toYear: 2023, aliases: ['gs'] },
    { make: 'BMW', model: 'R 1300 GS', fromYear: 2024, toYear: 2027, aliases: ['gs'] },
  ];
  it('a nickname two models share: both, and the other words', () => {
    expect(sharedNameInQuery('gs brake pads', gs)).toEqual({ models: gs.slice(-2), year: null, rest: 'brake pads', nickname: true });
    expect(sharedNameInQuery('bmw gs oil filter', gs)?.rest).toBe('oil filter');
    expect(sharedNameInQuery('gs', gs)?.rest).toBe('');
  });
  it('a part of two models’ names: both, not as a nickname; a year none was sold in is no word', () => {
    expect(sharedNameInQuery('panigale levers', models)).toMatchObject({ year: null, rest: 'levers', nickname: false });
    expect(sharedNameInQuery('2012 panigale levers', models)?.models.map((m) => m.model)).toEqual(['Panigale V2', 'Panigale V4']);
    expect(sharedNameInQuery('2012 panigale levers', models)?.rest).toBe('levers');
    // A year both were sold in stays with them.
    expect(sharedNameInQuery('2021 panigale levers', models)).toMatchObject({ year: 2021, rest: 'levers' });
  });
  it('none when one model is named, or no bike', () => {
    expect(sharedNameInQuery('2021 gs brake pads', gs)).toBeNull();
    expect(sharedNameInQuery('r 1250 gs brake pads', gs)).toBeNull();
    expect(sharedNameInQuery('brake pads', gs)).toBeNull();
  });
});
