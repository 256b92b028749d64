import { sql, type Kysely, type Migration } from 'kysely';
import { isbnKey } from '../../../domain/isbn';

/**
 * Finding a book by its ISBN (issue 36): products gain `isbn_key`, the ISBN-13 digits of the
 * printed `isbn` (domain/isbn.ts: hyphens and spaces out, an ISBN-10 as its ISBN-13), written by
 * the catalogue with every `isbn`; null when the product has no ISBN-shaped number. `?isbn=`,
 * the search box and the counter read one index entry instead of comparing every product's text.
 */
export function catalogIsbnMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('products').addColumn('isbn_key', 'text').execute();
      // Existing books: keyed here, in batches, with the one rule the catalogue writes with.
      let after = 0;
      for (;;) {
        const rows: { id: number; isbn: string }[] = await db.selectFrom('products').select(['id', 'isbn']).where('id', '>', after).where('isbn', '<>', '').orderBy('id').limit(1000).execute();
        if (!rows.length) break;
        for (const r of rows) {
          const key = isbnKey(r.isbn);
          if (key) await db.updateTable('products').set({ isbn_key: key }).where('id', '=', r.id).execute();
        }
        after = Number(rows[rows.length - 1]!.id);
      }
      await db.schema.createIndex('products_isbn_key').on('products').column('isbn_key').where(sql.ref('isbn_key'), 'is not', null).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('products_isbn_key').execute();
      await db.schema.alterTable('products').dropColumn('isbn_key').execute();
    },
  };
}
