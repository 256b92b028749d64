/**
 * The one catalogue search (header box, admin search, `search=`, suggestions), and every place
 * where SQLite and PostgreSQL differ for the catalogue. Documents and queries share one
 * normalised form (domain/search-text.ts); documents are written by search-documents.ts.
 *
 * A search is planned first (`plan`): each normalised word of the term, with its alternatives:
 * its Bengali readings when it is Latin (domain/search-translit.ts), and for a word of 5+
 * letters the words of the catalogue one edit away (a typo), looked up in the vocabulary of
 * document words by the prefix or suffix a third of the word long that one edit leaves whole.
 * A product matches when its document contains, for every word, the word or one of its
 * alternatives (a substring, answered by the index for 3+ letters: SQLite FTS5 trigram,
 * PostgreSQL pg_trgm GIN). Readings no document contains are left out of the plan, and plans
 * are remembered until the catalogue's content changes.
 *
 * Ranking: the whole term is a title (0), starts one (1), is inside one (2), every word is found
 * as typed somewhere in the document (3, author, publisher, category…), the rest needed a reading
 * or a typo (4); then more words in one title, the shorter title; in stock first; more sold;
 * newest. The part of it that depends only on the documents (`contentRanks`) is worked out once
 * per catalogue content version over the products product-lists.ts gives (a common word's
 * sample); stock and sales are read with each page. Both strategies give the same answers for
 * the same data.
 */
import { PostgresAdapter, sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { PLAN_EACH_TIME, type DialectName } from '../db/database';
import { keptRecent } from '../db/remembered-queries';
import { editDistanceAtMostOne, searchWords as normalizedWords } from '../../domain/search-text';
import { latinToBengali } from '../../domain/search-translit';
import { createSearchDocuments, typoKeys, type SearchDocuments } from './search-documents';

export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a LIKE filter on names as stored (the back office's author, publisher and
 * category lists): NFC, split on white space, without LIKE wildcards (`%`, `_` and `\` are
 * spaces, so a term never matches everything). The product search normalises instead (`plan`).
 */
export function searchWords(term: string | undefined | null): string[] {
  if (!term) return [];
  return term
    .normalize('NFC')
    .slice(0, 200)
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/** Words of at least this many letters also find the words one edit away. */
export const TYPO_MIN_LETTERS = 5;
/** At most this many typo alternatives per word (the closest in code-point order of the vocabulary). */
const MAX_TYPO_WORDS = 6;
const VOCAB_SCAN = 2_000;
const MAX_CHAR = '\u{10FFFF}';
/** Plans remembered per catalogue version (a term's words, readings found and typos). */
const MAX_PLANS = 2_000;

export interface WordPlan {
  /** The normalised word as typed. */
  word: string;
  /** Its Bengali readings, when it is Latin. */
  readings: string[];
  /** Words of the catalogue one edit away. */
  typos: string[];
}

export interface SearchPlan {
  words: WordPlan[];
  /** The normalised words, joined by one space. */
  phrase: string;
  /** The catalogue's content version the plan was made at (its answers' counts are remembered under it). */
  version: number;
  /**
   * Set on a plan remembered from an earlier request (`remembered`), whose version this request
   * has not read: the page's query reads the version with the page, and a different one throws
   * `CatalogChanged` (product-lists.ts plans again).
   */
  assumed?: true;
}

/**
 * What a read assumed from memory (a search's plan, the category tree) was made at another
 * content version than the page its query read: read again without assuming.
 */
export class CatalogChanged extends Error {
  constructor() {
    super('the catalogue changed since what was remembered was read');
  }
}

const letters = (w: string) => Array.from(w).length;
const alternatives = (w: WordPlan) => [...new Set([w.word, ...w.readings, ...w.typos])];
const contains = (word: string) => `%${word}%`;
/** An FTS5 phrase: the trigram tokenizer answers it as a substring match. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

export interface SearchStrategy {
  readonly dialect: DialectName;
  /** The words of a term with their alternatives; null when the term has no words. */
  plan(term: string | undefined | null): Promise<SearchPlan | null>;
  /**
   * The plan made for this term at the latest version a search read, without a query (marked
   * `assumed`), or null: one round trip fewer for a term searched before, checked by the page's query.
   */
  remembered(term: string | undefined | null): SearchPlan | null;
  /** A scalar subquery of the content version, to read beside a page. */
  versionColumn(): RawBuilder<number>;
  /** `products.id IN (…)`: products whose search document holds every word (or an alternative). */
  matches(plan: SearchPlan): Expression<SqlBool>;
  /**
   * The ids of matching products that also pass `where` (over `products`), newest first, read in
   * the search index's own order so a common word stops after `limit` matches.
   */
  newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset?: number): Promise<number[]>;
  /** The ids of products passing `where` whose English or Bengali title starts with the phrase (the title indexes, 0105), at most `limit` of each. */
  titleMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number): Promise<number[]>;
  /**
   * Words of the documents' vocabulary that share the word's first or last third and are at most
   * `edits` letters longer or shorter: where the words `edits` away from it are (not yet filtered).
   */
  vocabularyNear(word: string, edits: number): Promise<string[]>;
  /** `column IN (ids)` as one statement text whatever the number of ids. */
  idIn(column: string, ids: number[]): RawBuilder<SqlBool>;
  /** Case-insensitive (for English) LIKE of a column reference against a pattern. */
  like(column: string, pattern: string): RawBuilder<SqlBool>;
  /**
   * The part of the term's relevance (the ranking in this file's header) that depends only on the
   * products' documents, for each of these products: 1 for the most relevant, equal for equally
   * relevant. Stock and sales, which break its ties, change with every sale: `rankTable` and the
   * page's ORDER BY add them when a page is read.
   */
  contentRanks(ids: number[], plan: SearchPlan): Promise<number[]>;
  /** A table `c(id, rank)` of these products and their ranks, to join a page's products to. */
  rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'>;
  /** The catalogue's change counter (bumped by triggers on every catalogue write). */
  version(): Promise<number>;
  /** Writes the queued search documents (search-documents.ts). */
  refresh(): Promise<void>;
}

abstract class BaseStrategy implements SearchStrategy {
  abstract readonly dialect: DialectName;
  protected abstract readonly likeOp: 'like' | 'ilike';
  protected readonly documents: SearchDocuments;
  constructor(protected readonly db: Kysely<DB>) {
    this.documents = createSearchDocuments(db, this.dialectName());
  }
  protected abstract dialectName(): DialectName;
  abstract matches(plan: SearchPlan): Expression<SqlBool>;
  abstract newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset?: number): Promise<number[]>;
  abstract idIn(column: string, ids: number[]): RawBuilder<SqlBool>;
  abstract rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'>;
  protected abstract greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;

  refresh(): Promise<void> {
    return this.documents.refresh();
  }

  like(column: string, pattern: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} ${sql.raw(this.likeOp)} ${pattern}`;
  }

  /**
   * Plans depend only on the catalogue's content (the documents and their vocabulary), so they
   * are remembered until it changes; the version is read before the documents are refreshed,
   * so a plan is never remembered under a newer version than the documents it read.
   */
  private readonly plans = new Map<string, SearchPlan>();
  private plansVersion = -1;

  async plan(term: string | undefined | null): Promise<SearchPlan | null> {
    const words = normalizedWords(term);
    if (!words.length) return null;
    const { version, queued } = await this.state();
    if (queued) await this.refresh();
    if (version !== this.plansVersion) {
      this.plans.clear();
      this.plansVersion = version;
    }
    const phrase = words.join(' ');
    const known = this.plans.get(phrase);
    if (known) return known;
    const planned = await Promise.all(
      words.map(async (word): Promise<WordPlan> => ({ word, readings: await this.found(latinToBengali(word)), typos: await this.typos(word) })),
    );
    const plan = { words: planned, phrase, version };
    if (this.plans.size >= MAX_PLANS) this.plans.clear();
    this.plans.set(phrase, plan);
    return plan;
  }

  /**
   * Terms as normalised, by the term as typed: every search and suggestion looks its plan up by
   * it, and normalising a term took 12–25 µs. A function of the text alone, so never stale.
   */
  private readonly phrases = keptRecent<string>(MAX_PLANS);

  remembered(term: string | undefined | null): SearchPlan | null {
    if (!term) return null;
    const phrase = this.phrases(term, () => normalizedWords(term).join(' '));
    const known = phrase ? this.plans.get(phrase) : undefined;
    return known ? { ...known, assumed: true } : null;
  }

  versionColumn(): RawBuilder<number> {
    return this.versionQuery();
  }

  /**
   * The Bengali readings of a Latin word that some document contains: a reading found nowhere
   * changes no answer, but would cost a comparison with every document a common word visits.
   */
  private async found(readings: string[]): Promise<string[]> {
    if (!readings.length) return [];
    const present = await this.occurring(readings);
    return readings.filter((r) => present.has(r));
  }

  /** Those of the texts that some search document contains (answered by the search index). */
  protected abstract occurring(texts: string[]): Promise<Set<string>>;

  /** The content version and whether documents wait to be written, in one round trip. */
  private async state(): Promise<{ version: number; queued: boolean }> {
    const { rows } = await sql<{ version: number; queued: number | null }>`select ${this.versionQuery()} as version,
      (select seq from product_search_queue order by seq limit 1) as queued`.execute(this.db);
    return { version: Number(rows[0]?.version ?? 0), queued: rows[0]?.queued != null };
  }

  /** A scalar subquery of the content version. */
  protected abstract versionQuery(): RawBuilder<number>;

  async version(): Promise<number> {
    const { rows } = await sql<{ version: number }>`select ${this.versionQuery()} as version`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }

  /** The vocabulary's words one edit from `word` that do not already contain it. */
  protected async typos(word: string): Promise<string[]> {
    if (letters(word) < TYPO_MIN_LETTERS || /^\p{N}+$/u.test(word)) return [];
    return (await this.vocabularyNear(word, 1))
      .filter((w) => w !== word && !w.includes(word) && editDistanceAtMostOne(word, w))
      .sort()
      .slice(0, MAX_TYPO_WORDS);
  }

  async vocabularyNear(word: string, edits: number): Promise<string[]> {
    const { prefix, rsuffix, length } = typoKeys(word);
    const { rows } = await sql<{ word: string }>`select word from product_search_vocab
      where ((word >= ${prefix} and word < ${prefix + MAX_CHAR}) or (rword >= ${rsuffix} and rword < ${rsuffix + MAX_CHAR}))
        and length(word) between ${length - edits} and ${length + edits}
      order by word limit ${VOCAB_SCAN}`.execute(this.db);
    return rows.map((r) => r.word);
  }

  /** The column compared in byte order (the title indexes' order, migration 0105). */
  protected abstract bytewise(column: string): RawBuilder<string>;

  async titleMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number): Promise<number[]> {
    const p = plan.phrase;
    const starting = (column: string) =>
      sql`select * from (select d.product_id as id from product_search_docs d join products on products.id = d.product_id
        where ${this.bytewise(column)} >= ${p} and ${this.bytewise(column)} < ${p + MAX_CHAR} and ${where}
        order by ${this.bytewise(column)}, d.product_id limit ${limit}) t`;
    const { rows } = await sql<{ id: number }>`${starting('d.en')} union all ${starting('d.bn')}`.execute(this.db);
    return [...new Set(rows.map((r) => r.id))];
  }

  /** 1 when any of the words is inside the column, else 0. */
  private hit(column: string, words: string[]): RawBuilder<number> {
    return sql<number>`case when ${sql.join(
      words.map((w) => sql`${sql.ref(column)} like ${contains(w)}`),
      sql` or `,
    )} then 1 else 0 end`;
  }

  async contentRanks(ids: number[], plan: SearchPlan): Promise<number[]> {
    if (!ids.length) return [];
    const p = plan.phrase;
    const exactAll = sql.join(
      plan.words.map((w) => sql`d.doc like ${contains(w.word)}`),
      sql` and `,
    );
    const sum = (column: string) => sql<number>`(${sql.join(
      plan.words.map((w) => this.hit(column, alternatives(w))),
      sql` + `,
    )})`;
    // Each comparison once per product in the materialised table, then the order over its columns.
    const hits = this.greatest(sql`en_hits`, sql`bn_hits`);
    const { rows } = await sql<{ id: number; rank: number }>`with r as materialized (
        select d.product_id as id,
          case when d.en = ${p} or d.bn = ${p} then 0
            when d.en like ${`${p}%`} or d.bn like ${`${p}%`} then 1
            when d.en like ${contains(p)} or d.bn like ${contains(p)} then 2
            when ${exactAll} then 3 else 4 end as tier,
          ${sum('d.en')} as en_hits, ${sum('d.bn')} as bn_hits, d.en_words, d.bn_words
        from product_search_docs d
        where ${this.idIn('d.product_id', ids)}
      )
      select id, dense_rank() over (order by tier, ${hits} desc,
        case when ${hits} = 0 then 0 when en_hits >= bn_hits then en_words else bn_words end) as rank
      from r`.execute(this.db);
    const rank = new Map(rows.map((r) => [Number(r.id), Number(r.rank)]));
    // A product without a document (written since) goes last; the next search's refresh writes it.
    return ids.map((id) => rank.get(id) ?? ids.length + 1);
  }

}

/**
 * SQLite: an FTS5 table with the trigram tokenizer, keyed by the product id negated (0106): a word of three or more letters (and each
 * of its alternatives) is a phrase query (a substring match answered by the index); a word with
 * a shorter alternative is a LIKE over the search table.
 */
export class SqliteFtsSearch extends BaseStrategy {
  readonly dialect = 'sqlite' as const;
  protected readonly likeOp = 'like' as const;
  protected dialectName(): DialectName {
    return 'sqlite';
  }

  protected greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
    return sql<number>`max(${a}, ${b})`;
  }

  protected bytewise(column: string): RawBuilder<string> {
    return sql<string>`${sql.ref(column)}`;
  }

  /** The condition on `product_search`: one MATCH for the words the index answers, LIKE for the rest. */
  private indexed(plan: SearchPlan): RawBuilder<SqlBool> {
    const groups: string[] = [];
    const conditions: RawBuilder<unknown>[] = [];
    for (const w of plan.words) {
      const alts = alternatives(w);
      if (alts.every((a) => letters(a) >= 3)) groups.push(`(${alts.map(ftsPhrase).join(' OR ')})`);
      else
        conditions.push(
          sql`(${sql.join(
            alts.map((a) => sql`product_search.doc like ${contains(a)}`),
            sql` or `,
          )})`,
        );
    }
    if (groups.length) conditions.unshift(sql`product_search match ${groups.join(' AND ')}`);
    return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  }

  matches(plan: SearchPlan): Expression<SqlBool> {
    return sql<SqlBool>`products.id in (select -rowid from product_search where ${this.indexed(plan)})`;
  }

  async newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset = 0): Promise<number[]> {
    // The index keys documents by the product id negated (migration 0106): its own order is newest first.
    const { rows } = await sql<{ id: number }>`select products.id as id from product_search join products on products.id = -product_search.rowid
      where ${this.indexed(plan)} and ${where} order by product_search.rowid limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((r) => r.id);
  }

  idIn(column: string, ids: number[]): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
  }

  /** Each product as one integer, its rank above its id's 32 bits: a flat JSON array reads a third faster than pairs. */
  rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'> {
    const packed = JSON.stringify(ids.map((id, i) => ranks[i]! * 2 ** 32 + id));
    return sql<{ id: number; rank: number }>`(select value & 4294967295 as id, value >> 32 as rank from json_each(${packed}))`.as('c');
  }

  protected async occurring(texts: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const text of texts) {
      const { rows } =
        letters(text) >= 3
          ? await sql`select 1 as one from product_search where product_search match ${ftsPhrase(text)} limit 1`.execute(this.db)
          : await sql`select 1 as one from product_search where doc like ${contains(text)} limit 1`.execute(this.db);
      if (rows.length) found.add(text);
    }
    return found;
  }

  protected versionQuery(): RawBuilder<number> {
    return sql<number>`(select version from catalog_version where id = 1)`;
  }
}

/** PostgreSQL: a search table with a pg_trgm GIN index, which answers `doc LIKE '%word%'`. */
export class PostgresTrigramSearch extends BaseStrategy {
  readonly dialect = 'postgres' as const;
  protected readonly likeOp = 'ilike' as const;
  protected dialectName(): DialectName {
    return 'postgres';
  }

  protected greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
    return sql<number>`greatest(${a}, ${b})`;
  }

  protected bytewise(column: string): RawBuilder<string> {
    return sql<string>`${sql.ref(column)} collate "C"`;
  }

  /** The condition on `product_search` (alias `s`): every word, or one of its alternatives, inside the document. */
  private indexed(plan: SearchPlan): RawBuilder<SqlBool> {
    return sql<SqlBool>`${PLAN_EACH_TIME} ${sql.join(
      plan.words.map(
        (w) =>
          sql`(${sql.join(
            alternatives(w).map((a) => sql`s.doc like ${contains(a)}`),
            sql` or `,
          )})`,
      ),
      sql` and `,
    )}`;
  }

  matches(plan: SearchPlan): Expression<SqlBool> {
    return sql<SqlBool>`products.id in (select s.product_id from product_search s where ${this.indexed(plan)})`;
  }

  async newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset = 0): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`select products.id as id from product_search s join products on products.id = s.product_id
      where ${this.indexed(plan)} and ${where} order by s.product_id desc limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((r) => r.id);
  }

  idIn(column: string, ids: number[]): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} = any(${ids}::int[])`;
  }

  rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'> {
    return sql<{ id: number; rank: number }>`(select * from unnest(${ids}::int[], ${ranks}::bigint[]) as u(id, rank))`.as('c');
  }

  /**
   * With sequential scans off: a LIMIT 1 tempts the planner to read the table until the first
   * match, which for a text found nowhere is the whole table; the trigram index answers at once.
   */
  protected async occurring(texts: string[]): Promise<Set<string>> {
    const { rows } = await this.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ text: string }>`${PLAN_EACH_TIME} ${sql.join(
        texts.map((t) => sql`select ${t}::text as text where exists (select 1 from product_search where doc like ${contains(t)})`),
        sql` union all `,
      )}`.execute(trx);
    });
    return new Set(rows.map((r) => r.text));
  }

  protected versionQuery(): RawBuilder<number> {
    return sql<number>`(select case when is_called then last_value else 0 end from catalog_version_seq)`;
  }
}

export function createSearchStrategy(db: Kysely<DB>, dialect?: DialectName): SearchStrategy {
  dialect ??= db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return dialect === 'postgres' ? new PostgresTrigramSearch(db) : new SqliteFtsSearch(db);
}
