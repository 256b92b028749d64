/**
 * The outbox worker: runs inside each server process, polls `sms_outbox`,
 * claims a due message with one conditional UPDATE (so two processes never both send it),
 * sends it through the gateway and records the outcome; failures are retried with
 * exponential back-off and give up as `failed` after `maxAttempts`.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import type { LogLike, SmsGateway } from './gateway';
import { IntervalWorker } from '../jobs/interval-worker';

export interface WorkerOptions {
  pollMs?: number;
  maxAttempts?: number;
  /** First retry after this long; each further one waits twice as long, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A claim older than this (a process died mid-send) may be taken by another worker. */
  lockMs?: number;
  batchSize?: number;
}

const DEFAULTS: Required<WorkerOptions> = { pollMs: 1000, maxAttempts: 8, baseDelayMs: 5000, maxDelayMs: 15 * 60_000, lockMs: 60_000, batchSize: 20 };

/** How long to wait before attempt number `attempts + 1`, after `attempts` failures. */
export function retryDelay(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export class SmsWorker {
  readonly opts: Required<WorkerOptions>;
  private readonly loop: IntervalWorker<number>;
  /** Set by stop(): a batch under way ends after the message being sent. */
  private halt = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly gateway: SmsGateway,
    private log: LogLike,
    opts: WorkerOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
    this.loop = new IntervalWorker('sms worker', () => this.runOnce(), () => this.log, this.opts.pollMs);
  }

  start(log?: LogLike): void {
    if (log) this.log = log;
    this.halt = false;
    this.loop.start();
  }

  /** Stops polling and waits for the batch being sent, so the database can be closed after. */
  async stop(): Promise<void> {
    this.halt = true;
    await this.loop.stop();
  }

  /** A message was just enqueued: look now rather than at the next poll. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Due: pending and its time has come, or claimed by a worker whose claim has run out. */
  private isDue(nowIso: string) {
    const now = timestampParam(this.dialect, nowIso);
    return (eb: ExpressionBuilder<DB, 'sms_outbox'>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]);
  }

  /** Sends every due message once; answers how many were sent. Safe to run in several processes at once. */
  async runOnce(): Promise<number> {
    const now = new Date().toISOString();
    const due = await this.db
      .selectFrom('sms_outbox')
      .select('id')
      .where(this.isDue(now))
      .orderBy('id')
      .limit(this.opts.batchSize)
      .execute();
    let sent = 0;
    for (const { id } of due) {
      if (this.halt) break;
      if (await this.sendOne(id)) sent += 1;
    }
    return sent;
  }

  /** Claims, sends and records one message; false when another worker had it or the send failed. */
  async sendOne(id: number): Promise<boolean> {
    const now = new Date().toISOString();
    const lockedUntil = new Date(Date.now() + this.opts.lockMs).toISOString();
    const claim = await this.db
      .updateTable('sms_outbox')
      .set({ status: 'sending', locked_until: lockedUntil })
      .where('id', '=', id)
      .where(this.isDue(now))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return false;

    const row = await this.db.selectFrom('sms_outbox').select(['id', 'to_phone', 'text', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    const attempts = row.attempts + 1;
    try {
      await this.gateway.send({ id: row.id, to: row.to_phone, text: row.text });
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      const giveUp = attempts >= this.opts.maxAttempts;
      const next = new Date(Date.now() + retryDelay(attempts, this.opts.baseDelayMs, this.opts.maxDelayMs)).toISOString();
      await this.db
        .updateTable('sms_outbox')
        .set({ status: giveUp ? 'failed' : 'pending', attempts, last_error: reason, next_attempt_at: next, locked_until: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
      this.log[giveUp ? 'error' : 'warn']({ sms: id, attempts, err: reason }, giveUp ? 'sms failed for good' : 'sms send failed; will retry');
      return false;
    }
    await this.db
      .updateTable('sms_outbox')
      .set({ status: 'sent', attempts, last_error: null, sent_at: new Date().toISOString(), locked_until: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
    return true;
  }
}
