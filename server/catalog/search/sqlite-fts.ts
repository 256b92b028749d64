/** The search on SQLite: FTS5 with the trigram tokenizer (migrations 0102, 0106). */
import { sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { BaseStrategy, MAX_CHAR } from './base-strategy';
import { alternatives, contains, ftsPhrase, letters, type SearchPlan } from './plan';

/**
 * SQLite: an FTS5 table with the trigram tokenizer, keyed by the product id negated (0106): a word of three or more letters (and each
 * of its alternatives) is a phrase query (a substring match answered by the index); a word with
 * a shorter alternative is a LIKE over the search table.
 */
export class SqliteFtsSearch extends BaseStrategy {
  constructor(db: Kysely<DB>) {
    super(db, 'sqlite');
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

  protected async startingWords(texts: string[]): Promise<Set<string>> {
    const ranges = JSON.stringify(texts.map((t) => [t, t + MAX_CHAR]));
    const { rows } = await sql<{ text: string }>`select json_extract(t.value, '$[0]') as text from json_each(${ranges}) t
      where exists (select 1 from product_search_vocab v where v.word >= json_extract(t.value, '$[0]') and v.word < json_extract(t.value, '$[1]'))`.execute(this.db);
    return new Set(rows.map((r) => r.text));
  }

  protected versionQuery(): RawBuilder<number> {
    return sql<number>`(select version from catalog_version where id = 1)`;
  }
}
