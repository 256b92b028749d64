/** The search strategy for the database in use (strategy.ts says what one does). */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { SearchStrategy } from './strategy';
import { PostgresTrigramSearch } from './postgres-trigram';
import { SqliteFtsSearch } from './sqlite-fts';

export function createSearchStrategy(db: Kysely<DB>, dialect?: DialectName): SearchStrategy {
  dialect ??= db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return dialect === 'postgres' ? new PostgresTrigramSearch(db) : new SqliteFtsSearch(db);
}
