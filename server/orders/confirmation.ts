/**
 * Confirming orders before dispatch (issue 33): staff's "called — confirmed", the buyer's
 * one-time SMS link, and the sweep that cancels what nobody confirmed in time
 * (confirmation-sweep.ts). Every confirmation is `applyConfirmation` (transitions.ts): a
 * conditional UPDATE from `unconfirmed`, so a link pressed twice, or pressed while staff confirm,
 * confirms once. The order keeps the link's token only as its SHA-256 (the text sent stays in the
 * SMS outbox, as every message does); a token of the wrong shape is refused before any query.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import { IntervalWorker, type WorkerLog } from '../jobs/interval-worker';
import { applyConfirmation } from './transitions';
import { createConfirmationSweep, type SweepDeps, type SweepLog } from './confirmation-sweep';
import { CONFIRM_TOKEN_PATTERN, DESK_MESSAGES, type confirmOrderSchema } from '../../domain/order-desk';
import type { z } from 'zod';

export function hashConfirmToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export type ConfirmOrderInput = z.infer<typeof confirmOrderSchema>;

/** What the link's page shows: the order's number, lines and total, nothing about the buyer. */
export interface LinkOrder {
  id: number;
  total: number;
  delivery_charge: number;
  lines: { title: string; quantity: number; total: number }[];
}

/** Between sweeps: the hours are many and a round that finds nothing is one indexed query. */
const SWEEP_POLL_MS = 5 * 60_000;

const consoleLog: SweepLog = {
  error: (obj, msg) => console.error(msg ?? 'confirmation', obj),
  info: () => {},
};

/** Staff's note line for a confirmation: what they did, then what they wrote. */
function confirmationNote(method: ConfirmOrderInput['method'], note: string | undefined): string {
  return `[confirmed by ${method}]${note ? ` ${note}` : ''}`;
}

export function createConfirmation(db: Kysely<DB>, deps: SweepDeps) {
  let log: SweepLog = consoleLog;
  const sweep = createConfirmationSweep(db, deps, () => log);
  // One process's sweep at a time (server/jobs/exclusive.ts); the conditional move keeps it right without.
  const worker = new IntervalWorker('unconfirmed order sweep', (now) => sweep(now), (): WorkerLog => log, SWEEP_POLL_MS, { exclusive: { db, dialect: deps.dialect } });

  async function linkOrder(q: Kysely<DB>, token: string): Promise<{ id: number; total: number; delivery_charge: number } | undefined> {
    // Garbage never reaches the database: only the shape a link carries is looked up.
    if (!CONFIRM_TOKEN_PATTERN.test(token)) return undefined;
    return q
      .selectFrom('orders')
      .select(['id', 'total', 'delivery_charge'])
      .where('confirm_token_hash', '=', hashConfirmToken(token))
      .where('status', '=', 'Pending')
      .where('confirmation', '=', 'unconfirmed')
      .executeTakeFirst();
  }

  async function withLines(q: Kysely<DB>, o: { id: number; total: number; delivery_charge: number }): Promise<LinkOrder> {
    const rows = await q.selectFrom('order_items').select(['product_title', 'quantity', 'total']).where('order_id', '=', o.id).orderBy('id').execute();
    return { ...o, lines: rows.map((r) => ({ title: r.product_title, quantity: r.quantity, total: r.total })) };
  }

  return {
    /**
     * `POST /api/order/{id}/confirm/`: staff confirm a Pending order (by a call, or on their own
     * say-so); their note joins the order's staff note. `already`: it was confirmed before,
     * nothing changes. 404 for no such order, 409 for one that is not Pending.
     */
    async confirm(staff: AuthUser, id: number, input: ConfirmOrderInput): Promise<'confirmed' | 'already'> {
      return db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['status', 'confirmation']).where('id', '=', id).executeTakeFirst();
        if (!order) throw notFound('Order not found.');
        if (order.status !== 'Pending') throw conflict(DESK_MESSAGES.notPendingConfirm(id, order.status), { current_status: order.status });
        const result = await applyConfirmation(trx, { id, method: input.method, by: staff.id });
        if (result === 'stale') {
          // Moved on between the read and the move (cancelled, say).
          const now = await trx.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
          throw conflict(DESK_MESSAGES.notPendingConfirm(id, now.status), { current_status: now.status });
        }
        if (result === 'confirmed') {
          const line = confirmationNote(input.method, input.note);
          await trx
            .updateTable('orders')
            .set({ staff_note: sql<string>`case when staff_note = '' then ${line} else staff_note || ${`\n${line}`} end` })
            .where('id', '=', id)
            .execute();
        }
        return result;
      });
    },

    /** The order a link's token confirms, while it still can; undefined for an unknown, used or expired token. */
    async byToken(token: string): Promise<LinkOrder | undefined> {
      const order = await linkOrder(db, token);
      return order && withLines(db, order);
    },

    /** `POST /c/{token}`: confirms the link's order, once (method `sms`); undefined when the token confirms nothing (any more). */
    async confirmByToken(token: string): Promise<LinkOrder | undefined> {
      return db.transaction().execute(async (trx) => {
        const order = await linkOrder(trx, token);
        if (!order) return undefined;
        // A second press (or staff confirming meanwhile) finds it confirmed: the link is spent.
        if ((await applyConfirmation(trx, { id: order.id, method: 'sms' })) !== 'confirmed') return undefined;
        return withLines(trx, order);
      });
    },

    /** One sweep now (tests; `runOnce` of the worker). Answers how many orders it cancelled. */
    sweep,
    worker,
    start(logger?: SweepLog) {
      if (logger) log = logger;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}
