/**
 * A cell that starts with = + - @ (or a tab / carriage return) is run as a
 * formula by spreadsheet programs. Text that customers typed (names, addresses)
 * gets a leading apostrophe so opening an export never runs it (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe<T extends Record<string, string | number>>(record: T): T {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(record)) out[k] = typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v;
  return out as T;
}
