/**
 * Cells of the CSV and XLSX files the shop writes (OWASP "CSV injection"): a spreadsheet runs a
 * text cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `=cmd|…`), and a
 * leading tab or carriage return hides such a start from a check. A product title, a customer's
 * name or address is typed by someone else, so every text cell that starts so is written with a
 * single quote before it: a spreadsheet shows it as text.
 *
 * Only text is neutralised. A number in a numeric column (a price, a refund of −50, a
 * difference due) is written as a number: it is not a formula, and `'-50` would stop being a
 * number to the spreadsheet. A caller that has a figure as text it means as a number passes the
 * number.
 *
 * The quote is taken off again on import, so the export → import round trip gives back the very
 * text stored (server/catalog/bulk-import.ts): a cell that starts with one or more quotes and then
 * one of those characters loses one quote. So that this holds for text that itself starts with a
 * quote before such a character (`'=x`), the export adds a quote to that too (`''=x`).
 */

/** Starts as a spreadsheet runs as a formula, possibly after quotes already there. */
const FORMULA_AFTER_QUOTES = /^'*[=+\-@\t\r]/;
/** Written by neutraliseCell: one quote or more, then a formula's first character. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** Text for a spreadsheet cell: a quote before anything a spreadsheet would run as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_AFTER_QUOTES.test(text) ? `'${text}` : text;
}

/** The text a neutralised cell stood for (the import's side): one quote less where neutraliseCell added one. */
export function restoreCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** A row of cells with every text cell neutralised; numbers, booleans, null and dates are written as they are. */
export function neutraliseRow<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'string' ? neutraliseCell(value) : value;
  return out as T;
}
