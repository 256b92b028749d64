/** What an open database is, whichever driver opened it (sqlite.ts, postgres.ts; database.ts chooses). */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The connections' use now, for /metrics: PostgreSQL's pool; SQLite has its one connection. */
  poolUse(): PoolUse;
}

export interface PoolUse {
  /** Connections open, of which idle; queries waiting for one; the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}
