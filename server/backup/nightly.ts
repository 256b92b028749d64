/**
 * The nightly backup the server makes when BACKUP_DIR is set: after 03:00 in Dhaka (Asia/Dhaka is
 * UTC+6 all year) a backup is due unless BACKUP_DIR already holds one made since; the worker looks
 * every 10 minutes and on start, so a night the server was down is made up as soon as it is up.
 * After each backup all but the newest BACKUP_KEEP are deleted.
 *
 * Several server processes on PostgreSQL: each looks, and the one holding the job's lock
 * (runExclusive, server/jobs/exclusive.ts: a session-level advisory lock on one connection held for
 * the run, so no transaction stays open for pg_dump's minutes and a dead process loses it with its
 * connection) makes the backup; the others skip the round. The holder reads BACKUP_DIR again
 * first, so a backup just finished by another process is not made twice. SQLite has one process.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { runExclusive } from '../jobs/exclusive';
import { IntervalWorker, type WorkerLog } from '../jobs/interval-worker';
import { listBackups, makeBackup, pruneBackups, type BackupTarget } from './backup';

const DHAKA_OFFSET_MS = 6 * 3600_000;
const NIGHTLY_HOUR = 3;
const POLL_MS = 10 * 60_000;

/** The latest 03:00 Asia/Dhaka at or before `now`. */
export function lastNightlyMark(now: number): number {
  const dhaka = now + DHAKA_OFFSET_MS;
  const day = Math.floor(dhaka / 86_400_000) * 86_400_000;
  const mark = day + NIGHTLY_HOUR * 3600_000;
  return (mark <= dhaka ? mark : mark - 86_400_000) - DHAKA_OFFSET_MS;
}

/** A backup is due when none has been made since the latest 03:00 in Dhaka. */
export function backupDue(now: number, newest: Date | undefined): boolean {
  return !newest || newest.getTime() < lastNightlyMark(now);
}

export interface NightlyLog extends WorkerLog {
  info(obj: object, msg?: string): void;
}

export interface NightlyBackups {
  start(log: NightlyLog): void;
  stop(): Promise<void>;
  /** One look now: answers the backup made, if one was due and this process made it. */
  runOnce(now?: number): Promise<string | null>;
}

export function createNightlyBackups(database: Database, target: BackupTarget, opts: { dir: string; keep: number; pollMs?: number }): NightlyBackups {
  let log: NightlyLog | null = null;
  const db = database.db as unknown as Kysely<unknown>;

  async function backUp(now: number): Promise<string | null> {
    if (!backupDue(now, listBackups(opts.dir)[0]?.at)) return null;
    const started = performance.now();
    const made = await makeBackup(target, opts.dir, { db, now: new Date(now) });
    const deleted = pruneBackups(opts.dir, opts.keep);
    log?.info({ backup: made.path, ms: Math.round(performance.now() - started), deleted }, 'nightly backup made');
    return made.path;
  }

  async function round(now: number): Promise<string | null> {
    if (!backupDue(now, listBackups(opts.dir)[0]?.at)) return null;
    const result = await runExclusive(database.db, database.dialect, 'nightly backup', () => backUp(now));
    return result.ran ? result.value : null; // another process is making it
  }

  const worker = new IntervalWorker('nightly backup', round, () => log ?? console, opts.pollMs ?? POLL_MS);
  return {
    start(l) {
      log = l;
      l.info({ dir: opts.dir, keep: opts.keep }, 'nightly backups after 03:00 Asia/Dhaka');
      worker.start();
    },
    stop: () => worker.stop(),
    runOnce: (now = Date.now()) => worker.runOnce(now),
  };
}
