/**
 * The one reading of ids, pages and filters in URLs, shared by the REST routes (which answer a
 * bad value with 400 or 404) and the page loaders (which fall back to the default instead).
 * Every list is paged the same way: 20 a page, `page_size` up to 100, page numbers up to
 * 100,000 (beyond that an OFFSET costs more than anybody reads).
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 100_000;
/** The largest id a 32-bit integer column holds. */
export const MAX_ID = 2_147_483_647;

export interface Page {
  page: number;
  size: number;
  offset: number;
}

/**
 * A whole number written in digits (`7`, `-1`), between `min` and `max`. Only digits count:
 * `1e3`, `0x10` or `7.0` are not ids or page numbers, even though JavaScript would read them so.
 */
function wholeNumber(what: string, min: number, max: number, tooSmall: string, tooLarge: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v),
    z.number({ message: `${what} must be a whole number.` }).int(`${what} must be a whole number.`).min(min, tooSmall).max(max, tooLarge),
  );
}

/** A record id in a path or query: a whole number from 1 to MAX_ID. */
export const idSchema = wholeNumber('The id', 1, MAX_ID, 'The id must be 1 or more.', 'The id is too large.');

/** `?page=&page_size=`: the paging part of every list query. */
export const pageQuery = z.object({
  page: wholeNumber('page', 1, MAX_PAGE, 'page must be 1 or more.', `page must be at most ${MAX_PAGE}.`).optional(),
  page_size: wholeNumber('page_size', 1, MAX_PAGE_SIZE, 'page_size must be 1 or more.', `page_size must be at most ${MAX_PAGE_SIZE}.`).optional(),
});

/** `true`/`false` as the first version sent them (also `True`, `1`, `0`). */
export const flagSchema = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { message: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const TEXT_PROBLEMS = {
  control: 'Must not contain control characters.',
  bidi: 'Must not contain text-direction override characters.',
  surrogate: 'Must be valid Unicode text.',
} as const;

// C0 controls except tab, newline and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Embeddings, overrides and isolates can make a name or a link read differently than it is stored.
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
// Half of a surrogate pair alone is not a character; databases would store it as U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` may not be stored or searched for, or null when it is fine. NUL breaks PostgreSQL
 * text and SQLite full-text queries; the rest can hide or reorder what an admin or customer sees.
 */
export function unsafeTextProblem(text: string): string | null {
  if (CONTROL.test(text)) return TEXT_PROBLEMS.control;
  if (BIDI.test(text)) return TEXT_PROBLEMS.bidi;
  if (LONE_SURROGATE.test(text)) return TEXT_PROBLEMS.surrogate;
  return null;
}

/** A search box's text. */
export const searchTerm = z
  .string()
  .max(200, 'At most 200 characters.')
  .superRefine((v, ctx) => {
    const problem = unsafeTextProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The largest price in taka a filter takes (more than any product costs). */
export const MAX_TAKA = 10_000_000;

/** A price in whole taka, from 0 to MAX_TAKA. */
export const takaSchema = wholeNumber('The price', 0, MAX_TAKA, 'The price must be 0 or more.', 'The price is too large.');

/**
 * The product search page's narrowing (`/search?…`): type, category, author, publisher, the price
 * paid from and to (inclusive, whole taka) and `in_stock=1`.
 */
export const searchFilterQuery = z.object({
  type: z.enum(PRODUCT_TYPES).optional(),
  category: idSchema.optional(),
  author: idSchema.optional(),
  publisher: idSchema.optional(),
  min_price: takaSchema.optional(),
  max_price: takaSchema.optional(),
  in_stock: flagSchema.optional(),
});

export function toPage(q: { page?: number | undefined; page_size?: number | undefined }, size = DEFAULT_PAGE_SIZE): Page {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? size;
  return { page, size: pageSize, offset: (page - 1) * pageSize };
}

/** Query values as a plain object; an empty value (`?category=`) means "not given". */
export function queryValues(source: URLSearchParams | Record<string, unknown> | null | undefined): Record<string, unknown> {
  const entries = source instanceof URLSearchParams ? [...source.entries()] : Object.entries(source ?? {});
  return Object.fromEntries(entries.filter(([, v]) => v !== '' && v !== undefined));
}

/** An id from a path, or null when it is not a plausible id (callers answer 404). */
export function parseId(raw: unknown): number | null {
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * For page loaders: the URL's values read with a route's schema, leniently. A value the schema
 * refuses is dropped (a bad `?page=` is page 1), so a mistyped link still shows a page.
 */
export function lenientQuery<S extends z.ZodObject>(schema: S, url: URL): z.infer<S> {
  const values = queryValues(url.searchParams);
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !bad.has(k)));
  const again = schema.safeParse(kept);
  return again.success ? again.data : (schema.parse({}) as z.infer<S>);
}

/** A loader's `?page=` (bad or missing: page 1) as a Page of `size`. */
export function pageOfUrl(url: URL, size = DEFAULT_PAGE_SIZE): Page {
  return toPage({ page: lenientQuery(pageQuery, url).page }, size);
}
