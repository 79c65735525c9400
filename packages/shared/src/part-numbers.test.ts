import { describe, expect, it } from 'vitest';
import { matchingPartNumber, partNumberVariants } from './part-numbers';

/** Issue #38: the part numbers a query may mean with a brand or a revision around the number. */
describe('partNumberVariants', () => {
  it('drops one or two words in front, one behind, and a trailing revision', () => {
    expect(partNumberVariants('EBC FA244HH')).toEqual(['fa244hh']);
    expect(partNumberVariants('FA244HH ebc')).toEqual(['fa244hh']);
    expect(partNumberVariants('1WS-W0045-00-00')).toEqual(['1wsw004500']);
    expect(partNumberVariants('Yamaha genuine 1WS-W0045-00')).toContain('1wsw004500');
    expect(partNumberVariants('yamaha 1WS-W0045-00-00')).toEqual(expect.arrayContaining(['1wsw00450000', '1wsw004500']));
  });
  it('keeps only what can be a number on its own: four characters or more with a digit', () => {
    expect(partNumberVariants('brake pads')).toEqual([]);
    expect(partNumberVariants('chain 520')).toEqual([]);
    expect(partNumberVariants('FA244HH')).toEqual([]);
    // A pasted list of numbers is no number with a brand around it.
    expect(partNumberVariants('FA244HH HF204')).toEqual([]);
    expect(partNumberVariants('a b c d e f g h i j k 1234 5678 9012').length).toBeLessThanOrEqual(8);
  });
  it('lets a search result say which other number a query meant', () => {
    const list = [{ kind: 'replaces' as const, brand: 'Yamaha', number: '1WS-W0045-00' }];
    expect(matchingPartNumber(list, 'yamaha 1ws-w0045-00-00')).toEqual(list[0]);
    expect(matchingPartNumber(list, '1WS-W0045')).toBeNull();
  });
});
