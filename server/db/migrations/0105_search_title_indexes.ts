import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Indexes on the normalised titles of the search documents (0103), so a search for a common
 * word finds the products whose title is the term or starts with it without reading every
 * match (server/catalog/product-lists.ts, `rankedIds`). PostgreSQL compares them in byte order
 * ("C"), as SQLite does, so a prefix is one range of the index whatever the database's collation.
 */
export function searchTitleIndexesMigration(dialect: DialectName): Migration {
  const collate = dialect === 'postgres' ? ' COLLATE "C"' : '';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql.raw(`CREATE INDEX product_search_docs_en ON product_search_docs (en${collate}, product_id)`).execute(db);
      await sql.raw(`CREATE INDEX product_search_docs_bn ON product_search_docs (bn${collate}, product_id)`).execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await sql.raw('DROP INDEX product_search_docs_en').execute(db);
      await sql.raw('DROP INDEX product_search_docs_bn').execute(db);
    },
  };
}
