/**
 * The catalogue as CSV (`GET /api/product/export.csv`): every product matching the admin list's
 * filters, read by id in pages of EXPORT_PAGE (keyset, never OFFSET) and written through
 * csv-stringify as they come, so memory stays flat whatever the catalogue's size. UTF-8 with a
 * BOM: Excel otherwise reads Bengali as Latin-1. Text that would run as a formula is neutralised.
 */
import { Readable, pipeline } from 'node:stream';
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { PRODUCT_TYPES } from '../../domain/catalog';
import { CSV_COLUMNS, type CsvColumn } from '../../domain/catalog-import';
import { flagSchema, idSchema, searchTerm } from '../../domain/queries';
import { neutraliseRow } from '../../domain/spreadsheet-cells';
import { productDetails, productQuery, type ProductRow } from './api-product';
import { productConditions } from './product-filter';
import type { SearchStrategy } from './search/strategy';

/** Products read per query. */
export const EXPORT_PAGE = 1000;

/** The admin product list's filters (routes.ts `productListQuery`), without its page and ordering. */
export const exportQuery = z.object({
  type: z.enum(PRODUCT_TYPES, { message: `type must be one of ${PRODUCT_TYPES.join(', ')}.` }).optional(),
  category: idSchema.optional(),
  author: idSchema.optional(),
  publisher: idSchema.optional(),
  is_active: flagSchema.optional(),
  search: searchTerm.optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/**
 * One product as a CSV row. Text cells a spreadsheet would run as a formula get a quote before
 * them (domain/spreadsheet-cells.ts; the import takes it off again); numbers are written as numbers.
 */
function csvRow(row: ProductRow, storage: FileStorage): Record<CsvColumn, string | number | null> {
  return neutraliseRow({
    id: row.id,
    type: row.type,
    english_title: row.english_title,
    bangla_title: row.bangla_title,
    description: row.description,
    category_name: row.category_name,
    author_name: row.author_name,
    publisher_name: row.publisher_name,
    ...productDetails(row),
    purchase_from: row.purchase_from,
    purchase_price: row.purchase_price,
    regular_price: row.regular_price,
    discount_price: row.discount_price,
    units_stock: row.units_stock,
    units_sold: row.units_sold,
    is_active: row.is_active === 1 ? 'true' : 'false',
    alt_text: row.alt_text,
    image: imageUrls(storage, row.image)?.detail ?? '',
  });
}

export function createBulkExport(db: Kysely<DB>, storage: FileStorage, search: SearchStrategy, hooks: { onPage?: (() => void) | undefined } = {}) {
  async function* rows(q: ExportQuery) {
    const plan = q.search?.trim() ? await search.plan(q.search) : undefined;
    // A term of nothing but punctuation searches for nothing, as on the list.
    if (plan === null) return;
    const filter = {
      type: q.type,
      categoryIds: q.category === undefined ? undefined : [q.category],
      authorIds: q.author === undefined ? undefined : [q.author],
      publisherIds: q.publisher === undefined ? undefined : [q.publisher],
      active: q.is_active,
      plan,
    };
    let after = 0;
    for (;;) {
      const page = (await productQuery(db)
        .where((eb) => eb.and([productConditions(search, eb, filter), eb('products.id', '>', after)]))
        .orderBy('products.id')
        .limit(EXPORT_PAGE)
        .execute()) as ProductRow[];
      hooks.onPage?.();
      for (const row of page) yield csvRow(row, storage);
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }

  return {
    /** The CSV as a stream; a database error mid-way ends it (the download is cut short, never silently complete). */
    exportCsv(q: ExportQuery): Readable {
      const csv = stringify({ bom: true, header: true, columns: [...CSV_COLUMNS] });
      return pipeline(Readable.from(rows(q)), csv, () => {});
    },
  };
}
