/**
 * The search documents of products, computed here in JavaScript (the Bengali folds of
 * domain/search-text.ts cannot be written in SQL) and stored in the catalogue's search tables
 * (migration 0103). Triggers queue every product whose document may have changed (a product
 * written, an author, publisher or category renamed: all their products); `refresh()` drains
 * the queue and runs before every search, so no writer can forget it and a search never reads a
 * stale document. Draining is one transaction per batch, serialised (SQLite's single writer;
 * an advisory lock on PostgreSQL), so two processes never write an older document over a newer one.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { normalizeSearchText } from '../../../domain/search-text';

const BATCH = 2_000;
const INSERT_ROWS = 400;
/** Any constant: the key of PostgreSQL's advisory lock that serialises drains. */
const DRAIN_LOCK = 4_201_030;

export interface DocumentSource {
  english_title: string;
  bangla_title: string;
  author: string | null;
  publisher: string | null;
  category: string | null;
  brand: string;
  model: string;
}

export interface SearchDocument {
  en: string;
  bn: string;
  doc: string;
  en_words: number;
  bn_words: number;
}

const wordCount = (text: string) => (text ? text.split(' ').length : 0);

/**
 * A product's document: titles in both languages, author, publisher, category, brand, model,
 * normalised. The normal form is word by word, so each part is normalised on its own, and the
 * names many products share are normalised once through `names` (a backfill of 100,000).
 */
export function searchDocument(p: DocumentSource, names: Map<string, string> = new Map()): SearchDocument {
  const en = normalizeSearchText(p.english_title);
  const bn = normalizeSearchText(p.bangla_title);
  const shared = (text: string | null) => {
    if (!text) return '';
    let out = names.get(text);
    if (out === undefined) names.set(text, (out = normalizeSearchText(text)));
    return out;
  };
  const doc = [en, bn, shared(p.author), shared(p.publisher), shared(p.category), shared(p.brand), shared(p.model)].filter(Boolean).join(' ');
  return { en, bn, doc, en_words: wordCount(en), bn_words: wordCount(bn) };
}

const reversed = (word: string) => Array.from(word).reverse().join('');

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function createSearchDocuments(db: Kysely<DB>, dialect: DialectName) {
  let running: Promise<void> | null = null;

  /** One batch: takes queued ids, writes their documents; false when the queue was empty. */
  async function drainBatch(): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${DRAIN_LOCK})`.execute(trx);
      // A write first: on SQLite the transaction holds the write lock from here on.
      const taken = await sql<{ product_id: number }>`delete from product_search_queue
        where seq in (select seq from product_search_queue order by seq limit ${BATCH}) returning product_id`.execute(trx);
      if (!taken.rows.length) return false;
      const ids = [...new Set(taken.rows.map((r) => Number(r.product_id)))].sort((a, b) => a - b);
      const rows = await trx
        .selectFrom('products')
        .leftJoin('authors', 'authors.id', 'products.author_id')
        .leftJoin('publishers', 'publishers.id', 'products.publisher_id')
        .leftJoin('categories', 'categories.id', 'products.category_id')
        .select(['products.id', 'english_title', 'bangla_title', 'authors.name as author', 'publishers.name as publisher', 'categories.name as category', 'brand', 'model'])
        .where('products.id', 'in', ids)
        .execute();
      const names = new Map<string, string>();
      // Newest first: SQLite's full-text rowids (the ids negated, migration 0106) then ascend, as
      // FTS5 needs within a transaction (a smaller rowid than the last flushes a segment: a
      // backfill of 100,000 went from seconds to many minutes).
      const docs = rows.map((r) => ({ id: r.id, ...searchDocument(r, names) })).sort((a, b) => b.id - a.id);
      for (const part of chunks(ids, 1_000)) {
        await trx.deleteFrom('product_search_docs').where('product_id', 'in', part).execute();
        if (dialect === 'sqlite') await sql`delete from product_search where rowid in (${sql.join(part.map((id) => -id))})`.execute(trx);
        else await sql`delete from product_search where product_id in (${sql.join(part)})`.execute(trx);
      }
      for (const part of chunks(docs, INSERT_ROWS)) {
        await trx
          .insertInto('product_search_docs')
          .values(part.map((d) => ({ product_id: d.id, en: d.en, bn: d.bn, doc: d.doc, en_words: d.en_words, bn_words: d.bn_words })))
          .execute();
        // SQLite's full-text index keys a document by the product's id negated (migration 0106).
        if (dialect === 'sqlite') await sql`insert into product_search (rowid, doc) values ${sql.join(part.map((d) => sql`(${-d.id}, ${d.doc})`))}`.execute(trx);
        else await sql`insert into product_search (product_id, doc) values ${sql.join(part.map((d) => sql`(${d.id}, ${d.doc})`))}`.execute(trx);
      }
      const words = [...new Set(docs.flatMap((d) => d.doc.split(' ')).filter(Boolean))].sort();
      for (const part of chunks(words, INSERT_ROWS)) {
        await sql`insert into product_search_vocab (word, rword) values ${sql.join(part.map((w) => sql`(${w}, ${reversed(w)})`))} on conflict (word) do nothing`.execute(trx);
      }
      return true;
    });
  }

  async function drain(): Promise<void> {
    while (await drainBatch());
  }

  return {
    /**
     * Writes the documents of every queued product. Cheap when nothing is queued (one indexed
     * read); concurrent callers in one process share one drain.
     */
    async refresh(): Promise<void> {
      if (running) return running;
      const queued = await sql`select 1 as one from product_search_queue limit 1`.execute(db);
      if (!queued.rows.length) return;
      if (running) return running;
      running = drain().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type SearchDocuments = ReturnType<typeof createSearchDocuments>;

/** Words one edit away can only share a prefix or a suffix of a third of the word: the vocabulary's lookups. */
export function typoKeys(word: string): { prefix: string; rsuffix: string; length: number } {
  const letters = Array.from(word);
  const third = Math.max(1, Math.floor(letters.length / 3));
  return { prefix: letters.slice(0, third).join(''), rsuffix: letters.slice(-third).reverse().join(''), length: letters.length };
}
