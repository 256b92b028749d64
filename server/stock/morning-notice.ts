/**
 * The morning notice (issue 35): once a Dhaka day, from 09:00, the managers and owners get ONE
 * SMS saying how many products are low on stock and naming the fastest-selling few, through the
 * SMS outbox as `low_stock_alert` (a staff alert: never capped per number, domain/sms-limits.ts).
 *
 * Once a day, whatever the number of processes or restarts: the day is claimed by inserting its
 * row into `stock_alert_days` (its primary key) in the same transaction that queues the messages,
 * so only one claim commits and a restart finds the day done. The job runs in one process at a
 * time besides (server/jobs/exclusive.ts), which only saves the repeated reads.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { nowIso } from '../db/dialect';
import { enqueueSms } from '../notifications/outbox';
import { IntervalWorker, type WorkerLog } from '../jobs/interval-worker';
import type { SettingsService } from '../settings/service';
import { dhakaDate, lowStockSms, morningNoticeDue, type LowStockRow } from '../../domain/stock';

export interface NoticeLog extends WorkerLog {
  info(obj: object, msg?: string): void;
}

export interface MorningNoticeDeps {
  dialect: DialectName;
  settings: Pick<SettingsService, 'get'>;
  /** The low-stock list, ranked (low-stock.ts). */
  lowStock(now: number): Promise<LowStockRow[]>;
  /** The numbers of the users who are managers or owners. */
  recipients(): Promise<string[]>;
  /** Wakes the SMS worker once messages are queued. */
  nudgeSms?: (() => void) | undefined;
  /** PUBLIC_URL: the notice links to the low-stock screen. */
  publicUrl: string;
  /** How often the job looks at the clock (default 5 minutes). */
  pollMs?: number | undefined;
}

/** `early`: before 09:00 (or after 21:00) Dhaka time; `done`: this day's notice was already claimed; `sent`: queued to someone; `nothing`: the day claimed with nothing low or nobody to tell. */
export type NoticeResult = 'early' | 'done' | 'sent' | 'nothing';

const quietLog: NoticeLog = { info: () => {}, error: (obj, msg) => console.error(msg ?? 'low-stock notice', obj) };

export function createMorningNotice(db: Kysely<DB>, deps: MorningNoticeDeps) {
  let log: NoticeLog = quietLog;

  async function round(now: number): Promise<NoticeResult> {
    if (!morningNoticeDue(now)) return 'early';
    const day = dhakaDate(now);
    // The usual case after the morning: nothing to read.
    if (await db.selectFrom('stock_alert_days').select('day').where('day', '=', day).executeTakeFirst()) return 'done';
    const low = await deps.lowStock(now);
    const phones = low.length ? [...new Set(await deps.recipients())] : [];
    const { shop_name } = await deps.settings.get();
    const text = lowStockSms({ shop: shop_name, count: low.length, titles: low.map((r) => r.title), link: `${deps.publicUrl}/admin-stock-low` });
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('stock_alert_days')
        .values({ day, products: low.length, recipients: phones.length, created_at: nowIso() })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!row) return false;
      for (const to of phones) await enqueueSms(trx, to, text, 'low_stock_alert');
      return true;
    });
    if (!claimed) return 'done';
    if (!phones.length) return 'nothing';
    deps.nudgeSms?.();
    log.info({ day, products: low.length, recipients: phones.length }, 'stock: the morning low-stock notice was queued');
    return 'sent';
  }

  const worker = new IntervalWorker('low-stock notice', round, (): WorkerLog => log, deps.pollMs ?? 5 * 60_000, { exclusive: { db, dialect: deps.dialect } });
  return {
    /** One round at `now` (tests pass their clock). */
    runOnce: (now: number = Date.now()) => worker.runOnce(now),
    start(logger?: NoticeLog) {
      if (logger) log = logger;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}
