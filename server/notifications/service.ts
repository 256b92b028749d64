/**
 * services.sms: put messages in the outbox, list it for admins, and run the worker that
 * delivers them (started by server/main.ts, stopped before the database closes).
 *
 * The shop's SMS limits (domain/sms-limits.ts has the rules): codes and notices to one number are
 * capped per Dhaka day (`sms_daily_limit_per_number`) when they are queued — a code over the cap
 * answers 429, a notice is skipped with a log line; the worker holds codes and notices back once
 * the shop-wide `sms_hourly_limit` is reached and tells the owners once an hour.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import type { Config } from '../config';
import type { Page } from '../http/pagination';
import { TooManyRequests, type RateLimiter } from '../accounts/rate-limit';
import { enqueueSms } from './outbox';
import { consoleLog, createGateway, type LogLike, type SmsGateway } from './gateway';
import { SmsWorker, type WorkerOptions } from './worker';
import { budgetAlertText, dhakaDayStart, isCapped, maskCodes, secondsToDhakaMidnight, smsClass, underDailyCap, type SmsLimits } from '../../domain/sms-limits';

/** The refusal of a code over `sms_daily_limit_per_number`: 429 until Dhaka's midnight. */
export const SMS_DAILY_LIMIT_MESSAGE =
  'এই নম্বরে আজ আর কোড পাঠানো যাবে না। আগামীকাল আবার চেষ্টা করুন। (No more codes can be sent to this number today; please try again tomorrow.)';

export class SmsDailyLimitReached extends TooManyRequests {
  constructor(retryAfter: number) {
    super(SMS_DAILY_LIMIT_MESSAGE, retryAfter);
  }
}

/** What the limits need from the rest of the shop; handed in by server/services.ts (lazily: settings and accounts are built later). */
export interface SmsShop {
  /** The limits, from the settings (0: none), read through `q`, the caller's transaction when there is one. */
  limits(q?: Kysely<DB>): Promise<SmsLimits>;
  /** The phones that hear about the hourly budget: every admin's (accounts' `users.staffPhones`). */
  owners(): Promise<string[]>;
  shopName(): Promise<string>;
  /** The shared rate limiter: one budget alert an hour across every process. */
  limiter(): RateLimiter;
}

const HOUR_MS = 3600_000;

export interface ApiSms {
  id: number;
  to: string;
  text: string;
  kind: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export function createSmsService(
  db: Kysely<DB>,
  dialect: DialectName,
  config: Pick<Config, 'sms'>,
  opts: { gateway?: SmsGateway; worker?: WorkerOptions; log?: LogLike; shop?: SmsShop } = {},
) {
  let log: LogLike = opts.log ?? consoleLog;
  const gateway = opts.gateway ?? createGateway(config.sms, () => log);
  const shop = opts.shop;
  const limits = async (q: Kysely<DB> = db): Promise<SmsLimits> => (shop ? shop.limits(q) : { dailyPerNumber: 0, hourly: 0 });

  /** Once an hour, across processes: every owner hears that codes and notices are waiting. */
  async function alertOwners(limit: number): Promise<void> {
    if (!shop) return;
    const slot = await shop.limiter().hit('sms:hourly-limit-alert', { limit: 1, windowMs: HOUR_MS });
    if (!slot.allowed) return;
    const [phones, name] = await Promise.all([shop.owners(), shop.shopName()]);
    for (const phone of new Set(phones)) await enqueueSms(db, phone, budgetAlertText(name, limit), 'staff_alert');
    log.warn({ hourly_limit: limit, owners: phones.length }, 'sms: hourly limit reached; the owners were told');
    worker.nudge();
  }

  const worker = new SmsWorker(db, dialect, gateway, log, opts.worker, {
    limits: () => limits(),
    budgetReached: (limit) => alertOwners(limit),
    // Only the log driver sends nothing; only a developer's SMS_LOG_CODES=1 keeps codes readable.
    keepCodes: config.sms.driver === 'log' && config.sms.logCodes === true,
  });

  /** Codes and notices queued for `to` since this Dhaka day began (read through the caller's transaction). */
  async function cappedToday(q: Kysely<DB>, to: string): Promise<number> {
    const since = timestampParam(dialect, dhakaDayStart(new Date()).toISOString());
    const rows = await q
      .selectFrom('sms_outbox')
      .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('to_phone', '=', to)
      .where('created_at', '>=', since)
      .groupBy('kind')
      .execute();
    return rows.reduce((sum, r) => sum + (isCapped(r.kind) ? Number(r.n) : 0), 0);
  }

  return {
    gateway,
    worker,

    /**
     * Stores a message for the worker. Pass the caller's transaction as `trx` when the message
     * belongs to a change, then call `nudge()` after it commits. A code or notice to a number that
     * had `sms_daily_limit_per_number` of them this Dhaka day is refused: a code throws 429
     * (SmsDailyLimitReached, Retry-After until midnight), a notice is skipped (null) with a log line.
     */
    async enqueue(to: string, text: string, kind: string, trx: Kysely<DB> = db): Promise<number | null> {
      if (isCapped(kind)) {
        const { dailyPerNumber } = await limits(trx);
        if (dailyPerNumber > 0 && !underDailyCap(kind, await cappedToday(trx, to), { dailyPerNumber })) {
          if (smsClass(kind) === 'code') throw new SmsDailyLimitReached(secondsToDhakaMidnight(new Date()));
          log.info({ to, kind, daily_limit: dailyPerNumber }, 'sms: daily limit for this number reached; notice not sent');
          return null;
        }
      }
      const id = await enqueueSms(trx, to, text, kind);
      if (trx === db) worker.nudge();
      return id;
    },

    nudge(): void {
      worker.nudge();
    },

    /** The outbox, newest first, as `GET /api/sms/` shows it to admins. */
    async list(q: { phone_number?: string | undefined; status?: string | undefined }, page: Page): Promise<{ count: number; results: ApiSms[] }> {
      let base = db.selectFrom('sms_outbox');
      if (q.phone_number) base = base.where('to_phone', '=', q.phone_number);
      if (q.status) base = base.where('status', '=', q.status as ApiSms['status']);
      const [{ count }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        base.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      return {
        count: Number(count),
        results: rows.map((r) => ({
          id: r.id,
          to: r.to_phone,
          // Admins see that a one-time code went out, not the code (ASVS V14.2).
          text: maskCodes(r.kind, r.text),
          kind: r.kind,
          status: r.status,
          attempts: r.attempts,
          last_error: r.last_error,
          created_at: r.created_at,
          sent_at: r.sent_at,
        })),
      };
    },

    /** Messages by status, for /metrics (the sms_outbox_due index answers it). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('sms_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    start(logger?: LogLike): void {
      if (logger) log = logger;
      worker.start(log);
    },

    stop(): Promise<void> {
      return worker.stop();
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
