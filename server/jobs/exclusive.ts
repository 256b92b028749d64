/**
 * One runner per background job across the server processes (WEB_CONCURRENCY > 1): a round runs
 * only where it could take the job's lock, and is skipped (not queued) where it could not, so N
 * processes do not repeat the same scan and contend for the same rows. The rounds stay correct
 * without it (each row is claimed with a conditional UPDATE); the lock saves the repeated work.
 *
 * PostgreSQL: a session-level `pg_try_advisory_lock` on one pooled connection held for the round
 * (no transaction stays open across a gateway's answer); a process that dies loses its connection
 * and with it the lock. SQLite runs one server process, so a lock within the process is enough.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';

/**
 * The first half of the two-number advisory key: job locks never meet the single-number keys
 * taken elsewhere (lockKey's hashes, the search drain), which live in another key space.
 */
const JOB_LOCK_CLASS = 19_000_001;

export type ExclusiveResult<R> = { ran: true; value: R } | { ran: false };

/** Jobs running on each database handle of this process (a second round here is skipped, on both databases). */
const runningOn = new WeakMap<object, Set<string>>();

/** Runs `fn` unless another round of `job` is under way in this or another process; then skips it. */
export async function runExclusive<R>(db: Kysely<DB>, dialect: DialectName, job: string, fn: () => Promise<R>): Promise<ExclusiveResult<R>> {
  let runningHere = runningOn.get(db);
  if (!runningHere) runningOn.set(db, (runningHere = new Set()));
  if (runningHere.has(job)) return { ran: false };
  runningHere.add(job);
  try {
    if (dialect !== 'postgres') return { ran: true, value: await fn() };
    return await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${JOB_LOCK_CLASS}, hashtext(${job})) as locked`.execute(conn);
      if (!rows[0]?.locked) return { ran: false } as const;
      try {
        return { ran: true, value: await fn() } as const;
      } finally {
        await sql`select pg_advisory_unlock(${JOB_LOCK_CLASS}, hashtext(${job}))`.execute(conn);
      }
    });
  } finally {
    runningHere.delete(job);
  }
}

/** What IntervalWorker needs to take a job's lock: the database its rounds work on. */
export interface ExclusiveOn {
  db: Kysely<DB>;
  dialect: DialectName;
}
