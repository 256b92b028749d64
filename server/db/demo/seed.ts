/**
 * Fills an empty database with the demo shop, so a fresh install has something to show: the
 * category tree, authors, publishers, 312 books, 40 electronics, 40 stationery items, banners
 * and a logo, with cover pictures drawn locally. Deterministic: the same shop every time.
 */
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DB, NewProduct } from '../schema';
import type { FileStorage } from '../../media/storage';
import { encodeImageVariants, loadSharp, putImageVariants, type ImageKind, type ImageVariants } from '../../media/images';
import { applyOffer, type OfferType } from '../../../domain/prices';
import { BOOKS_CATEGORY } from '../../../domain/catalog';
import { toBengaliDigits } from '../../../domain/bengali-digits';
import * as data from './data';
import { isbn13Check, isbnKey } from '../../../domain/isbn';
import { bannerSvg, colorFor, coverSvg, logoSvg, samplePdf } from './images';

/** A Bangladeshi ISBN-13 (978-984-…) with a right check digit, so the demo's books scan at the counter. */
const demoIsbn = (title: string, item: string) => `978-984-${title}-${item}-${isbn13Check(`978984${title}${item}`)}`;

/** mulberry32: a tiny seeded PRNG so the demo shop is the same on every machine. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}


/** Runs `fn` over `items` with at most `limit` at a time (sharp works in libuv's thread pool). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

export async function isEmptyShop(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

type DraftProduct = Omit<NewProduct, 'image' | 'created_at' | 'updated_at' | 'category_id' | 'author_id' | 'publisher_id'> & {
  categoryName: string;
  authorIndex?: number;
  publisherIndex?: number;
  byline: string;
  withPdf?: boolean;
  ageMinutes: number;
};

function draftProducts(): DraftProduct[] {
  const rand = prng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const pricing = (min: number, max: number) => {
    const regular = Math.round((min + rand() * (max - min)) / 10) * 10;
    const r = rand();
    const offerType: OfferType = r < 0.3 ? 'Percentage' : r < 0.45 ? 'Flat Discount' : '';
    const amount = offerType === 'Percentage' ? pick([10, 15, 20, 25]) : offerType === 'Flat Discount' ? Math.min(pick([20, 50, 100]), regular - 10) : 0;
    const s = rand();
    const stock = s < 0.08 ? 0 : s < 0.22 ? 1 + Math.floor(rand() * 10) : 11 + Math.floor(rand() * 190);
    return { regular_price: regular, purchase_price: Math.round(regular * 0.7), units_stock: stock, units_sold: Math.floor(rand() * 120), ...applyOffer(regular, offerType, amount) };
  };
  const drafts: DraftProduct[] = [];
  let age = 0;
  for (const section of data.HOME_SECTIONS) {
    const titles = data.SECTION_TITLES[section.name] ?? [];
    const children = data.SECTION_CHILDREN[section.name] ?? [];
    for (let i = 0; i < 26; i++) {
      const [en, bn] = titles[i % titles.length] as [string, string];
      const volume = Math.floor(i / titles.length) + 1;
      const authorIndex = Math.floor(rand() * data.AUTHORS.length);
      drafts.push({
        type: 'books',
        english_title: volume > 1 ? `${en} Vol. ${volume}` : en,
        bangla_title: volume > 1 ? `${bn} (খণ্ড ${toBengaliDigits(volume)})` : bn,
        description: `${bn} — ${section.name} বিভাগের একটি জনপ্রিয় বই। A popular ${section.slug.replace(/-/g, ' ')} title.`,
        categoryName: i % 3 === 0 ? section.name : (children[i % children.length] ?? section.name),
        authorIndex,
        publisherIndex: Math.floor(rand() * data.PUBLISHERS.length),
        byline: data.AUTHORS[authorIndex] as string,
        isbn: demoIsbn(String(1000 + drafts.length).padStart(4, '0'), String(Math.floor(rand() * 90 + 10))),
        edition: pick(['১ম সংস্করণ', '২য় সংস্করণ', '৩য় সংস্করণ', '2024', '2025']),
        language: /^[A-Za-z]/.test(data.AUTHORS[authorIndex] as string) ? 'English' : 'বাংলা',
        country: 'বাংলাদেশ',
        total_page: 80 + Math.floor(rand() * 520),
        purchase_from: pick(data.PUBLISHERS),
        withPdf: drafts.length % 7 === 0,
        ageMinutes: age++ * 37,
        ...pricing(120, 1200),
      });
    }
  }
  for (const [type, list, categories, min, max] of [
    ['electronics', data.ELECTRONICS, data.ELECTRONICS_CHILDREN, 250, 4500],
    ['stationary', data.STATIONERY, data.STATIONERY_CHILDREN, 20, 900],
  ] as const) {
    for (let i = 0; i < 40; i++) {
      const [en, bn, brand, model] = list[i % list.length] as readonly [string, string, string, string];
      const variant = Math.floor(i / list.length) + 1;
      drafts.push({
        type,
        english_title: variant > 1 ? `${en} (${variant})` : en,
        bangla_title: bn,
        description: `${bn} — ভালো মানের ${type === 'electronics' ? 'ইলেক্ট্রনিক্স' : 'স্টেশনারি'} পণ্য।`,
        categoryName: categories[i % categories.length] as string,
        byline: brand,
        brand,
        model: `${model}${variant > 1 ? `-${variant}` : ''}`,
        warranty: type === 'electronics' ? pick(['৬ মাস', '১ বছর', '২ বছর']) : '',
        purchase_from: 'Dhaka wholesale market',
        ageMinutes: age++ * 37,
        ...pricing(min, max),
      });
    }
  }
  return drafts;
}

async function render(kind: ImageKind, svg: string): Promise<ImageVariants> {
  const sharp = await loadSharp();
  // Effort 1 keeps the first start quick; the pictures are flat colour and text.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  return encodeImageVariants(kind, png, { effort: 1 });
}

export async function seedDemoShop(db: Kysely<DB>, storage: FileStorage): Promise<{ products: number }> {
  const drafts = draftProducts();
  const workers = Math.max(2, os.availableParallelism());
  const now = Date.now();
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

  // Pictures first (outside the transaction); the rows then point at files that exist.
  // Volumes of one title share their cover art (drawn once), but each product gets its own
  // files, so replacing or deleting one product's picture never touches another's.
  const art = new Map<string, Promise<ImageVariants>>();
  const artFor = (d: DraftProduct, i: number) => {
    const title = d.english_title.replace(/ (Vol\. \d+|\(\d+\))$/, '');
    if (!art.has(title)) art.set(title, render('products', coverSvg(title, d.byline, colorFor(i))));
    return art.get(title) as Promise<ImageVariants>;
  };
  const covers = await mapLimit(drafts, workers, async (d, i) => putImageVariants(storage, 'products', await artFor(d, i)));
  const banners = await mapLimit(data.BANNERS, workers, async (b, i) => putImageVariants(storage, 'banners', await render('banners', bannerSvg(b.title, b.subtitle, colorFor(i + 3)))));
  const logo = await putImageVariants(storage, 'logos', await render('logos', logoSvg('হাট')));
  const pdfKeys = new Map<number, string>();
  for (const [i, d] of drafts.entries()) {
    if (!d.withPdf) continue;
    const key = `pdfs/demo-${i}.pdf`;
    await storage.put(key, samplePdf(d.english_title), 'application/pdf');
    pdfKeys.set(i, key);
  }

  await db.transaction().execute(async (trx) => {
    const created = iso(0);
    const categoryIds = new Map<string, number>();
    const addCategory = async (name: string, parent: string | null) => {
      const row = await trx
        .insertInto('categories')
        .values({ name, parent_id: parent ? (categoryIds.get(parent) ?? null) : null, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    };
    await addCategory(BOOKS_CATEGORY, null);
    for (const section of data.HOME_SECTIONS) {
      await addCategory(section.name, BOOKS_CATEGORY);
      for (const child of data.SECTION_CHILDREN[section.name] ?? []) await addCategory(child, section.name);
    }
    await addCategory(data.ELECTRONICS_CATEGORY, null);
    for (const child of data.ELECTRONICS_CHILDREN) await addCategory(child, data.ELECTRONICS_CATEGORY);
    await addCategory(data.STATIONERY_CATEGORY, null);
    for (const child of data.STATIONERY_CHILDREN) await addCategory(child, data.STATIONERY_CATEGORY);

    const people = (names: string[], what: string) =>
      names.map((name) => ({ name, description: `${name} — ${what}`, image: null, alt_text: name, created_at: created, updated_at: created }));
    const authorIds = (await trx.insertInto('authors').values(people(data.AUTHORS, 'লেখক')).returning('id').execute()).map((r) => r.id);
    const publisherIds = (await trx.insertInto('publishers').values(people(data.PUBLISHERS, 'প্রকাশনী')).returning('id').execute()).map((r) => r.id);

    const rows: NewProduct[] = drafts.map((d, i) => {
      const { categoryName, authorIndex, publisherIndex, byline: _byline, withPdf: _withPdf, ageMinutes, ...fields } = d;
      // Every row names every column: SQLite has no DEFAULT in multi-row VALUES.
      const blanks = { isbn: '', edition: '', language: '', country: '', total_page: null, model: '', brand: '', warranty: '', purchase_from: '' };
      return {
        ...blanks,
        ...fields,
        category_id: categoryIds.get(categoryName) ?? null,
        author_id: authorIndex === undefined ? null : (authorIds[authorIndex] ?? null),
        publisher_id: publisherIndex === undefined ? null : (publisherIds[publisherIndex] ?? null),
        image: covers[i] ?? null,
        alt_text: d.english_title,
        pdf: pdfKeys.get(i) ?? null,
        isbn_key: isbnKey(fields.isbn ?? ''),
        is_active: 1,
        created_at: iso(ageMinutes),
        updated_at: iso(ageMinutes),
      };
    });
    for (let i = 0; i < rows.length; i += 100) await trx.insertInto('products').values(rows.slice(i, i + 100)).execute();

    await trx
      .insertInto('banners')
      .values(data.BANNERS.map((b, i) => ({ image: banners[i] as string, alt_text: b.title, url: b.url, created_at: created })))
      .execute();
    await trx.insertInto('logos').values({ image: logo, alt_text: 'হাট', created_at: created }).execute();
    // One example coupon, so the back office's promotions screen shows how one looks; it changes
    // no price until a shopper types it.
    await trx
      .insertInto('promotions')
      .values({
        name: 'নতুন ক্রেতার ১০% ছাড় (Welcome 10 %)',
        kind: 'percentage',
        value: 10,
        buy_quantity: null,
        get_quantity: null,
        get_products: '[]',
        applies_to: '{}',
        min_subtotal: 500,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        per_customer_limit: 1,
        code: 'WELCOME10',
        is_active: 1,
        created_at: created,
        updated_at: created,
      })
      .execute();
  });
  return { products: drafts.length };
}
