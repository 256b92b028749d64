/** The search on PostgreSQL: a search table with a pg_trgm GIN index (migration 0102). */
import { sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { PLAN_EACH_TIME } from '../../db/database';
import { BaseStrategy, MAX_CHAR } from './base-strategy';
import { alternatives, contains, type SearchPlan } from './plan';

/** PostgreSQL: a search table with a pg_trgm GIN index, which answers `doc LIKE '%word%'`. */
export class PostgresTrigramSearch extends BaseStrategy {
  constructor(db: Kysely<DB>) {
    super(db, 'postgres');
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

  protected async startingWords(texts: string[]): Promise<Set<string>> {
    const { rows } = await sql<{ text: string }>`select t.lo as text from unnest(${texts}::text[], ${texts.map((t) => t + MAX_CHAR)}::text[]) as t(lo, hi)
      where exists (select 1 from product_search_vocab v where v.word >= t.lo and v.word < t.hi)`.execute(this.db);
    return new Set(rows.map((r) => r.text));
  }

  protected versionQuery(): RawBuilder<number> {
    return sql<number>`(select case when is_called then last_value else 0 end from catalog_version_seq)`;
  }
}
