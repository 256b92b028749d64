/**
 * The outbox worker: runs inside each server process, polls `sms_outbox`,
 * claims a due message with one conditional UPDATE (so two processes never both send it),
 * sends it through the gateway and records the outcome; failures are retried with
 * exponential back-off and give up as `failed` after `maxAttempts`.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import type { LogLike, SmsGateway } from './gateway';
import { IntervalWorker } from '../jobs/interval-worker';
import { isCapped, maskCodes, mayGoNow, type SmsLimits } from '../../domain/sms-limits';

/**
 * The shop's SMS limits as the worker applies them (service.ts hands them in from the settings).
 * Without one, nothing is held back and codes are masked once sent.
 */
export interface SendPolicy {
  limits(): Promise<Pick<SmsLimits, 'hourly'>>;
  /** A code or notice waits for the hourly budget (service.ts alerts the owners, once an hour). */
  budgetReached(limit: number): Promise<void>;
  /** SMS_LOG_CODES=1 with the log driver: a sent code stays readable in the outbox. */
  keepCodes?: boolean;
}

export interface WorkerOptions {
  pollMs?: number;
  maxAttempts?: number;
  /** First retry after this long; each further one waits twice as long, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A claim older than this (a process died mid-send) may be taken by another worker. */
  lockMs?: number;
  batchSize?: number;
  /** A code or notice held back by the hourly budget is looked at again after this long. */
  heldMs?: number;
}

const DEFAULTS: Required<WorkerOptions> = { pollMs: 1000, maxAttempts: 8, baseDelayMs: 5000, maxDelayMs: 15 * 60_000, lockMs: 60_000, batchSize: 20, heldMs: 60_000 };
const HOUR_MS = 3600_000;
const NO_POLICY: SendPolicy = { limits: async () => ({ hourly: 0 }), budgetReached: async () => {} };

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
    private readonly policy: SendPolicy = NO_POLICY,
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

  /** Messages sent in the hour before `now`, every kind (the sms_outbox_sent index answers it). */
  async sentInLastHour(now = Date.now()): Promise<number> {
    const since = timestampParam(this.dialect, new Date(now - HOUR_MS).toISOString());
    const row = await this.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sent_at', '>=', since)
      // Written as a literal, so both planners match the partial index sms_outbox_sent (migration 0501).
      .where(sql<boolean>`status = 'sent'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Sends every due message once; answers how many were sent. Safe to run in several processes at
   * once. Under `sms_hourly_limit`, once the last hour's messages reach it, codes and notices are
   * put back to wait (pending, tried again after `heldMs`, no attempt counted) while order
   * messages and staff alerts still go; the owners are told (policy.budgetReached).
   */
  async runOnce(): Promise<number> {
    const now = new Date().toISOString();
    const due = await this.db
      .selectFrom('sms_outbox')
      .select(['id', 'kind'])
      .where(this.isDue(now))
      .orderBy('id')
      .limit(this.opts.batchSize)
      .execute();
    if (!due.length) return 0;
    // The settings are read only when a code or notice is due: order messages are never held back,
    // and a round per checkout (each nudges the worker) should not pay for a settings read.
    const { hourly } = due.some((m) => isCapped(m.kind)) ? await this.policy.limits() : { hourly: 0 };
    const budgeted = hourly > 0;
    let sentLastHour = budgeted ? await this.sentInLastHour() : 0;
    let sent = 0;
    let held = 0;
    for (const { id, kind } of due) {
      if (this.halt) break;
      if (budgeted && !mayGoNow(kind, sentLastHour, { hourly })) {
        held += await this.holdBack(id);
        continue;
      }
      if (await this.sendOne(id)) {
        sent += 1;
        sentLastHour += 1;
      }
    }
    if (held) {
      this.log.warn({ held, hourly_limit: hourly }, 'sms: hourly limit reached; codes and notices wait in the outbox');
      await this.policy.budgetReached(hourly);
    }
    return sent;
  }

  /** Puts a due code or notice back to wait for the budget: still pending, no attempt counted. */
  private async holdBack(id: number): Promise<number> {
    const later = new Date(Date.now() + this.opts.heldMs).toISOString();
    const res = await this.db
      .updateTable('sms_outbox')
      .set({ next_attempt_at: later })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
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

    const row = await this.db.selectFrom('sms_outbox').select(['id', 'to_phone', 'text', 'kind', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    const attempts = row.attempts + 1;
    // A one-time code or confirmation link is not kept once it went out (the outbox is in every backup).
    const hidden = maskCodes(row.kind, row.text);
    const masked = hidden !== row.text && !this.policy.keepCodes ? { text: hidden } : {};
    try {
      await this.gateway.send({ id: row.id, to: row.to_phone, text: row.text, kind: row.kind });
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      const giveUp = attempts >= this.opts.maxAttempts;
      const next = new Date(Date.now() + retryDelay(attempts, this.opts.baseDelayMs, this.opts.maxDelayMs)).toISOString();
      await this.db
        .updateTable('sms_outbox')
        // A code given up on is masked too: it is of no use to anyone now, and the outbox is in every backup.
        .set({ status: giveUp ? 'failed' : 'pending', attempts, last_error: reason, next_attempt_at: next, locked_until: null, ...(giveUp ? masked : {}) })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
      this.log[giveUp ? 'error' : 'warn']({ sms: id, attempts, err: reason }, giveUp ? 'sms failed for good' : 'sms send failed; will retry');
      return false;
    }
    await this.db
      .updateTable('sms_outbox')
      .set({ status: 'sent', attempts, last_error: null, sent_at: new Date().toISOString(), locked_until: null, ...masked })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
    return true;
  }
}
