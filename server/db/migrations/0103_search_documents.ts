import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { rawMigration } from './raw-statements';

/**
 * Search documents written by the catalogue in JavaScript instead of by SQL triggers: the
 * normalised form (domain/search-text.ts: Bengali spelling folds, Bengali digits, accents) cannot
 * be written in SQL, so migration 0102's triggers stop writing documents and start queueing the
 * products whose document changed; the catalogue (server/catalog/search-documents.ts) drains the
 * queue before every search, so every writer (admin forms, the demo seed, a bulk import, a raw
 * UPDATE) is covered without knowing about it.
 *
 * - `product_search_queue`: ids of products whose document is stale (a growing sequence, so a
 *   product queued again while a drain runs is never lost). Filled by triggers on products
 *   (insert, update of a searched column) and on author, publisher and category names (all
 *   their products).
 * - `product_search` (0102's index: SQLite FTS5 trigram, PostgreSQL pg_trgm GIN) now holds the
 *   normalised document; `product_search_docs` the normalised titles and their lengths in words,
 *   for ranking; `product_search_vocab` the distinct words of all documents (and each reversed),
 *   where a misspelt word finds the words one edit away by prefix and suffix.
 *
 * Existing databases are backfilled by queueing every product here: the migration stays frozen
 * SQL (it cannot import the normaliser, which may still change; a change to it would queue every
 * product again in a later migration), and the first search after start-up writes the documents.
 */
const SEARCHED_PRODUCT_COLUMNS = 'english_title, bangla_title, author_id, publisher_id, category_id, brand, model';
const NAMED = [
  ['authors', 'author_id'],
  ['publishers', 'publisher_id'],
  ['categories', 'category_id'],
] as const;

export function searchDocumentsMigration(dialect: DialectName): Migration {
  return rawMigration(dialect, {
    sqlite: () => [
      `DROP TRIGGER product_search_insert`,
      `DROP TRIGGER product_search_update`,
      ...NAMED.map(([table]) => `DROP TRIGGER product_search_${table}_name`),
      `DELETE FROM product_search`,
      `CREATE TABLE product_search_queue (seq INTEGER PRIMARY KEY AUTOINCREMENT, product_id INTEGER NOT NULL)`,
      `CREATE TABLE product_search_docs (product_id INTEGER PRIMARY KEY, en TEXT NOT NULL, bn TEXT NOT NULL, doc TEXT NOT NULL, en_words INTEGER NOT NULL, bn_words INTEGER NOT NULL)`,
      `CREATE TABLE product_search_vocab (word TEXT PRIMARY KEY, rword TEXT NOT NULL)`,
      `CREATE INDEX product_search_vocab_rword ON product_search_vocab (rword)`,
      `CREATE TRIGGER product_search_queue_insert AFTER INSERT ON products BEGIN
             INSERT INTO product_search_queue (product_id) VALUES (new.id); END`,
      `CREATE TRIGGER product_search_queue_update AFTER UPDATE OF ${SEARCHED_PRODUCT_COLUMNS} ON products BEGIN
             INSERT INTO product_search_queue (product_id) VALUES (new.id); END`,
      `CREATE TRIGGER product_search_docs_delete AFTER DELETE ON products BEGIN
             DELETE FROM product_search_docs WHERE product_id = old.id; END`,
      ...NAMED.map(
        ([table, col]) => `CREATE TRIGGER product_search_queue_${table}_name AFTER UPDATE OF name ON ${table} BEGIN
               INSERT INTO product_search_queue (product_id) SELECT id FROM products WHERE ${col} = new.id; END`,
      ),
      `INSERT INTO product_search_queue (product_id) SELECT id FROM products ORDER BY id`,
    ],
    postgres: () => [
      `DROP TRIGGER product_search_insert ON products`,
      `DROP TRIGGER product_search_update ON products`,
      ...NAMED.map(([table]) => `DROP TRIGGER product_search_${table}_name ON ${table}`),
      `DROP FUNCTION haat_product_search_sync()`,
      `DROP FUNCTION haat_product_search_names()`,
      `DROP FUNCTION haat_product_search_doc(integer)`,
      `DELETE FROM product_search`,
      `CREATE TABLE product_search_queue (seq bigserial PRIMARY KEY, product_id integer NOT NULL)`,
      `CREATE TABLE product_search_docs (product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE, en text NOT NULL, bn text NOT NULL, doc text NOT NULL, en_words integer NOT NULL, bn_words integer NOT NULL)`,
      // Byte order ("C"), as SQLite compares: the prefix ranges of the typo search need it.
      `CREATE TABLE product_search_vocab (word text COLLATE "C" PRIMARY KEY, rword text COLLATE "C" NOT NULL)`,
      `CREATE INDEX product_search_vocab_rword ON product_search_vocab (rword)`,
      `CREATE FUNCTION haat_product_search_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_TABLE_NAME = 'products' THEN
             INSERT INTO product_search_queue (product_id) VALUES (NEW.id);
           ELSIF TG_TABLE_NAME = 'authors' THEN
             INSERT INTO product_search_queue (product_id) SELECT id FROM products WHERE author_id = NEW.id;
           ELSIF TG_TABLE_NAME = 'publishers' THEN
             INSERT INTO product_search_queue (product_id) SELECT id FROM products WHERE publisher_id = NEW.id;
           ELSE
             INSERT INTO product_search_queue (product_id) SELECT id FROM products WHERE category_id = NEW.id;
           END IF;
           RETURN NULL;
         END $$`,
      `CREATE TRIGGER product_search_queue_insert AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION haat_product_search_enqueue()`,
      `CREATE TRIGGER product_search_queue_update AFTER UPDATE OF ${SEARCHED_PRODUCT_COLUMNS} ON products FOR EACH ROW EXECUTE FUNCTION haat_product_search_enqueue()`,
      ...NAMED.map(
        ([table]) => `CREATE TRIGGER product_search_queue_${table}_name AFTER UPDATE OF name ON ${table} FOR EACH ROW EXECUTE FUNCTION haat_product_search_enqueue()`,
      ),
      `INSERT INTO product_search_queue (product_id) SELECT id FROM products ORDER BY id`,
    ],
  });
}
