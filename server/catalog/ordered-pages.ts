/**
 * List pages in a fixed order (newest, price, name, stock…): one query a page, its ids read from
 * the indexes alone, its SQL compiled once per filter, order and page.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rememberCompiled } from '../db/remembered-queries';
import type { Page } from '../http/pagination';
import { productConditions, type ProductFilter } from './product-filter';
import type { PageRowReader, PageRows } from './page-rows';
import type { ProductOrdering } from './api-product';
import type { SearchStrategy } from './search/strategy';

/** A list of at most this many categories is read one category at a time and merged (`pageIds`), for pages this deep at most. */
const MERGE_CATEGORIES = 16;
const MERGE_DEPTH = 1_000;
/** Compiled list pages kept (`orderedPage`): a few KB each. */
const COMPILED_PAGES = 500;

const ORDER_BY: Record<ProductOrdering, [column: 'updated_at' | 'units_stock' | 'regular_price' | 'english_title' | 'id', direction: 'asc' | 'desc']> = {
  '-updated_at': ['updated_at', 'desc'],
  '-units_stock': ['units_stock', 'desc'],
  regular_price: ['regular_price', 'asc'],
  '-regular_price': ['regular_price', 'desc'],
  name: ['english_title', 'asc'],
  '-id': ['id', 'desc'],
};

export function createOrderedPages(db: Kysely<DB>, search: SearchStrategy, { versionedPage, pageRows, checkedVersion }: PageRowReader) {
  const conditions = (eb: ExpressionBuilder<DB, 'products'>, f: ProductFilter) => productConditions(search, eb, f);

  /** The SQL of list pages in a fixed order, by filter, order and page (remembered-queries.ts). */
  const compiledPages = rememberCompiled(COMPILED_PAGES);
  /**
   * A page in a fixed order in one query (one round trip): the page's ids from the indexes alone
   * in a subquery (its OFFSET skips index entries, not rows), their rows and names around it,
   * and the content version beside them (the count is remembered under it).
   */
  async function orderedPage(f: ProductFilter, ordering: ProductOrdering, page: Page, assumed: number | undefined): Promise<PageRows> {
    const build = () => {
      const [column, direction] = ORDER_BY[ordering];
      let q = versionedPage.orderBy(`products.${column}`, direction);
      if (column !== 'id') q = q.orderBy('products.id', direction);
      // `IN`, not a join: joined after the name joins, SQLite read every product for each page
      // (49 ms a page at 100,000), where PostgreSQL saved 3–20 µs.
      return q.where('products.id', 'in', pageIds(f, column, direction, page));
    };
    // A filter with a search plan is built each time: its SQL depends on the plan, not only on the filter's values.
    const query = f.plan ? build().compile() : compiledPages(JSON.stringify([f, ordering, page.offset, page.size]), build);
    const rows = await pageRows((await db.executeQuery(query)).rows as { page_row: string }[]);
    return { rows, version: await checkedVersion(rows[0]?.catalog_version, assumed) };
  }

  /**
   * The ids of a page in a fixed order. On PostgreSQL a few categories (a section with its
   * sub-sections) are read one category at a time, each the first `offset + size` of its own
   * index (category, active, updated_at, id), and merged: one ordered index for all of them
   * visits the rows of every other section's products on the way.
   */
  function pageIds(f: ProductFilter, column: (typeof ORDER_BY)[ProductOrdering][0], direction: 'asc' | 'desc', page: Page) {
    const key = `products.${column}` as const;
    const inOrder = <Q extends { orderBy: (ref: 'products.id' | typeof key, d: 'asc' | 'desc') => Q }>(q: Q) =>
      column === 'id' ? q.orderBy('products.id', direction) : q.orderBy(key, direction).orderBy('products.id', direction);
    const categories = f.categoryIds ?? [];
    // PostgreSQL only: SQLite reads the rows the one index skips in-process about as fast (46 against
    // 55 µs for the benchmark's large section), and building the bigger query costs more than that.
    const merge = search.dialect === 'postgres' && categories.length > 1 && categories.length <= MERGE_CATEGORIES && page.offset + page.size <= MERGE_DEPTH && !f.plan;
    if (!merge) return inOrder(db.selectFrom('products').select('products.id').where((eb) => conditions(eb, f))).limit(page.size).offset(page.offset);
    const first = (id: number) =>
      db
        .selectFrom(
          inOrder(db.selectFrom('products').select(['products.id', sql<unknown>`${sql.ref(key)}`.as('sort_key')]).where((eb) => conditions(eb, { ...f, categoryIds: [id] })))
            .limit(page.offset + page.size)
            .as('b'),
        )
        .select(['b.id', 'b.sort_key']);
    const [head, ...rest] = categories.map(first);
    const merged = rest.reduce((all, next) => all.unionAll(next), head!);
    let ids = db.selectFrom(merged.as('m')).select('m.id');
    if (column !== 'id') ids = ids.orderBy('m.sort_key', direction);
    return ids.orderBy('m.id', direction).limit(page.size).offset(page.offset);
  }

  return orderedPage;
}
