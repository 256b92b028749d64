/**
 * The catalogue benchmark's scratch shop: a category tree of twelve book sections (one of them
 * holding a quarter of all books), 400 authors, 60 publishers and any number of products with
 * English and Bengali titles — the same rows on every run — written through Kysely in batches.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, ProductTable, ProductType } from '../../server/db/schema';

const SECTIONS = ['স্কুল-কলেজ', 'প্রোগ্রামিং-ফ্রিল্যান্সিং', 'ইসলামিক', 'গল্প-উপন্যাস-কবিতা', 'বিসিএস-ব্যাংক', 'কম্পিটিটিভ-এক্সাম', 'মেডিকেল-নার্সিং', 'ইঞ্জিনিয়ারিং', 'আইন', 'বিবিএ-এমবিএ', 'ডিপার্টমেন্টাল', 'ইংলিশ-মিডিয়াম'];
/** The section that gets a quarter of all books: the "large section" of the benchmark. */
export const LARGE_SECTION = 'গল্প-উপন্যাস-কবিতা';
const SUBSECTIONS = ['প্রথম', 'দ্বিতীয়', 'তৃতীয়'];
const BOOKS = 'বই';
const ELECTRONICS = 'ইলেক্ট্রনিক্স';
const STATIONERY = 'স্টেশনারি';
const EN = ['Guide', 'Math', 'Physics', 'History', 'Story', 'River', 'Rain', 'Poems', 'Notes', 'Handbook', 'Basics', 'Advanced', 'Complete', 'Practice', 'Bangla', 'English', 'Science', 'Modern', 'Village', 'Evening'];
const BN = ['গাইড', 'গণিত', 'পদার্থবিজ্ঞান', 'ইতিহাস', 'গল্প', 'নদী', 'বৃষ্টি', 'কবিতা', 'নোট', 'হ্যান্ডবুক', 'সহজ', 'উচ্চতর', 'সম্পূর্ণ', 'অনুশীলন', 'বাংলা', 'ইংরেজি', 'বিজ্ঞান', 'আধুনিক', 'গ্রামের', 'সন্ধ্যার'];
/** Words of the titles that the search measurements look for. */
export const ENGLISH_WORD = 'guide';
export const BENGALI_WORD = 'গণিত';
/** The catalogue's most common word: in every author's name, so in 80 % of the products' documents. */
export const COMMON_WORD = 'লেখক';
/** গণিত typed in Latin letters, and physics misspelt: found through readings and typos. */
export const LATIN_WORD = 'ganit';
export const MISSPELT_WORD = 'phisics';
/** What a shopper has typed so far when the header box asks for suggestions. */
export const SUGGEST_PREFIX = 'গণি';

/** Rows per INSERT: 11 columns × 1,000 stays under both databases' limit on bound parameters. */
const BATCH = 1_000;

/** A category and its parent, by name (names are unique in the scratch shop). */
export interface ShopCategory {
  name: string;
  parent: string | null;
}

/** A product row whose category, author and publisher are still names. */
export interface ShopProduct extends Omit<Insertable<ProductTable>, 'category_id' | 'author_id' | 'publisher_id' | 'created_at'> {
  category: string;
  author: string | null;
  publisher: string | null;
  updated_at: string;
}

export interface Shop {
  categories: ShopCategory[];
  authors: string[];
  publishers: string[];
  products: ShopProduct[];
}

/** A small seeded generator (mulberry32), so the shop is the same on every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The scratch shop with `count` products: 80 % books, 10 % electronics, 10 % stationery; 97 % shown in the shop. */
export function makeShop(count: number): Shop {
  const categories: ShopCategory[] = [{ name: BOOKS, parent: null }];
  const sectionCategories = new Map<string, string[]>();
  for (const section of SECTIONS) {
    const subs = SUBSECTIONS.map((sub) => `${section} ${sub}`);
    categories.push({ name: section, parent: BOOKS }, ...subs.map((name) => ({ name, parent: section })));
    sectionCategories.set(section, [section, ...subs]);
  }
  categories.push({ name: ELECTRONICS, parent: null }, { name: STATIONERY, parent: null });
  const authors = Array.from({ length: 400 }, (_, i) => `Author ${i + 1} লেখক`);
  const publishers = Array.from({ length: 60 }, (_, i) => `Publisher ${i + 1} প্রকাশনী`);

  const rand = prng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const start = Date.UTC(2024, 0, 1);
  const products: ShopProduct[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    const type: ProductType = r < 0.8 ? 'books' : r < 0.9 ? 'electronics' : 'stationary';
    let category = type === 'electronics' ? ELECTRONICS : STATIONERY;
    if (type === 'books') category = pick(sectionCategories.get(rand() < 0.25 ? LARGE_SECTION : pick(SECTIONS))!);
    const words = [0, 1, 2].map(() => Math.floor(rand() * EN.length));
    products.push({
      type,
      updated_at: new Date(start + Math.floor(rand() * 3e10)).toISOString(),
      english_title: `${words.map((k) => EN[k]).join(' ')} ${i + 1}`,
      bangla_title: `${words.map((k) => BN[k]).join(' ')} ${i + 1}`,
      category,
      author: type === 'books' ? pick(authors) : null,
      publisher: type === 'books' ? pick(publishers) : null,
      regular_price: 100 + Math.floor(rand() * 1900),
      units_stock: Math.floor(rand() * 200),
      is_active: rand() < 0.97 ? 1 : 0,
    });
  }
  return { categories, authors, publishers, products };
}

/** Writes the shop into an empty, migrated database and refreshes the planner's statistics. */
export async function fillShop(db: Kysely<DB>, shop: Shop): Promise<void> {
  const now = new Date().toISOString();
  const categoryIds = new Map<string, number>();
  // One by one, in order: a parent comes before its children, so its id is known.
  for (const c of shop.categories) {
    const parent_id = c.parent === null ? null : categoryIds.get(c.parent)!;
    const row = await db.insertInto('categories').values({ name: c.name, parent_id, created_at: now }).returning('id').executeTakeFirstOrThrow();
    categoryIds.set(c.name, row.id);
  }
  const people = { authors: new Map<string, number>(), publishers: new Map<string, number>() };
  for (const table of ['authors', 'publishers'] as const) {
    const rows = await db
      .insertInto(table)
      .values(shop[table].map((name) => ({ name, description: '', alt_text: '', created_at: now, updated_at: now })))
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) people[table].set(row.name, row.id);
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < shop.products.length; i += BATCH) {
      const rows = shop.products.slice(i, i + BATCH).map(({ category, author, publisher, ...p }) => ({
        ...p,
        category_id: categoryIds.get(category)!,
        author_id: author === null ? null : people.authors.get(author)!,
        publisher_id: publisher === null ? null : people.publishers.get(publisher)!,
        created_at: p.updated_at,
      }));
      await trx.insertInto('products').values(rows).execute();
    }
  });
  await sql`analyze`.execute(db);
}
