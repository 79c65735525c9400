import { describe, expect, it } from 'vitest';
import { bareNumberReadings, querySizes, sizeMatches, withBareNumberAs, withoutBareNumber } from './search-sizes';

const labels = (q: string) => querySizes(q).sizes.map((s) => `${s.kind}:${s.label}`);

/** Issue #38 item 3 (decision 211): sizes read as attributes, however they are written. */
describe('querySizes', () => {
  it('reads a diameter in millimetres, joined or apart', () => {
    for (const q of ['43mm fork seals', '43 mm fork seal', 'fork seals 43-mm', 'fork seal 43 millimetres']) expect(labels(q), q).toEqual(['diameter:43 mm']);
    expect(querySizes('43mm fork seals').rest).toBe('fork seals');
    expect(labels('0.6 mm electrode')).toEqual(['diameter:0.6 mm']);
  });

  it('reads a tooth count', () => {
    for (const q of ['15t front sprocket', '15 T sprocket', '15 tooth sprocket', 'sprocket 15 teeth', '15-tooth sprocket', 'z15 sprocket'])
      expect(labels(q), q).toEqual(['teeth:15T']);
    expect(querySizes('15 tooth sprocket').rest).toBe('sprocket');
  });

  it('reads a chain pitch with a chain or sprocket named, and pitch × links', () => {
    expect(labels('520 chain')).toEqual(['chain:520']);
    expect(labels('sprocket 525')).toEqual(['chain:525']);
    expect(labels('520 pitch')).toEqual(['chain:520']);
    expect(labels('525 x 118 chain')).toEqual(['chain:525 × 118']);
    expect(labels('525x118')).toEqual(['chain:525 × 118']);
    expect(labels('520 chain 118 links')).toEqual(['chain:520 × 118']);
    expect(querySizes('525 x 118 chain').rest).toBe('chain');
  });

  it('reads a thread, with or without its pitch', () => {
    expect(labels('m10x1.25 drain plug')).toEqual(['thread:M10×1.25']);
    expect(labels('M10 x 1,25 drain plug')).toEqual(['thread:M10×1.25']);
    expect(labels('m8 bolt')).toEqual(['thread:M8']);
    expect(querySizes('m10x1.25 drain plug').rest).toBe('drain plug');
  });

  it('leaves part numbers, years, models, quantities and tyre sizes alone', () => {
    for (const q of [
      '520',
      '520VX3G-120',
      'JTF1370.15RB',
      'FA244HH',
      '2019 mt07 chain',
      'mt 07',
      'kawasaki z900 oil filter',
      'bmw m 1000 rr',
      'chain 2019',
      '12 v battery',
      'dot 4 500 ml',
      '180/55 ZR17',
      'cbr 600 rr',
      't7 air filter',
      '2 x brake pads',
      '10 oil filters',
    ])
      expect(labels(q), q).toEqual([]);
  });

  it('compares a part’s size with the one asked for', () => {
    const [asked] = querySizes('41mm fork seals').sizes;
    const [part] = querySizes('Fork Seal Kit 43 mm').sizes;
    expect(sizeMatches(asked, part)).toBe(false);
    expect(sizeMatches(querySizes('43 mm').sizes[0], part)).toBe(true);
    const chain = querySizes('520 X-Ring Drive Chain 120L').sizes;
    expect(chain.map((s) => s.label)).toEqual(['520 × 120']);
    expect(sizeMatches(querySizes('520 chain').sizes[0], chain[0])).toBe(true);
    expect(sizeMatches(querySizes('525 x 118 chain').sizes[0], chain[0])).toBe(false);
  });

  it('reads a number alone as a size of the kinds a part has (decision 213)', () => {
    expect(bareNumberReadings(41, new Set(['diameter']))).toEqual(['41mm']);
    // A sprocket's name has a pitch and a tooth count: 16 can only be teeth, 520 only a pitch.
    expect(bareNumberReadings(16, new Set(['chain', 'teeth']))).toEqual(['16t']);
    expect(bareNumberReadings(520, new Set(['chain', 'teeth']))).toEqual(['520 pitch']);
    expect(bareNumberReadings(118, new Set(['chain']))).toEqual(['118 links']);
    expect(bareNumberReadings(5, new Set(['teeth']))).toEqual([]);
    expect(bareNumberReadings(41, new Set())).toEqual([]);
    expect(withBareNumberAs('fork seals 41', '41', '41mm')).toBe('fork seals 41mm');
    expect(withoutBareNumber('fork seals 41', '41')).toBe('fork seals');
    // Inside a part number, a tyre size or a decimal, a number does not stand alone.
    expect(withBareNumberAs('RA-250-45 sprocket', '45', '45t')).toBeNull();
    expect(withBareNumberAs('180/55 tyre', '55', '55mm')).toBeNull();
    expect(withBareNumberAs('4.5 mm', '5', '5mm')).toBeNull();
  });
});
