/**
 * How a list page's rows are read: products with their category's, author's and publisher's
 * names joined in (never N+1), one packed text a row (server/db/packed-rows.ts), with the
 * catalogue's content version read beside them and checked against what a remembered read
 * (a search plan, the category tree) assumed.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { PLAN_WITH_VALUES } from '../db/database';
import { firstPackedValue, packedRow, unpackRow, type PackedColumn } from '../db/packed-rows';
import { PRODUCT_COLUMNS, PRODUCT_COLUMN_KINDS, productJoins, productQuery, type ProductRow } from './api-product';
import { CatalogChanged } from './search/plan';
import type { SearchStrategy } from './search/strategy';

/** A product row read with the catalogue's content version beside it. */
export type VersionedRow = ProductRow & { catalog_version: number | string };
/** A page's rows and the content version they were read at. */
export interface PageRows {
  rows: ProductRow[];
  version: number;
}

export function createPageRows(db: Kysely<DB>, search: SearchStrategy) {
  /**
   * Products with their category's, author's and publisher's names, joined (`productQuery`).
   * PostgreSQL plans the joins in about three times as long as scalar subqueries would take, but
   * a page is planned once per connection (PLAN_WITH_VALUES), and run, the joins cost a quarter
   * less (0.23 against 0.33 ms for a page of 20: each subquery scanned the small categories and
   * publishers tables once per row). Built once: Kysely's builders are immutable.
   */
  const namedProducts = productQuery(db);
  /**
   * A page's products with the content version they were read at (`checkedVersion`), read the
   * ordinary way: a row whose text held the packed rows' separator (`pageRows`).
   */
  const versionedRows = namedProducts.select(search.versionColumn().as('catalog_version'));
  /** A page's columns, packed into one text a row (server/db/packed-rows.ts). */
  const pageColumns: PackedColumn[] = [
    ...PRODUCT_COLUMNS.map((c) => ({ name: c, from: sql.ref(`products.${c}`), kind: PRODUCT_COLUMN_KINDS[c] })),
    { name: 'category_name', from: sql.ref('categories.name'), kind: 'text?' },
    { name: 'author_name', from: sql.ref('authors.name'), kind: 'text?' },
    { name: 'publisher_name', from: sql.ref('publishers.name'), kind: 'text?' },
    { name: 'catalog_version', from: search.versionColumn(), kind: 'int' },
  ];
  /**
   * A page's products with the content version they were read at (`checkedVersion`), one packed
   * text a row (the column `page_row`, read by `pageRows`). Both databases plan each page once
   * (PLAN_WITH_VALUES): planning it cost more than running it.
   */
  const versionedPage = productJoins(db).modifyFront(PLAN_WITH_VALUES).select(packedRow(search.dialect, pageColumns).as('page_row'));
  const unpack = unpackRow<VersionedRow>(search.dialect, pageColumns);
  /** A page's rows as objects, in order; a row whose text held the separator is read again the ordinary way. */
  async function pageRows(packed: { page_row: string }[]): Promise<VersionedRow[]> {
    const rows = packed.map((r) => unpack(r.page_row));
    if (!rows.includes(null)) return rows as VersionedRow[];
    const unsplit = packed.flatMap((r, i) => (rows[i] ? [] : [Number(firstPackedValue(r.page_row))]));
    const read = new Map(((await versionedRows.where('products.id', 'in', unsplit).execute()) as VersionedRow[]).map((r) => [r.id, r]));
    // A row removed in between is left out, as a page read a moment later would.
    return packed.flatMap((r, i) => rows[i] ?? read.get(Number(firstPackedValue(r.page_row))) ?? []);
  }

  /** The rows of these products, with names, in the order of the ids. */
  async function rowsInOrder(ids: number[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const rows = (await namedProducts.where('products.id', 'in', ids).execute()) as ProductRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The content version a page was read at: the one its query read beside its rows, or (an
   * empty page) read now. Another version than `assumed` (what a remembered plan or category
   * tree was made at) throws CatalogChanged.
   */
  async function checkedVersion(read: number | string | undefined, assumed: number | undefined): Promise<number> {
    const version = read === undefined ? await search.version() : Number(read);
    if (assumed !== undefined && version !== assumed) throw new CatalogChanged();
    return version;
  }

  return { namedProducts, versionedPage, pageRows, rowsInOrder, checkedVersion };
}

export type PageRowReader = ReturnType<typeof createPageRows>;
