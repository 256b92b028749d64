import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * SQLite: the full-text index (0102's FTS5 table `product_search`) keys each document by the
 * product's id negated, so its own order, ascending rowid, is newest first. A common word's
 * search reads its newest matches and stops (server/catalog/product-lists.ts `rankedRows`);
 * FTS5 streams matches in ascending rowid but loads every match of each trigram to go
 * backwards, which made that read two and a half times as slow. The documents are copied
 * from `product_search_docs` (the same text), so nothing is normalised again.
 *
 * PostgreSQL keeps `product_id` (a B-tree reads backwards as cheaply): nothing to do.
 */
export function searchNewestFirstMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      for (const statement of [
        `DROP TRIGGER product_search_delete`,
        `CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
           DELETE FROM product_search WHERE rowid = -old.id; END`,
        `DELETE FROM product_search`,
        `INSERT INTO product_search (rowid, doc) SELECT -product_id, doc FROM product_search_docs ORDER BY product_id DESC`,
      ])
        await sql.raw(statement).execute(db);
    },
  };
}
