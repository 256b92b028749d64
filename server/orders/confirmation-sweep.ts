/**
 * The sweep of orders nobody confirmed (issue 33): a Pending order still unconfirmed
 * `unconfirmed_cancel_hours` after checkout (0: never; read each round), with no parcel and
 * nothing paid or verified, is cancelled through the state machine (cause `unconfirmed_expired`:
 * stock and promotion uses back, the customer's SMS), each in its own transaction. The move is a
 * conditional UPDATE whose guard says the same as the scan, so two processes sweeping at once
 * cancel an order once, and a confirmation or payment that lands meanwhile wins.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { timestampParam } from '../db/dialect';
import type { SettingsService } from '../settings/service';
import type { WorkerLog } from '../jobs/interval-worker';
import { applyOrderMove, type OrderMoveDeps } from './transitions';

export interface SweepLog extends WorkerLog {
  info(obj: object, msg?: string): void;
}

export interface SweepDeps extends OrderMoveDeps {
  settings: Pick<SettingsService, 'get'>;
}

const HOUR_MS = 3600_000;

/** The instant before which an unconfirmed order is cancelled; null when the shop never cancels. */
export function unconfirmedCutoff(now: number, hours: number): string | null {
  return hours > 0 ? new Date(now - hours * HOUR_MS).toISOString() : null;
}

export function createConfirmationSweep(db: Kysely<DB>, deps: SweepDeps, log: () => SweepLog) {
  /** Orders past the cutoff the move would take, oldest first (the orders_unconfirmed index), skipping those tried this round. */
  function candidates(cutoff: string, skip: number[], batch: number) {
    let q = db
      .selectFrom('orders')
      .select('id')
      .where('confirmation', '=', 'unconfirmed')
      .where('created_at', '<=', timestampParam(deps.dialect, cutoff))
      .where('status', '=', 'Pending')
      .where('consignment_id', 'is', null)
      .where('payment_status', 'in', ['unpaid', 'unverified'])
      // No verified money at all (a verified payment confirms the order, too).
      .where('paid_amount', '=', 0)
      // A pre-order waits weeks for its release by design: never cancelled for it (docs/preorders.md).
      .where('preorder_release_date', 'is', null);
    if (skip.length) q = q.where('id', 'not in', skip);
    return q.orderBy('created_at').orderBy('id').limit(batch).execute();
  }

  /** One round: answers how many orders it cancelled. */
  return async function sweep(now: number = Date.now(), batch = 50): Promise<number> {
    const settings = await deps.settings.get();
    // A shop that turned confirmation off is not asking anyone any more: orders left unconfirmed
    // from before wait in the "to confirm" view for staff, and are never cancelled behind their back.
    if (settings.order_confirmation === 'none') return 0;
    const cutoff = unconfirmedCutoff(now, settings.unconfirmed_cancel_hours);
    if (!cutoff) return 0;
    let cancelled = 0;
    // Orders that did not move (another process, a confirmation, a failure) are not asked again this round.
    const skip: number[] = [];
    for (;;) {
      const rows = await candidates(cutoff, skip, batch);
      for (const { id } of rows) {
        try {
          const moved = await db.transaction().execute((trx) => applyOrderMove(trx, deps, { id, from: 'Pending', to: 'Cancelled', cause: 'unconfirmed_expired', shopName: settings.shop_name }));
          if (moved === 'moved') {
            cancelled += 1;
            log().info({ order: id, hours: settings.unconfirmed_cancel_hours }, 'orders: an order nobody confirmed in time was cancelled');
          } else skip.push(id);
        } catch (error) {
          skip.push(id);
          log().error({ err: error, order: id }, 'orders: cancelling an unconfirmed order failed; the next round tries again');
        }
      }
      if (rows.length < batch) return cancelled;
    }
  };
}
