/**
 * Several server processes on one machine (WEB_CONCURRENCY > 1, PostgreSQL only): the primary
 * process prepares the database once (server/main.ts), then forks the workers with node:cluster;
 * they share the port (connections are dealt round-robin) and each serves HTTP and runs the
 * background loops, whose rounds take a job lock (server/jobs/exclusive.ts). The primary replaces
 * a worker that dies and, on SIGTERM or SIGINT, lets the workers finish their requests and stop.
 */
import cluster, { type Worker } from 'node:cluster';
import type { DialectName } from './db/database';

/** How many server processes run: WEB_CONCURRENCY, but one on SQLite (with the reason, to log). */
export function serverProcesses(requested: number, dialect: DialectName): { count: number; warning?: string } {
  if (requested > 1 && dialect !== 'postgres') {
    return {
      count: 1,
      warning: `WEB_CONCURRENCY=${requested} is ignored: SQLite allows one writer process, so Haat runs 1 server process (set DATABASE_URL to PostgreSQL for several)`,
    };
  }
  return { count: requested };
}

/** This process is a worker forked by `superviseWorkers`: the primary migrated the database already. */
export const isClusterWorker = (): boolean => cluster.isWorker;

/** The worker's number (1, 2, …; a replacement gets a new one), sent as `x-haat-worker`. */
export const clusterWorkerId = (): number | undefined => cluster.worker?.id;

/**
 * The wait before replacing a worker: one that died within 10 s of its start counts as a crash
 * loop and doubles the wait each time (1 s, 2 s, 4 s … at most 30 s); one that ran longer is
 * replaced after 1 s.
 */
export function restartDelay(quickDeaths: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, quickDeaths - 1));
}
const QUICK_DEATH_MS = 10_000;
/** The workers stop on their own within 10 s (server/main.ts); after this the primary kills them. */
const STOP_TIMEOUT_MS = 15_000;

export interface PrimaryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The primary's log lines, in the shape of the workers' (pino's JSON: level, time, pid, msg). */
export function primaryLog(): PrimaryLog {
  const line = (level: number) => (obj: object, msg: string) =>
    console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...obj, msg }));
  return { info: line(30), warn: line(40), error: line(50) };
}

/** Forks `count` workers running `exec` (the server entry) and looks after them until SIGTERM/SIGINT. */
export function superviseWorkers(count: number, exec: string, log: PrimaryLog): void {
  cluster.setupPrimary({ exec });
  const live = new Map<Worker, number>();
  let quickDeaths = 0;
  let stopping = false;
  const pending = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork();
    live.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const startedAt = live.get(worker) ?? Date.now();
    live.delete(worker);
    if (stopping) {
      if (!live.size) process.exit(0);
      return;
    }
    quickDeaths = Date.now() - startedAt < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = restartDelay(quickDeaths);
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal, restart_in_ms: delay }, 'a server process stopped; starting another');
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    log.info({ signal, workers: live.size }, 'shutting down: the server processes finish their requests');
    if (!live.size) process.exit(0);
    // Each worker closes its server, waits for the requests under way and exits (server/main.ts).
    for (const worker of live.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  log.info({ workers: count }, 'server processes started');
}
