import { describe, expect, it } from 'vitest';
import { parseQuickOrderLines, splitCsvLine } from './quick-order';
import { quickOrderSchema } from './schemas/quick-order';

/** Issue #37 item 3 (decision 202): reading a pasted or uploaded quick-order list. */
describe('parseQuickOrderLines', () => {
  it('reads every form of a line, with its line number; blank lines are skipped but counted for the numbers', () => {
    const { rows, problems, lineCount, header } = parseQuickOrderLines(
      ['HF-204, 20', 'CR9EIX;10', 'FA244HH\t5', '', 'BF-DOT4-500 24', '3 x 1WS-W0045-00', '2× RA-250-45', '  ', 'JT 520 X1R'].join('\n'),
    );
    expect(header).toBe(false);
    expect(problems).toEqual([]);
    expect(lineCount).toBe(7);
    expect(rows).toEqual([
      { line: 1, text: 'HF-204, 20', partNumber: 'HF-204', quantity: 20 },
      { line: 2, text: 'CR9EIX;10', partNumber: 'CR9EIX', quantity: 10 },
      { line: 3, text: 'FA244HH\t5', partNumber: 'FA244HH', quantity: 5 },
      { line: 5, text: 'BF-DOT4-500 24', partNumber: 'BF-DOT4-500', quantity: 24, whole: 'BF-DOT4-500 24' },
      { line: 6, text: '3 x 1WS-W0045-00', partNumber: '1WS-W0045-00', quantity: 3 },
      { line: 7, text: '2× RA-250-45', partNumber: 'RA-250-45', quantity: 2 },
      { line: 9, text: 'JT 520 X1R', partNumber: 'JT 520 X1R', quantity: null },
    ]);
  });

  it('a part number alone or with an empty quantity has no quantity (the server takes the minimum order)', () => {
    expect(parseQuickOrderLines('HF204\nCR9EIX,\n').rows.map((r) => [r.partNumber, r.quantity])).toEqual([
      ['HF204', null],
      ['CR9EIX', null],
    ]);
  });

  it('reads units after the quantity and Windows line ends', () => {
    expect(parseQuickOrderLines('HF204, 20 pcs\r\nCR9EIX; 10x\r\n').rows.map((r) => [r.partNumber, r.quantity])).toEqual([
      ['HF204', 20],
      ['CR9EIX', 10],
    ]);
  });

  it('reports a quantity that is not a whole number from 1 to 1,000,000, and a line with no part number', () => {
    const { rows, problems } = parseQuickOrderLines('HF204, 2.5\nCR9EIX, 0\n, 4\nFA244HH, lots\nRA-250-45, 2000000');
    expect(rows).toEqual([]);
    expect(problems.map((p) => [p.line, p.reason, p.message])).toEqual([
      [1, 'unreadable', '“2.5” is not a quantity: write a whole number from 1 to 1,000,000.'],
      [2, 'unreadable', '“0” is not a quantity: write a whole number from 1 to 1,000,000.'],
      [3, 'unreadable', 'No part number on this line.'],
      [4, 'unreadable', '“lots” is not a quantity: write a whole number from 1 to 1,000,000.'],
      [5, 'unreadable', '“2000000” is not a quantity: write a whole number from 1 to 1,000,000.'],
    ]);
  });

  it('reads a CSV with a header row in any case and column order, quoted cells and a byte-order mark', () => {
    const csv = '\uFEFFDescription,Quantity,Part Number\n"Oil filter, Honda",20,HF-204\nSpark plug,,CR9EIX\n"Pads ""sintered""",5,"FA 244 HH"\n';
    const { rows, header, lineCount } = parseQuickOrderLines(csv);
    expect(header).toBe(true);
    expect(lineCount).toBe(3);
    expect(rows).toEqual([
      { line: 2, text: '"Oil filter, Honda",20,HF-204', partNumber: 'HF-204', quantity: 20 },
      { line: 3, text: 'Spark plug,,CR9EIX', partNumber: 'CR9EIX', quantity: null },
      { line: 4, text: '"Pads ""sintered""",5,"FA 244 HH"', partNumber: 'FA 244 HH', quantity: 5 },
    ]);
  });

  it('takes SKU;QTY headers and a header with no quantity column', () => {
    expect(parseQuickOrderLines('SKU;QTY\nHF204;20').rows).toEqual([{ line: 2, text: 'HF204;20', partNumber: 'HF204', quantity: 20 }]);
    expect(parseQuickOrderLines('sku\nHF204').rows).toEqual([{ line: 2, text: 'HF204', partNumber: 'HF204', quantity: null }]);
  });

  it('a first line with a quantity in it is a line, not a header', () => {
    const { rows, header } = parseQuickOrderLines('part 5\nHF204 2');
    expect(header).toBe(false);
    expect(rows.map((r) => [r.partNumber, r.quantity])).toEqual([
      ['part', 5],
      ['HF204', 2],
    ]);
  });

  it('reads a long CSV row whole and repeats it cut to 200 characters', () => {
    const long = `${'x'.repeat(300)},20,HF204`;
    const [row] = parseQuickOrderLines(`notes,qty,sku\n${long}`).rows;
    expect(row).toMatchObject({ partNumber: 'HF204', quantity: 20 });
    expect(row.text).toHaveLength(200);
    expect(row.text.endsWith('…')).toBe(true);
  });

  it('splits CSV cells honouring quotes', () => {
    expect(splitCsvLine('"a, b", c,"d ""e"""', ',')).toEqual(['a, b', 'c', 'd "e"']);
  });
});

describe('quickOrderSchema', () => {
  it('takes up to 500 lines; more is a clear error naming the count', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `P-${i + 1}, 1`).join('\n');
    expect(quickOrderSchema.safeParse({ text: `${lines(500)}\n\n\n` }).success).toBe(true);
    const tooMany = quickOrderSchema.safeParse({ text: lines(501) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error!.issues[0].message).toBe(
      'Your list has 501 lines; a quick order takes at most 500 at once. Split it and add the rest in a second step.',
    );
  });

  it('refuses an empty list, and both or neither of text and rows', () => {
    expect(quickOrderSchema.safeParse({ text: ' \n\n' }).error!.issues[0].message).toMatch(/empty/);
    expect(quickOrderSchema.safeParse({}).success).toBe(false);
    expect(quickOrderSchema.safeParse({ text: 'HF204', rows: [{ line: 1, partNumber: 'HF204' }] }).success).toBe(false);
    expect(quickOrderSchema.parse({ rows: [{ line: 1, partNumber: 'HF204', quantity: 20 }] })).toMatchObject({ dryRun: false, picks: [] });
  });
});
