import { describe, expect, it } from 'vitest';
import { applicationDetails, fitDetails, fitsVehicle, lineFits, normalizePosition } from './fitment';

/** Issue #35 item 1 (decision 192): the application's rules every page shares. */
describe('normalizePosition', () => {
  it('reads a position however it is typed, in the shop’s words and order', () => {
    expect(normalizePosition('Front')).toBe('front');
    expect(normalizePosition('Left-Front')).toBe('front left');
    expect(normalizePosition('lower, rear  / RIGHT')).toBe('rear right lower');
    expect(normalizePosition('front and left')).toBe('front left');
    expect(normalizePosition('  ')).toBe('');
  });
  it('refuses an unknown word and both words of a pair', () => {
    expect(normalizePosition('middle')).toBeNull();
    expect(normalizePosition('front rear')).toBeNull();
    expect(normalizePosition('left right')).toBeNull();
    expect(normalizePosition('upper lower')).toBeNull();
  });
});

describe('fitting a vehicle', () => {
  const mt07 = { make: 'Yamaha', model: 'MT-07', year: 2019, variant: null };
  const line = { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024 };
  it('a line for one variant fits that variant only; a line without one fits every variant', () => {
    expect(lineFits({ ...line, variant: 'ABS' }, mt07)).toBe(false);
    expect(lineFits({ ...line, variant: 'ABS' }, { ...mt07, variant: 'ABS' })).toBe(true);
    expect(lineFits(line, { ...mt07, variant: 'ABS' })).toBe(true);
    expect(lineFits(line, { ...mt07, year: 2025 })).toBe(false);
    expect(fitsVehicle({ universal: true, fitment: [] }, mt07)).toBe(true);
  });
  it('says where the part goes and how many, for the lines that fit only', () => {
    const fitment = [
      { ...line, position: 'front', perVehicle: 2, notes: 'One set per caliper' },
      { ...line, position: 'rear', perVehicle: 1 },
      { ...line, make: 'Honda', model: 'CB650R', position: 'front' },
      { ...line, yearFrom: 2014, yearTo: 2016, position: 'rear', notes: 'Early swingarm' },
    ];
    expect(fitDetails(fitment, mt07)).toEqual(['front · 2 per bike · One set per caliper', 'rear · 1 per bike']);
    expect(fitDetails([line], mt07)).toEqual([]);
    expect(applicationDetails({ notes: '  ' })).toBe('');
  });
});
