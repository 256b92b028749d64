/**
 * The readers of the back office's form fields, for the catalogue's form schemas
 * (catalog-forms.ts). Multipart forms send every value as text, so blank text means "not given":
 * on a create form a required field answers its message; on an update form it keeps the stored
 * value. File fields hold whatever the caller uses for a file (a browser `File`, the server's
 * upload object); a text value in a file field means "no new file".
 */
import { z } from 'zod';
import { MAX_ID } from './queries';

/** The most units of stock a product may hold (the form's limit for any whole number). */
export const STOCK_MAX = 1_000_000_000;

export const TEXT_MAX = 500;
export const DESCRIPTION_MAX = 20_000;

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** Blank → undefined; numeric text → number; anything else is passed on to fail as "not a whole number". */
export function toNumber(v: unknown): unknown {
  if (isBlank(v)) return undefined;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

export function toText(v: unknown): unknown {
  if (isBlank(v)) return undefined;
  // One Unicode form, so a Bengali name typed with precomposed or combining marks is one name.
  return typeof v === 'string' ? v.trim().normalize('NFC') : typeof v === 'number' ? String(v) : v;
}

export function toBool(v: unknown): unknown {
  if (isBlank(v)) return undefined;
  if (typeof v === 'boolean') return v;
  const s = String(v).trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return v;
}

/** A file field: a text value (blank, or the current URL sent back) is "no new file". */
export function toFile(v: unknown): unknown {
  if (v === null || typeof v === 'string') return undefined;
  // A browser's empty file input is a nameless, empty File: no file chosen.
  const f = v as { size?: unknown; name?: unknown } | undefined;
  if (f && f.size === 0 && f.name === '') return undefined;
  return v;
}

export function text(max = TEXT_MAX, required?: string) {
  const inner = z.string({ error: required ?? 'Must be text.' }).max(max, `At most ${max} characters.`);
  return z.preprocess(toText, required ? inner : inner.optional());
}

export function requiredText(max: number, required: string) {
  return z.preprocess(toText, z.string({ error: required }).max(max, `At most ${max} characters.`));
}

export function wholeNumber(label: string, required?: string, max = STOCK_MAX, tooLarge = `${label} is too large.`) {
  const invalid = max === 100 ? tooLarge : `${label} must be a whole number, 0 or more.`;
  const inner = z
    .number({ error: (iss) => (iss.input === undefined && required ? required : invalid) })
    .int(invalid)
    .min(0, invalid)
    .max(max, tooLarge);
  return z.preprocess(toNumber, required ? inner : inner.optional());
}

export function reference(label: string, required?: string) {
  const invalid = `Choose a ${label.toLowerCase()} from the list.`;
  const inner = z.number({ error: (iss) => (iss.input === undefined && required ? required : invalid) }).int(invalid).positive(invalid).max(MAX_ID, invalid);
  return z.preprocess(toNumber, required ? inner : inner.optional());
}

export function file(required?: string) {
  const inner = z.custom<unknown>((v) => v !== undefined && v !== null && typeof v === 'object', { error: required ?? 'Must be a file.' });
  return z.preprocess(toFile, required ? inner : inner.optional());
}

export type Mode = 'create' | 'update';

/**
 * A field the API serves but nobody writes (`id`, `price`, `category_name`…): a client that
 * sends back what it read, as REST frameworks' clients do, is not refused for it; it is dropped.
 */
export const served = () => z.unknown().optional().transform((): undefined => undefined);
