/**
 * Curated lists (issue 36; docs/curated-lists.md): a title in Bengali and English, a slug, products
 * in a chosen order, a start and an end. One schema for `/api/list/` and the back office's form,
 * and the one rule of when a list is shown to shoppers. Pure: no clock (callers pass `now`).
 */
import { z } from 'zod';
import { MAX_ID, unsafeTextProblem } from './queries';

/** At most this many products in one list: a list is a shelf, not the catalogue. */
export const LIST_MAX_PRODUCTS = 200;
export const LIST_TITLE_MAX = 200;
export const LIST_SLUG_MAX = 80;
/** Lowercase latin letters and digits in words joined by single hyphens: `boi-mela-2026`. */
export const LIST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The home page shows at most this many lists as sections, lowest `home_position` first. */
export const HOME_LISTS_MAX = 4;

export const LIST_MESSAGES = {
  title: 'বাংলা শিরোনাম দিন, ২০০ অক্ষরের মধ্যে (A Bengali title, at most 200 characters).',
  titleEn: 'ইংরেজি শিরোনাম ২০০ অক্ষরের মধ্যে দিন (The English title: at most 200 characters).',
  text: 'লেখায় নিয়ন্ত্রণ-অক্ষর বা দিক-বদলের চিহ্ন চলবে না (No control or text-direction characters).',
  slug: 'স্লাগে শুধু ছোট হাতের ইংরেজি অক্ষর, সংখ্যা ও হাইফেন, ৮০ অক্ষরের মধ্যে (Slug: lowercase latin letters, digits and single hyphens, at most 80).',
  slugTaken: 'এই স্লাগটি অন্য একটি তালিকার (This slug is already used by another list).',
  products: `পণ্যের আইডির তালিকা দিন, সর্বোচ্চ ${LIST_MAX_PRODUCTS}টি (A list of product ids, at most ${LIST_MAX_PRODUCTS}).`,
  product: 'তালিকা থেকে একটি পণ্য বেছে নিন (Choose a product from the list).',
  duplicate: (id: number) => `পণ্য ${id} তালিকায় দুবার আছে (Product ${id} is in the list twice).`,
  unknownProduct: (id: number) => `পণ্য ${id} পাওয়া যায়নি (Product ${id} does not exist).`,
  date: 'সঠিক তারিখ ও সময় দিন (A date and time, ISO 8601).',
  dates: 'শেষের সময় শুরুর পরে হতে হবে (The end must be after the start).',
  flag: 'হ্যাঁ বা না (true or false).',
  position: 'হোম পেজে ক্রম ০ থেকে ১০০০ (Home position: a whole number from 0 to 1000).',
  notFound: 'তালিকাটি পাওয়া যায়নি (List not found).',
} as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

function title(max: number, message: string, required: boolean) {
  const base = z
    .string({ error: message })
    .trim()
    .max(max, message)
    .superRefine((v, ctx) => {
      if (unsafeTextProblem(v)) ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.text });
    });
  return required ? base.min(1, message) : base;
}

// A full ISO 8601 instant (offset or Z), a real calendar day in years 2000–2999: `Date.parse` alone
// took "1" for 2001 and rolled 30 February into March, and a five-digit year broke PostgreSQL.
const realDay = (s: string) => {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};
const instant = z.preprocess(blankToNull, z.string({ error: LIST_MESSAGES.date }).pipe(z.iso.datetime({ offset: true, error: LIST_MESSAGES.date })).refine(realDay, LIST_MESSAGES.date).nullable());
const productId = z.number({ error: LIST_MESSAGES.product }).int(LIST_MESSAGES.product).positive(LIST_MESSAGES.product).max(MAX_ID, LIST_MESSAGES.product);

export const listFieldsSchema = z
  .object({
    title: title(LIST_TITLE_MAX, LIST_MESSAGES.title, true),
    title_en: title(LIST_TITLE_MAX, LIST_MESSAGES.titleEn, false).default(''),
    slug: z.string({ error: LIST_MESSAGES.slug }).trim().max(LIST_SLUG_MAX, LIST_MESSAGES.slug).regex(LIST_SLUG, LIST_MESSAGES.slug),
    /** Product ids in the order shoppers see them. */
    products: z.array(productId, { error: LIST_MESSAGES.products }).max(LIST_MAX_PRODUCTS, LIST_MESSAGES.products).default([]),
    starts_at: instant.default(null),
    ends_at: instant.default(null),
    is_active: z.boolean({ error: LIST_MESSAGES.flag }).default(true),
    /** Shown as a section of the home page while live. */
    show_on_home: z.boolean({ error: LIST_MESSAGES.flag }).default(false),
    home_position: z.number({ error: LIST_MESSAGES.position }).int(LIST_MESSAGES.position).min(0, LIST_MESSAGES.position).max(1000, LIST_MESSAGES.position).default(0),
  })
  .strict();

function checkList(l: Partial<z.infer<typeof listFieldsSchema>>, ctx: z.RefinementCtx) {
  if (l.starts_at && l.ends_at && Date.parse(l.ends_at) <= Date.parse(l.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: LIST_MESSAGES.dates });
  const seen = new Set<number>();
  (l.products ?? []).forEach((id, i) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['products', i], message: LIST_MESSAGES.duplicate(id) });
    seen.add(id);
  });
}

/** A new list, whole. */
export const listSchema = listFieldsSchema.superRefine(checkList);
export type ListInput = z.infer<typeof listSchema>;
/** An update: the fields sent, checked again as a whole once merged with the stored list. */
export const listPatchSchema = listFieldsSchema.partial().strict();

/** A list as the API serves it. */
export interface CuratedList extends ListInput {
  id: number;
  created_at: string;
  updated_at: string;
}

/** Whether shoppers see the list at `now`: switched on, started (inclusive) and not yet ended (exclusive). */
export function isListLive(l: Pick<CuratedList, 'is_active' | 'starts_at' | 'ends_at'>, now: Date): boolean {
  if (!l.is_active) return false;
  const t = now.getTime();
  if (l.starts_at && t < Date.parse(l.starts_at)) return false;
  return !(l.ends_at && t >= Date.parse(l.ends_at));
}

/** A slug suggested from an English title: "Ekushey Book Fair 2026!" → `ekushey-book-fair-2026`. */
export function slugFrom(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIST_SLUG_MAX)
    .replace(/-+$/, '');
}

/** The list's public page. */
export function listPath(slug: string): string {
  return `/list/${slug}`;
}

/** The items with the one at `from` moved to `to` (clamped to the ends): the editor's drag and its up/down buttons. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const target = Math.max(0, Math.min(items.length - 1, to));
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}
