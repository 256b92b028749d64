import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { rawMigration } from './raw-statements';

/**
 * The catalogue's search table and change counter, kept in sync by triggers so that every
 * writer (admin forms, checkout, the demo seed, a bulk import) keeps them right without
 * knowing about them.
 *
 * - Search document per product: English and Bengali titles, author, publisher, category,
 *   brand and model. SQLite: an FTS5 table with the trigram tokenizer (its index also serves
 *   `LIKE '%…%'` for terms of 3+ characters). PostgreSQL: a table with a pg_trgm GIN index
 *   (serves `ILIKE '%…%'`). Queries live in server/catalog/search.ts.
 * - Change counter: bumped by any change to products, categories, authors, publishers,
 *   banners or logos; cached catalogue answers and their ETags are keyed by it.
 *   SQLite has one writer, so a counter row updated in the writing transaction is exact.
 *   PostgreSQL uses a sequence bumped by deferred triggers (at commit, never blocking
 *   concurrent checkouts the way a hot counter row would).
 */
const CATALOG_TABLES = ['products', 'categories', 'authors', 'publishers', 'banners', 'logos'] as const;
const SEARCHED_PRODUCT_COLUMNS = 'english_title, bangla_title, author_id, publisher_id, category_id, brand, model';

const DOC = `p.english_title || ' ' || p.bangla_title || ' ' || coalesce(a.name, '') || ' ' || coalesce(pb.name, '') || ' ' || coalesce(c.name, '') || ' ' || p.brand || ' ' || p.model`;
const DOC_FROM = `products p LEFT JOIN authors a ON a.id = p.author_id LEFT JOIN publishers pb ON pb.id = p.publisher_id LEFT JOIN categories c ON c.id = p.category_id`;
const docOf = (idExpr: string) => `(SELECT ${DOC} FROM ${DOC_FROM} WHERE p.id = ${idExpr})`;

export function catalogSearchMigration(dialect: DialectName): Migration {
  return rawMigration(dialect, {
    sqlite: () => [
      `CREATE TABLE catalog_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
      `INSERT INTO catalog_version (id, version) VALUES (1, 1)`,
      `CREATE VIRTUAL TABLE product_search USING fts5(doc, tokenize = 'trigram case_sensitive 0')`,
      `INSERT INTO product_search (rowid, doc) SELECT p.id, ${DOC} FROM ${DOC_FROM}`,
      `CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
             INSERT INTO product_search (rowid, doc) VALUES (new.id, ${docOf('new.id')}); END`,
      `CREATE TRIGGER product_search_update AFTER UPDATE OF ${SEARCHED_PRODUCT_COLUMNS} ON products BEGIN
             UPDATE product_search SET doc = ${docOf('new.id')} WHERE rowid = new.id; END`,
      `CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
             DELETE FROM product_search WHERE rowid = old.id; END`,
      ...(
        [
          ['authors', 'author_id'],
          ['publishers', 'publisher_id'],
          ['categories', 'category_id'],
        ] as const
      ).map(
        ([table, col]) => `CREATE TRIGGER product_search_${table}_name AFTER UPDATE OF name ON ${table} BEGIN
               UPDATE product_search SET doc = ${docOf('product_search.rowid')}
               WHERE rowid IN (SELECT id FROM products WHERE ${col} = new.id); END`,
      ),
      ...CATALOG_TABLES.flatMap((table) =>
        ['INSERT', 'UPDATE', 'DELETE'].map(
          (op) => `CREATE TRIGGER catalog_version_${table}_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN
                 UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`,
        ),
      ),
    ],
    postgres: () => [
      `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
      `CREATE SEQUENCE catalog_version_seq`,
      `CREATE TABLE product_search (product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE, doc text NOT NULL)`,
      `CREATE FUNCTION haat_product_search_doc(pid integer) RETURNS text LANGUAGE sql STABLE AS $$ SELECT ${DOC} FROM ${DOC_FROM} WHERE p.id = pid $$`,
      `INSERT INTO product_search (product_id, doc) SELECT p.id, ${DOC} FROM ${DOC_FROM}`,
      `CREATE INDEX product_search_doc_trgm ON product_search USING gin (doc gin_trgm_ops)`,
      `CREATE FUNCTION haat_product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO product_search (product_id, doc) VALUES (NEW.id, haat_product_search_doc(NEW.id))
           ON CONFLICT (product_id) DO UPDATE SET doc = EXCLUDED.doc;
           RETURN NULL;
         END $$`,
      `CREATE TRIGGER product_search_insert AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION haat_product_search_sync()`,
      `CREATE TRIGGER product_search_update AFTER UPDATE OF ${SEARCHED_PRODUCT_COLUMNS} ON products FOR EACH ROW EXECUTE FUNCTION haat_product_search_sync()`,
      `CREATE FUNCTION haat_product_search_names() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_TABLE_NAME = 'authors' THEN
             UPDATE product_search s SET doc = haat_product_search_doc(s.product_id) FROM products p WHERE p.id = s.product_id AND p.author_id = NEW.id;
           ELSIF TG_TABLE_NAME = 'publishers' THEN
             UPDATE product_search s SET doc = haat_product_search_doc(s.product_id) FROM products p WHERE p.id = s.product_id AND p.publisher_id = NEW.id;
           ELSE
             UPDATE product_search s SET doc = haat_product_search_doc(s.product_id) FROM products p WHERE p.id = s.product_id AND p.category_id = NEW.id;
           END IF;
           RETURN NULL;
         END $$`,
      ...['authors', 'publishers', 'categories'].map(
        (table) => `CREATE TRIGGER product_search_${table}_name AFTER UPDATE OF name ON ${table} FOR EACH ROW EXECUTE FUNCTION haat_product_search_names()`,
      ),
      `CREATE FUNCTION haat_catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM nextval('catalog_version_seq'); RETURN NULL; END $$`,
      ...CATALOG_TABLES.map(
        (table) => `CREATE CONSTRAINT TRIGGER catalog_version_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table}
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_bump()`,
      ),
    ],
  });
}
