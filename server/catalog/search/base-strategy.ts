/**
 * What both search strategies share: planning a term (readings and typos looked up, plans
 * remembered per content version), the vocabulary and title lookups, and the content ranks.
 * The queries that differ between SQLite and PostgreSQL are sqlite-fts.ts's and
 * postgres-trigram.ts's; the few words spelt differently in the shared ones are SPELLINGS here.
 */
import { sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { keptRecent } from '../../db/remembered-queries';
import { editDistanceAtMostOne, searchWords as normalizedWords } from '../../../domain/search-text';
import { latinReadings, latinToBengali } from '../../../domain/search-translit';
import { createSearchDocuments, typoKeys, type SearchDocuments } from './documents';
import { alternatives, contains, letters, type SearchPlan, type WordPlan } from './plan';
import type { SearchStrategy } from './strategy';

/** Words of at least this many letters also find the words one edit away. */
const TYPO_MIN_LETTERS = 5;
/** At most this many typo alternatives per word (the closest in code-point order of the vocabulary). */
const MAX_TYPO_WORDS = 6;
/** Vocabulary rows read per lookup of a word's neighbours. */
export const VOCAB_SCAN = 2_000;
export const MAX_CHAR = '\u{10FFFF}';
/** Plans remembered per catalogue version (a term's words, readings found and typos). */
const MAX_PLANS = 2_000;
/** At most this many Bengali readings of a Latin word go into its plan (each is one more alternative to match). */
const MAX_READINGS = 6;

/** How the shared queries spell what the databases spell differently. */
interface Spelling {
  /** LIKE that ignores English case. */
  likeOp: 'like' | 'ilike';
  /** The larger of two numbers. */
  greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;
  /** The column compared in byte order (the title indexes' order, migration 0105). */
  bytewise(column: string): RawBuilder<string>;
}
const SPELLINGS: Record<DialectName, Spelling> = {
  sqlite: {
    likeOp: 'like',
    greatest: (a, b) => sql<number>`max(${a}, ${b})`,
    bytewise: (column) => sql<string>`${sql.ref(column)}`,
  },
  postgres: {
    likeOp: 'ilike',
    greatest: (a, b) => sql<number>`greatest(${a}, ${b})`,
    bytewise: (column) => sql<string>`${sql.ref(column)} collate "C"`,
  },
};

export abstract class BaseStrategy implements SearchStrategy {
  protected readonly documents: SearchDocuments;
  private readonly spelling: Spelling;
  constructor(
    protected readonly db: Kysely<DB>,
    readonly dialect: DialectName,
  ) {
    this.documents = createSearchDocuments(db, dialect);
    this.spelling = SPELLINGS[dialect];
  }
  abstract matches(plan: SearchPlan): Expression<SqlBool>;
  abstract newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset?: number): Promise<number[]>;
  abstract idIn(column: string, ids: number[]): RawBuilder<SqlBool>;
  abstract rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'>;

  refresh(): Promise<void> {
    return this.documents.refresh();
  }

  like(column: string, pattern: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} ${sql.raw(this.spelling.likeOp)} ${pattern}`;
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
      words.map(async (word): Promise<WordPlan> => ({ word, readings: await this.readingsOf(word), typos: await this.typos(word) })),
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

  /**
   * The Bengali readings of a Latin word that the catalogue has: its likeliest four found
   * anywhere in a document (`found`), then those of its wider readings that start a word of the
   * vocabulary (one query for all of them: chhotogolpo → ছোটগল্প needs two second choices), at
   * most MAX_READINGS, none holding another (matching is by substring, so the shorter finds both).
   */
  private async readingsOf(word: string): Promise<string[]> {
    const likely = latinToBengali(word);
    if (!likely.length) return [];
    const wide = latinReadings(word).filter((r) => !likely.includes(r));
    const [found, starting] = await Promise.all([this.found(likely), wide.length ? this.startingWords(wide) : new Set<string>()]);
    const all = [...found, ...wide.filter((r) => starting.has(r))];
    return all.filter((r, i) => !all.some((other, j) => j !== i && r.includes(other) && (r !== other || j < i))).slice(0, MAX_READINGS);
  }

  /** Those of the texts that some word of the documents' vocabulary starts with (one query). */
  protected abstract startingWords(texts: string[]): Promise<Set<string>>;

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

  async titleMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number): Promise<number[]> {
    const p = plan.phrase;
    const bytewise = this.spelling.bytewise;
    const starting = (column: string) =>
      sql`select * from (select d.product_id as id from product_search_docs d join products on products.id = d.product_id
        where ${bytewise(column)} >= ${p} and ${bytewise(column)} < ${p + MAX_CHAR} and ${where}
        order by ${bytewise(column)}, d.product_id limit ${limit}) t`;
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
    const hits = this.spelling.greatest(sql`en_hits`, sql`bn_hits`);
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
