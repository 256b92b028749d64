/**
 * services.sms: put messages in the outbox, list it for admins, and run the worker that
 * delivers them (started by server/main.ts, stopped before the database closes).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import type { Config } from '../config';
import type { Page } from '../http/pagination';
import { enqueueSms } from './outbox';
import { consoleLog, createGateway, type LogLike, type SmsGateway } from './gateway';
import { SmsWorker, type WorkerOptions } from './worker';


/** Messages that carry a one-time code: password recovery and back-in-stock requests. */
const CODE_KINDS = new Set(['password_reset', 'restock_code']);
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
  opts: { gateway?: SmsGateway; worker?: WorkerOptions; log?: LogLike } = {},
) {
  let log: LogLike = opts.log ?? consoleLog;
  const gateway = opts.gateway ?? createGateway(config.sms, () => log);
  const worker = new SmsWorker(db, dialect, gateway, log, opts.worker);

  return {
    gateway,
    worker,

    /**
     * Stores a message for the worker. Pass the caller's transaction as `trx` when the message
     * belongs to a change, then call `nudge()` after it commits.
     */
    async enqueue(to: string, text: string, kind: string, trx: Kysely<DB> = db): Promise<number> {
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
          text: CODE_KINDS.has(r.kind) ? r.text.replace(/\d{6}/g, '••••••') : r.text,
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
