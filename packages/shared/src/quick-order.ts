/**
 * Issue #37 item 3 (decision 202): quick order. A buyer pastes or uploads a list of "part number, quantity" lines;
 * this reads the list into rows, each with the line number it came from, without knowing the catalogue (the server
 * resolves the numbers). No zod here, so the page can read a list as it is typed (the schemas are in
 * schemas/quick-order).
 *
 * A line is read as, in this order:
 * - a CSV row under a header row that names a part-number column (part number, part no, sku, pn, oem, …) and
 *   optionally a quantity column (qty, quantity, …), in any case, separated by commas, semicolons or tabs;
 * - "PN, qty", "PN; qty", "PN<tab>qty";
 * - "qty x PN" (also "qty × PN", "qty* PN");
 * - "PN qty" (the last word a whole number); since a part number may hold spaces ("HF 204"), the whole line is kept
 *   as `whole` so the server can try it as one number when the shorter one is unknown;
 * - "PN" alone: no quantity (the server takes the part's minimum order).
 * Blank lines are ignored; a quantity that is not a whole number from 1 to 1,000,000 is a problem of that line.
 */

export const QUICK_ORDER_MAX_LINES = 500;
export const QUICK_ORDER_MAX_QUANTITY = 1_000_000;
/** The longest line text a report repeats (a CSV row with many columns is read whole, and shown cut). */
export const QUICK_ORDER_MAX_LINE_LENGTH = 200;
/** The longest list taken (a CSV file of 500 rows with other columns; the API's body limit is 1 MB). */
export const QUICK_ORDER_MAX_TEXT = 500_000;

export interface QuickOrderRow {
  /** The line of the pasted text or file it came from (1 is the first line, blank lines and the header counted). */
  line: number;
  /** The line as the buyer wrote it (trimmed). */
  text: string;
  partNumber: string;
  /** null: no quantity given (the server takes the part's minimum order). */
  quantity: number | null;
  /** "PN qty" read from a line with spaces: the whole line, as one part number without a quantity. */
  whole?: string;
}

export interface QuickOrderLineProblem {
  line: number;
  text: string;
  reason: 'unreadable';
  message: string;
}

export interface QuickOrderParse {
  rows: QuickOrderRow[];
  problems: QuickOrderLineProblem[];
  /** The lines that are neither blank nor the header: what the 500-line limit counts. */
  lineCount: number;
  /** Whether the first line was read as a CSV header. */
  header: boolean;
}

const PART_HEADERS = new Set([
  'partnumber',
  'partno',
  'partnr',
  'part',
  'pn',
  'sku',
  'number',
  'no',
  'oem',
  'oemnumber',
  'oemno',
  'mpn',
  'article',
  'articlenumber',
  'articleno',
  'item',
  'itemnumber',
  'itemno',
  'reference',
  'ref',
]);
const QUANTITY_HEADERS = new Set(['qty', 'quantity', 'quantities', 'amount', 'count', 'pcs', 'pieces', 'units', 'menge', 'qte']);
const headerWord = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/** Splits a CSV line on `delimiter`, honouring double quotes ("a, b" is one cell; "" is a quote). */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The delimiter a line uses: a tab, else a semicolon, else a comma; null when it has none. */
function delimiterOf(line: string): string | null {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  if (line.includes(',')) return ',';
  return null;
}

/** A quantity cell: a whole number, with an optional unit ("10 pcs", "10x"); undefined when it is not one. */
function readQuantity(cell: string): number | undefined {
  const m = /^(\d{1,9})\s*(?:x|×|pcs?\.?|pieces?|units?|stk\.?)?$/i.exec(cell.trim());
  return m ? Number(m[1]) : undefined;
}

const quantityProblem = (line: number, text: string, cell: string): QuickOrderLineProblem => ({
  line,
  text,
  reason: 'unreadable',
  message: `“${cell}” is not a quantity: write a whole number from 1 to ${QUICK_ORDER_MAX_QUANTITY.toLocaleString('en-US')}.`,
});
const noNumberProblem = (line: number, text: string): QuickOrderLineProblem => ({
  line,
  text,
  reason: 'unreadable',
  message: 'No part number on this line.',
});

/** Reads one part-number cell and one quantity cell (empty: no quantity) into a row or a problem. */
function rowOf(line: number, text: string, partNumber: string, quantityCell: string): QuickOrderRow | QuickOrderLineProblem {
  const pn = partNumber.trim();
  if (!pn) return noNumberProblem(line, text);
  if (quantityCell.trim() === '') return { line, text, partNumber: pn, quantity: null };
  const quantity = readQuantity(quantityCell);
  if (quantity === undefined || quantity < 1 || quantity > QUICK_ORDER_MAX_QUANTITY) return quantityProblem(line, text, quantityCell.trim());
  return { line, text, partNumber: pn, quantity };
}

/** One line without a header: the forms listed at the top of this file. */
function readLine(line: number, text: string): QuickOrderRow | QuickOrderLineProblem {
  const delimiter = delimiterOf(text);
  if (delimiter) {
    const cells = splitCsvLine(text, delimiter);
    return rowOf(line, text, cells[0] ?? '', cells[1] ?? '');
  }
  const times = /^(\d{1,9})\s*(?:x|×|\*)\s*(\S.*)$/i.exec(text);
  if (times) return rowOf(line, text, times[2], times[1]);
  const words = text.split(/\s+/);
  if (words.length >= 2 && readQuantity(words[words.length - 1]) !== undefined) {
    const row = rowOf(line, text, words.slice(0, -1).join(' '), words[words.length - 1]);
    return 'partNumber' in row ? { ...row, whole: text } : row;
  }
  return { line, text, partNumber: text, quantity: null };
}

/** The header of a CSV: the part-number column and the quantity column (-1: none), or null when `text` is no header. */
function readHeader(text: string): { delimiter: string; part: number; quantity: number } | null {
  const delimiter = delimiterOf(text) ?? ',';
  const words = splitCsvLine(text, delimiter).map(headerWord);
  const part = words.findIndex((w) => PART_HEADERS.has(w));
  if (part < 0) return null;
  const quantity = words.findIndex((w) => QUANTITY_HEADERS.has(w));
  // "part 5" is a line, not a header: a header has no digit in it.
  if (/\d/.test(text)) return null;
  return { delimiter, part, quantity };
}

/** Reads a pasted list or a CSV file's text into rows (see the top of this file). */
export function parseQuickOrderLines(text: string): QuickOrderParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows: QuickOrderRow[] = [];
  const problems: QuickOrderLineProblem[] = [];
  let header: ReturnType<typeof readHeader> = null;
  let sawFirst = false;
  let lineCount = 0;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    if (!sawFirst) {
      sawFirst = true;
      header = readHeader(trimmed);
      if (header) return;
    }
    lineCount++;
    const text = trimmed.length > QUICK_ORDER_MAX_LINE_LENGTH ? `${trimmed.slice(0, QUICK_ORDER_MAX_LINE_LENGTH - 1)}…` : trimmed;
    let read: QuickOrderRow | QuickOrderLineProblem;
    if (header) {
      const cells = splitCsvLine(trimmed, header.delimiter);
      read = rowOf(line, text, cells[header.part] ?? '', header.quantity >= 0 ? (cells[header.quantity] ?? '') : '');
    } else read = readLine(line, trimmed);
    read.text = text;
    if ('partNumber' in read) rows.push(read);
    else problems.push(read);
  });
  return { rows, problems, lineCount, header: header !== null };
}

/** Counts the lines a list holds (neither blank nor a header), as the 500-line limit does. */
export const quickOrderLineCount = (text: string) => parseQuickOrderLines(text).lineCount;

export const quickOrderTooLong = (lines: number) =>
  `Your list has ${lines.toLocaleString('en-US')} lines; a quick order takes at most ${QUICK_ORDER_MAX_LINES} at once. Split it and add the rest in a second step.`;

const count = (n: number) => n.toLocaleString('en-US');
const linesText = (lines: readonly number[]) => (lines.length > 1 ? ` (lines ${lines.join(', ')} together)` : '');

/** The words of a quick order's report (decision 202): the API's problem messages and the page's. */
export const quickOrderCopy = {
  unknown: (partNumber: string) => `We don’t know the part number “${partNumber}”.`,
  ambiguous: (partNumber: string, n: number) => `“${partNumber}” matches ${count(n)} parts: pick one.`,
  discontinued: (partNumber: string, name: string) => `${name} (${partNumber}) is no longer sold.`,
  gone: (name: string) => `${name} is no longer sold.`,
  belowMinimum: (sku: string, minOrder: number, quantity: number, lines: readonly number[] = []) =>
    `${sku} is sold from ${count(minOrder)}: ${count(quantity)} is too few${linesText(lines)}.`,
  outOfStock: (sku: string, available: number, quantity: number, lines: readonly number[] = []) =>
    available === 0 ? `${sku} is out of stock.` : `Only ${count(available)} of ${sku} available: ${count(quantity)} asked for${linesText(lines)}.`,
  soldOut: (sku: string, available: number, minOrder: number) =>
    available === 0 ? `${sku} is out of stock.` : `${sku} is out of stock: ${count(available)} left, fewer than its minimum order of ${count(minOrder)}.`,
  added: (n: number) => `Added ${count(n)} ${n === 1 ? 'part' : 'parts'} to your cart`,
  // The page (/quick-order) and the order page's Order again.
  title: 'Quick order',
  navLabel: 'Quick order',
  intro: 'Paste a list of part numbers and quantities, or upload a CSV file. Our numbers, OEM numbers and other makers’ numbers all work, in any formatting.',
  pageDescription: 'Order many motorcycle parts at once: paste part numbers and quantities or upload a CSV file.',
  textLabel: 'Part numbers and quantities',
  placeholder: 'HF204, 20\nCR9EIX; 10\n5 x 1WS-W0045-00\nFA244HH 10',
  formatHint:
    'One part a line: “part number, quantity” (or ; or a tab between them, or “5 x part number”). Without a quantity, the part’s minimum order is taken.',
  fileLabel: 'Or upload a CSV file',
  fileHint: 'A header row naming the part number and quantity columns (part number, sku, qty, quantity) is recognised.',
  fileTooLarge: 'That file is too large: a quick order takes at most 500 lines.',
  lineCount: (n: number) => `${count(n)} of ${QUICK_ORDER_MAX_LINES} lines`,
  check: 'Check list',
  checking: 'Checking…',
  reportTitle: 'Your list, checked',
  addValid: (n: number) => `Add ${count(n)} ${n === 1 ? 'part' : 'parts'} to cart`,
  adding: 'Adding…',
  validTitle: (n: number) => `Ready to add (${count(n)})`,
  problemsTitle: (n: number) => `Lines that cannot be added (${count(n)})`,
  noProblems: 'Every line can be added.',
  nothingValid: 'No line of this list can be added yet.',
  lineLabel: (line: number) => `Line ${line}`,
  linesLabel: (lines: readonly number[]) => (lines.length > 1 ? `Lines ${lines.join(', ')}` : `Line ${lines[0]}`),
  minOrderTaken: 'minimum order',
  choose: 'Choose the part you mean:',
  pick: (name: string, brand: string, sku: string) => `${brand} ${name} (${sku})`,
  picked: 'chosen',
  quantityLabel: 'Quantity',
  changed: 'The list changed since it was checked: check it again before adding.',
  viewCart: 'View cart',
  fromCart: 'Quick order: paste a list of part numbers',
  reasons: {
    unreadable: 'Not readable',
    unknown: 'Unknown part number',
    ambiguous: 'Several parts match',
    below_minimum: 'Below the minimum order',
    out_of_stock: 'Not enough in stock',
    discontinued: 'No longer sold',
  },
  orderAgain: 'Order again',
  orderAgainHint: 'Adds every part of this order that is still sold to your cart, in one step.',
  orderAgainNone: 'No part of this order can be added: none is sold in that quantity now.',
  orderAgainSkipped: (n: number) => `${count(n)} ${n === 1 ? 'line was' : 'lines were'} not added:`,
} as const;
