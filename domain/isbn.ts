/**
 * ISBNs (issue 36): one comparable key for the printed forms of a book's number. Shoppers,
 * scanners and imports write it with hyphens, spaces or none, as ISBN-10 or ISBN-13; all of them
 * become the ISBN-13 digits, so `?isbn=`, the search box, the counter and the packing desk find
 * the same book. Check digits are checked separately: an old book whose printed number has a bad
 * check digit is still found by that number (imports warn, never refuse).
 */

import { z } from 'zod';

/** Hyphens, spaces and dots out, upper case (the ISBN-10 check character X). */
const compact = (text: string) => text.replace(/[\s.\u2010-\u2015-]/g, '').toUpperCase();

/** The check digit of the first twelve digits of an ISBN-13. */
export const isbn13Check = (twelve: string) => {
  const sum = [...twelve].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
};

const isbn10Check = (nine: string) => {
  const sum = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
};

/**
 * The key of an ISBN: its ISBN-13 digits (an ISBN-10 becomes 978 + its nine digits + the new
 * check digit). Null when the text is not shaped like an ISBN (13 digits, or 9 digits and a digit
 * or X). The check digit of a 13-digit number is kept as printed, so a misprinted book is still
 * found by what is on its cover.
 */
export function isbnKey(text: string): string | null {
  const s = compact(text);
  if (/^\d{13}$/.test(s)) return s;
  if (!/^\d{9}[\dX]$/.test(s)) return null;
  const core = `978${s.slice(0, 9)}`;
  return `${core}${isbn13Check(core)}`;
}

/** Whether an ISBN's check digit is right (ISBN-10 or ISBN-13, any spacing). */
export function isbnValid(text: string): boolean {
  const s = compact(text);
  if (/^\d{13}$/.test(s)) return (s.startsWith('978') || s.startsWith('979')) && isbn13Check(s.slice(0, 12)) === s[12];
  if (/^\d{9}[\dX]$/.test(s)) return isbn10Check(s.slice(0, 9)) === s[9];
  return false;
}

/** A search text that is an ISBN and nothing else: the search box then looks the book up by it. */
export const searchedIsbn = (text: string): string | null => (/^[\d\sX.\u2010-\u2015-]{10,20}$/i.test(text.trim()) ? isbnKey(text) : null);

/** `?isbn=`: an ISBN-10 or ISBN-13 in any spacing; anything else is a clear 400, not an empty list. */
export const isbnQuery = z
  .string()
  .max(30, { message: 'isbn must be an ISBN-10 or ISBN-13.' })
  .refine((text) => isbnKey(text) !== null, { message: 'isbn must be an ISBN-10 or ISBN-13.' });

/** An import's warning for a book whose printed ISBN fails its check digit: imported as written. */
export const isbnWarning = (isbn: string) => `ISBN ${isbn}: শেষ অঙ্ক মেলে না, যেমন লেখা তেমনই রাখা হলো (the check digit is wrong; kept as written).`;
