/**
 * Catalogue reads. The catalogue module owns products, categories, authors, publishers,
 * banners and logos. Every product list is one page query (names joined in, never N+1) plus
 * one count, and the count is remembered until the catalogue changes (see search.ts).
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import type { DialectName } from '../db/database';
import type { FileStorage } from '../media/storage';
import type { Page } from '../http/pagination';
import { imageUrls } from '../media/images';
import { toApiPerson, toApiProduct, type ApiPerson, type ApiProduct, type ProductRow } from './serialize';
import { createSearchStrategy, searchWords } from './search';
import { HOME_SECTIONS } from '../../domain/catalog';

export const PRODUCT_ORDERINGS = ['-updated_at', '-units_stock', 'regular_price', '-regular_price', 'name', '-id'] as const;
export type ProductOrdering = (typeof PRODUCT_ORDERINGS)[number];
export const PERSON_ORDERINGS = ['name', '-name', 'id', '-id'] as const;
export type PersonOrdering = (typeof PERSON_ORDERINGS)[number];

/** The catalogue routes answer a plain array without `?page=`; it is capped so no answer is the whole table. */
export const PLAIN_LIST_LIMIT = 500;
const PLAIN_PAGE: Page = { page: 1, size: PLAIN_LIST_LIMIT, offset: 0 };
/** How many results the header search box shows. */
export const HEADER_SEARCH_LIMIT = 20;

export interface ProductListQuery {
  type?: ProductType | undefined;
  category?: number | undefined;
  author?: number | undefined;
  publisher?: number | undefined;
  is_active?: boolean | undefined;
  search?: string | undefined;
  ordering?: ProductOrdering | undefined;
}

export interface ApiCategory {
  id: number;
  name: string;
  parent: number | null;
  parent_name: string | null;
  children_count: number;
  children?: ApiCategory[];
}

export interface Listed<T> {
  count: number;
  results: T[];
}

export function productQuery(db: Kysely<DB>) {
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('authors', 'authors.id', 'products.author_id')
    .leftJoin('publishers', 'publishers.id', 'products.publisher_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'authors.name as author_name', 'publishers.name as publisher_name']);
}

/** What narrows a product list; `active: undefined` means active and inactive (admins only). */
interface ProductFilter {
  type?: ProductType | undefined;
  categoryIds?: number[] | undefined;
  authorIds?: number[] | undefined;
  publisherIds?: number[] | undefined;
  active?: boolean | undefined;
  words?: string[] | undefined;
}

type ProductsEb = ExpressionBuilder<DB, 'products'>;

export function createCatalogService(db: Kysely<DB>, storage: FileStorage, dialect?: DialectName) {
  const search = createSearchStrategy(db, dialect);

  /** Ids of a category and all its descendants. */
  async function descendantIds(categoryId: number): Promise<number[]> {
    const rows = await db
      .withRecursive('tree(id)', (qb) =>
        qb
          .selectFrom('categories')
          .select('id')
          .where('id', '=', categoryId)
          .unionAll((q) => q.selectFrom('categories').innerJoin('tree', 'tree.id', 'categories.parent_id').select('categories.id')),
      )
      .selectFrom('tree')
      .select('id')
      .execute();
    return rows.map((r) => r.id);
  }

  function conditions(eb: ProductsEb, f: ProductFilter): Expression<SqlBool> {
    const list: Expression<SqlBool>[] = [];
    if (f.type) list.push(eb('products.type', '=', f.type));
    if (f.active !== undefined) list.push(eb('products.is_active', '=', f.active ? 1 : 0));
    if (f.categoryIds) list.push(f.categoryIds.length ? eb('products.category_id', 'in', f.categoryIds) : eb.lit(false));
    if (f.authorIds) list.push(f.authorIds.length === 1 ? eb('products.author_id', '=', f.authorIds[0]!) : eb('products.author_id', 'in', f.authorIds));
    if (f.publisherIds) list.push(f.publisherIds.length === 1 ? eb('products.publisher_id', '=', f.publisherIds[0]!) : eb('products.publisher_id', 'in', f.publisherIds));
    if (f.words?.length) list.push(search.matches(f.words));
    return eb.and(list);
  }

  // Counts of big lists cost a scan of an index; they only change when the catalogue does.
  const counts = new Map<string, number>();
  let countsVersion = -1;
  async function countProducts(f: ProductFilter): Promise<number> {
    const version = await search.version();
    if (version !== countsVersion) {
      counts.clear();
      countsVersion = version;
    }
    const key = JSON.stringify(f);
    const known = counts.get(key);
    if (known !== undefined) return known;
    const row = await db
      .selectFrom('products')
      .where((eb) => conditions(eb, f))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (counts.size > 5000) counts.clear();
    counts.set(key, n);
    return n;
  }

  /**
   * One page in two fixed queries: the page's ids from the indexes alone (an OFFSET then skips
   * index entries, not joined rows), then those rows with their names joined in.
   */
  async function pageOfProducts(f: ProductFilter, ordering: ProductOrdering | 'rank', page: Page, term?: string, admin = false): Promise<ApiProduct[]> {
    let q = db.selectFrom('products').select('products.id').where((eb) => conditions(eb, f));
    switch (ordering) {
      case 'rank':
        q = q.orderBy(search.rank(term ?? '')).orderBy('products.id', 'desc');
        break;
      case '-updated_at':
        q = q.orderBy('products.updated_at', 'desc').orderBy('products.id', 'desc');
        break;
      case '-units_stock':
        q = q.orderBy('products.units_stock', 'desc').orderBy('products.id', 'desc');
        break;
      case 'regular_price':
        q = q.orderBy('products.regular_price', 'asc').orderBy('products.id', 'asc');
        break;
      case '-regular_price':
        q = q.orderBy('products.regular_price', 'desc').orderBy('products.id', 'desc');
        break;
      case 'name':
        q = q.orderBy('products.english_title', 'asc').orderBy('products.id', 'asc');
        break;
      case '-id':
        q = q.orderBy('products.id', 'desc');
        break;
    }
    const ids = (await q.limit(page.size).offset(page.offset).execute()).map((r) => r.id);
    if (!ids.length) return [];
    const rows = (await productQuery(db).where('products.id', 'in', ids).execute()) as ProductRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toApiProduct(row, storage, { admin })] : [];
    });
  }

  async function listFiltered(f: ProductFilter, ordering: ProductOrdering | undefined, fallback: ProductOrdering, page: Page, term?: string, admin = false): Promise<Listed<ApiProduct>> {
    // A term of nothing but wildcards or spaces searches for nothing rather than everything.
    if (term?.trim() && !f.words?.length) return { count: 0, results: [] };
    const order = ordering ?? (f.words?.length ? 'rank' : fallback);
    const [count, results] = await Promise.all([countProducts(f), pageOfProducts(f, order, page, term, admin)]);
    return { count, results };
  }

  // Categories are few (hundreds at most): one read of (id, name, parent_id) builds every tree.
  async function allCategories() {
    return db.selectFrom('categories').select(['id', 'name', 'parent_id']).orderBy('id').execute();
  }
  type CategoryRow = Awaited<ReturnType<typeof allCategories>>[number];

  function categoryIndex(rows: CategoryRow[]) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const children = new Map<number, CategoryRow[]>();
    for (const r of rows) if (r.parent_id !== null) (children.get(r.parent_id) ?? children.set(r.parent_id, []).get(r.parent_id)!).push(r);
    const flat = (r: CategoryRow): ApiCategory => ({
      id: r.id,
      name: r.name,
      parent: r.parent_id,
      parent_name: r.parent_id === null ? null : (byId.get(r.parent_id)?.name ?? null),
      children_count: children.get(r.id)?.length ?? 0,
    });
    const tree = (r: CategoryRow, seen = new Set<number>()): ApiCategory => {
      seen.add(r.id);
      return { ...flat(r), children: (children.get(r.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => tree(c, seen)) };
    };
    return { byId, flat, tree };
  }

  async function categoriesNamed(name: string) {
    return db.selectFrom('categories').select(['id', 'name', 'parent_id']).where('name', '=', name).orderBy('id').execute();
  }

  async function toCategory(row: CategoryRow): Promise<ApiCategory> {
    const [parent, kids] = await Promise.all([
      row.parent_id === null ? undefined : db.selectFrom('categories').select('name').where('id', '=', row.parent_id).executeTakeFirst(),
      db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', row.id).executeTakeFirstOrThrow(),
    ]);
    return { id: row.id, name: row.name, parent: row.parent_id, parent_name: parent?.name ?? null, children_count: Number(kids.n) };
  }

  function personService(table: 'authors' | 'publishers') {
    return {
      async list(q: { search?: string | undefined; ordering?: PersonOrdering | undefined }, page: Page): Promise<Listed<ApiPerson>> {
        const words = searchWords(q.search);
        const where = (eb: ExpressionBuilder<DB, 'authors' | 'publishers'>) => eb.and(words.map((w) => search.like(`${table}.name`, `%${w}%`)));
        let rows = db.selectFrom(table).selectAll().where(where);
        const ordering = q.ordering ?? 'id';
        const dir = ordering.startsWith('-') ? 'desc' : 'asc';
        rows = ordering.endsWith('name') ? rows.orderBy('name', dir).orderBy('id', dir) : rows.orderBy('id', dir);
        const [count, results] = await Promise.all([
          db.selectFrom(table).where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
          rows.limit(page.size).offset(page.offset).execute(),
        ]);
        return { count: Number(count.n), results: results.map((r) => toApiPerson(r, storage)) };
      },
      async get(id: number): Promise<ApiPerson | null> {
        const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
        return row ? toApiPerson(row, storage) : null;
      },
      async named(name: string) {
        return db.selectFrom(table).selectAll().where('name', '=', name).orderBy('id').execute();
      },
    };
  }
  const authors = personService('authors');
  const publishers = personService('publishers');

  return {
    descendantIds,
    /** The change counter of the catalogue: equal counters mean equal answers. */
    version: () => search.version(),

    async listProducts(q: ProductListQuery, page: Page, opts: { admin?: boolean } = {}): Promise<Listed<ApiProduct>> {
      const admin = !!opts.admin;
      const f: ProductFilter = {
        type: q.type,
        categoryIds: q.category === undefined ? undefined : [q.category],
        authorIds: q.author === undefined ? undefined : [q.author],
        publisherIds: q.publisher === undefined ? undefined : [q.publisher],
        // Shoppers never see inactive products, whatever they ask for.
        active: admin ? q.is_active : true,
        words: searchWords(q.search),
      };
      if (!admin && q.is_active === false) return { count: 0, results: [] };
      return listFiltered(f, q.ordering, '-id', page, q.search, admin);
    },

    async getProduct(id: number, opts: { admin?: boolean } = {}): Promise<ApiProduct | null> {
      const row = (await productQuery(db).where('products.id', '=', id).executeTakeFirst()) as ProductRow | undefined;
      if (!row || (!opts.admin && row.is_active !== 1)) return null;
      return toApiProduct(row, storage, { admin: !!opts.admin });
    },

    async productsOfType(type: ProductType, o: { search?: string | undefined; ordering?: ProductOrdering | undefined; page?: Page | undefined } = {}, opts: { admin?: boolean } = {}) {
      const f: ProductFilter = { type, active: true, words: searchWords(o.search) };
      return listFiltered(f, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, o.search, !!opts.admin);
    },

    async productsOfCategory(
      name: string,
      o: { descendants: boolean; ordering?: ProductOrdering | undefined; page?: Page | undefined; author?: number | undefined; publisher?: number | undefined },
      opts: { admin?: boolean } = {},
    ) {
      const named = await categoriesNamed(name);
      const first = named[0];
      if (!first) return null;
      const ids = o.descendants ? [...new Set((await Promise.all(named.map((c) => descendantIds(c.id)))).flat())] : named.map((c) => c.id);
      const f: ProductFilter = { categoryIds: ids.sort((a, b) => a - b), active: true,
        authorIds: o.author === undefined ? undefined : [o.author],
        publisherIds: o.publisher === undefined ? undefined : [o.publisher],
      };
      const [category, list] = await Promise.all([toCategory(first), listFiltered(f, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, undefined, !!opts.admin)]);
      return { category, ...list };
    },

    async productsOfAuthor(name: string, o: { ordering?: ProductOrdering | undefined; page?: Page | undefined } = {}, opts: { admin?: boolean } = {}) {
      const named = await authors.named(name);
      const first = named[0];
      if (!first) return null;
      const f: ProductFilter = { active: true, authorIds: named.map((a) => a.id) };
      const list = await listFiltered(f, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, undefined, !!opts.admin);
      return { author: toApiPerson(first, storage), ...list };
    },

    async productsOfPublisher(name: string, o: { ordering?: ProductOrdering | undefined; page?: Page | undefined } = {}, opts: { admin?: boolean } = {}) {
      const named = await publishers.named(name);
      const first = named[0];
      if (!first) return null;
      const list = await listFiltered({ active: true, publisherIds: named.map((p) => p.id) }, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, undefined, !!opts.admin);
      return { publisher: toApiPerson(first, storage), ...list };
    },

    /** The header search box: ranked (a title starting with the term first), at most `limit`. */
    async searchProducts(term: string, limit = HEADER_SEARCH_LIMIT, opts: { admin?: boolean } = {}): Promise<ApiProduct[]> {
      const words = searchWords(term);
      if (!words.length) return [];
      const page: Page = { page: 1, size: Math.min(Math.max(limit, 1), 100), offset: 0 };
      return pageOfProducts({ active: opts.admin ? undefined : true, words }, 'rank', page, term, !!opts.admin);
    },

    listAuthors: authors.list,
    getAuthor: authors.get,
    listPublishers: publishers.list,
    getPublisher: publishers.get,

    /** Full list (flat); with `name`, those categories with nested children; with `search`, matching categories with nested children. */
    async listCategories(q: { search?: string | undefined; name?: string | undefined }, page?: Page): Promise<Listed<ApiCategory>> {
      const rows = await allCategories();
      const index = categoryIndex(rows);
      let results: ApiCategory[];
      if (q.name !== undefined) {
        results = rows.filter((r) => r.name === q.name).map((r) => index.tree(r));
      } else if (q.search !== undefined) {
        const words = searchWords(q.search).map((w) => w.toLowerCase());
        results = rows.filter((r) => words.every((w) => r.name.toLowerCase().includes(w))).map((r) => index.tree(r));
      } else {
        results = rows.map((r) => index.flat(r));
      }
      const count = results.length;
      return { count, results: page ? results.slice(page.offset, page.offset + page.size) : results };
    },

    async getCategory(id: number): Promise<ApiCategory | null> {
      const row = await db.selectFrom('categories').select(['id', 'name', 'parent_id']).where('id', '=', id).executeTakeFirst();
      return row ? toCategory(row) : null;
    },

    async categoryTree(name: string): Promise<ApiCategory | null> {
      const rows = await allCategories();
      const first = rows.find((r) => r.name === name);
      return first ? categoryIndex(rows).tree(first) : null;
    },

    async listBanners() {
      const rows = await db.selectFrom('banners').selectAll().orderBy('id').execute();
      return rows.map((b) => {
        const images = imageUrls(storage, b.image);
        return { id: b.id, image: images?.detail ?? null, images, alt_text: b.alt_text, url: b.url };
      });
    },

    async listLogos() {
      const rows = await db.selectFrom('logos').selectAll().orderBy('id').execute();
      return rows.map((l) => {
        const images = imageUrls(storage, l.image);
        return { id: l.id, image: images?.card ?? null, images, alt_text: l.alt_text };
      });
    },

    /** Everything the home page shows, in a fixed number of queries. */
    async home(perSection = 12) {
      const sections = await db.selectFrom('categories').select(['id', 'name']).where('name', 'in', HOME_SECTIONS.map((s) => s.name)).execute();
      const books = await Promise.all(
        sections.map(async (s) => {
          const ids = await descendantIds(s.id);
          const rows = (await productQuery(db)
            .where('products.category_id', 'in', ids)
            .where('products.is_active', '=', 1)
            .orderBy('products.updated_at', 'desc')
            .orderBy('products.id', 'desc')
            .limit(perSection)
            .execute()) as ProductRow[];
          return { id: s.id, name: s.name, products: rows.map((r) => toApiProduct(r, storage)) };
        }),
      );
      const ordered = HOME_SECTIONS.flatMap((section) => books.filter((b) => b.name === section.name).map((b) => ({ ...b, slug: section.slug })));
      const [authorRows, publisherRows, banners] = await Promise.all([
        db.selectFrom('authors').selectAll().orderBy('id').limit(6).execute(),
        db.selectFrom('publishers').selectAll().orderBy('id').limit(6).execute(),
        db.selectFrom('banners').selectAll().orderBy('id').execute(),
      ]);
      return {
        sections: ordered,
        authors: authorRows.map((a) => toApiPerson(a, storage)),
        publishers: publisherRows.map((p) => toApiPerson(p, storage)),
        banners: banners.map((b) => ({ id: b.id, image: imageUrls(storage, b.image)?.detail ?? null, images: imageUrls(storage, b.image), alt_text: b.alt_text, url: b.url })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
