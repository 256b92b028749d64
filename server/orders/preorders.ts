/**
 * Pre-orders on the orders side (issue 36; docs/preorders.md). Checkout asks `planPreorders`
 * which lines are pre-orders (domain/preorders.ts isPreorderLine), refuses what cannot be had
 * (400 for a payment that is not cash on delivery, 409 for too few units) and takes their
 * pre-order units through the catalogue (`takePreorders`); the order with any pre-order line is
 * held whole until every such line is filled and the latest release date has come. A cancel gives
 * the waiting lines' units back (`releaseWaiting`). Filling is `createPreorderFill`: arriving
 * stock goes to waiting lines, oldest order first, each order's customer texted once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { lockKey } from '../db/dialect';
import type { DialectName } from '../db/database';
import type { CatalogService } from '../catalog/service';
import type { CheckoutProduct, StockLine } from '../catalog/stock';
import type { SettingsService } from '../settings/service';
import { enqueueSms } from '../notifications/outbox';
import { IntervalWorker, type WorkerLog } from '../jobs/interval-worker';
import { outOfStock } from './out-of-stock';
import { isOnlineOption, type PaymentOption } from '../../domain/settings';
import { isPreorderLine, latestRelease, preorderAvailable, preorderFilledSms, preorderPaymentAllowed, stockOnSale } from '../../domain/preorders';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import { dhakaDate, stockRef } from '../../domain/stock';
import { MESSAGES } from '../../domain/orders';

type Stock = CatalogService['stock'];

/** Which lines of a checkout are pre-orders, and what the order row carries for them. */
export interface PreorderPlan {
  /** Products whose line is a pre-order. */
  lines: ReadonlySet<number>;
  /** The order's columns: the latest release date of its pre-order lines and how many wait. */
  columns: { preorder_release_date: string | null; preorder_waiting: number };
}

/**
 * Sorts a checkout's lines into stock lines and pre-order lines (`today`: the Dhaka date), or
 * refuses: a pre-order paid otherwise than cash on delivery is 400 on `payment_option`; a stock
 * line short of stock on sale, or a pre-order line over the units left, is checkout's 409.
 */
export function planPreorders(lines: readonly { product: number; quantity: number }[], products: ReadonlyMap<number, CheckoutProduct>, payment: PaymentOption, today: string): PreorderPlan {
  const pre = lines.filter((l) => isPreorderLine(products.get(l.product)!, l.quantity, today));
  const short = lines
    .filter((l) => !pre.includes(l) && stockOnSale(products.get(l.product)!) < l.quantity)
    .map((l) => ({ product: l.product, title: products.get(l.product)!.english_title, available: stockOnSale(products.get(l.product)!) }));
  if (short.length) throw outOfStock(short);
  if (pre.length && !preorderPaymentAllowed({ wallet: payment.wallet, online: isOnlineOption(payment) })) {
    throw badRequest(PREORDER_MESSAGES.payment, { payment_option: [PREORDER_MESSAGES.payment] });
  }
  const over = pre.find((l) => preorderAvailable(products.get(l.product)!) < l.quantity);
  if (over) throw soldOut(products.get(over.product)!);
  return {
    lines: new Set(pre.map((l) => l.product)),
    columns: { preorder_release_date: latestRelease(pre.map((l) => products.get(l.product)!.preorder_release_date)), preorder_waiting: pre.length },
  };
}

function soldOut(p: Pick<CheckoutProduct, 'id' | 'english_title' | 'preorder_release_date' | 'preorder_limit' | 'preorder_taken'>) {
  const left = preorderAvailable(p);
  return conflict(PREORDER_MESSAGES.soldOut(p.english_title, left), { out_of_stock: [{ product: p.id, title: p.english_title, available: left, preorder: true }] });
}

/**
 * Takes the pre-order lines' units (conditional UPDATEs: the limit holds under any concurrency),
 * at the prices the order was priced with; throws checkout's answer for the first refused line
 * (the caller's transaction rolls back).
 */
export async function takePreorders(trx: Kysely<DB>, stock: Pick<Stock, 'takePreorder'>, plan: PreorderPlan, lines: readonly StockLine[], products: ReadonlyMap<number, CheckoutProduct>): Promise<void> {
  const taken = await stock.takePreorder(trx, lines.filter((l) => plan.lines.has(l.product)));
  if (taken.taken) return;
  const { line, now } = taken;
  if (!now || now.is_active !== 1 || !now.preorder_release_date) throw badRequest(`Product ${line.product} is not available.`, { orderItems: [`Product ${line.product} is not available.`] });
  if (now.regular_price !== line.regular_price || now.discount_price !== line.discount_price) throw conflict(MESSAGES.priceChanged, { product: line.product });
  throw soldOut({ ...now, id: line.product, english_title: products.get(line.product)!.english_title });
}

/** A cancelled order's pre-order lines give their pre-order units back; its stock (filled lines too) goes back as before (transitions.ts). */
export async function releaseWaiting(trx: Kysely<DB>, stock: Pick<Stock, 'releasePreorder'>, lines: readonly { product: number; quantity: number; preorder: string | null }[]): Promise<void> {
  const pre = lines.filter((l) => l.preorder !== null).map((l) => ({ product: l.product, quantity: l.quantity, waiting: l.preorder === 'waiting' }));
  if (pre.length) await stock.releasePreorder(trx, pre);
}

export interface PreorderFillDeps {
  stock: Pick<Stock, 'fillPreorder' | 'fillable'>;
  settings: Pick<SettingsService, 'get'>;
  dialect: DialectName;
}

/** Between sweeps: the hooks fill at once; the sweep only catches what they missed (a cancel's stock back, a return received). */
const FILL_POLL_MS = 5 * 60_000;

const consoleLog: WorkerLog = { error: (obj, msg) => console.error(msg ?? 'pre-orders', obj) };

/**
 * Filling waiting pre-order lines from stock. Per product, one transaction holding the
 * product's fill lock (PostgreSQL: an advisory lock; SQLite has one writer): its waiting lines
 * of Pending orders, oldest order first, each filled while the stock lasts (the catalogue's
 * `fillPreorder`: stock and waiting count down together, a `sale` movement); the first line the
 * stock cannot cover stops the round, so no later order jumps the queue. An order whose last
 * waiting line is filled gets its one SMS in the same transaction.
 */
export function createPreorderFill(db: Kysely<DB>, deps: PreorderFillDeps) {
  let log: WorkerLog = consoleLog;

  async function fillProduct(product: number, shop: string, today: string): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await lockKey(trx, deps.dialect, `preorder:fill:${product}`);
      // PostgreSQL: the orders' rows are locked here, all of them before the product's row, as a
      // cancel takes them (its guarded UPDATE of the order, then the stock; transitions.ts). A cancel
      // that got there first leaves its order out (the row is read again once it commits); one that
      // comes later waits, then finds the line filled and gives its stock back. Locking each order
      // only when its line comes up could deadlock with a cancel of a later order. SQLite has one writer.
      const lines = await trx
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.id', 'i.order_id', 'i.quantity'])
        .where('i.product_id', '=', product)
        .where('i.preorder', '=', 'waiting')
        .where('o.status', '=', 'Pending')
        .orderBy('o.created_at')
        .orderBy('o.id')
        .orderBy('i.id')
        .$if(deps.dialect === 'postgres', (q) => q.forUpdate('o'))
        .execute();
      let filled = 0;
      for (const line of lines) {
        if (!(await deps.stock.fillPreorder(trx, { product, quantity: line.quantity, ref: stockRef.order(line.order_id) }, { user: null }))) break;
        // Checked again as they are written: a line no longer waiting, or an order no longer Pending, rolls the round back.
        const item = await trx.updateTable('order_items').set({ preorder: 'filled' }).where('id', '=', line.id).where('preorder', '=', 'waiting').executeTakeFirst();
        const order = await trx
          .updateTable('orders')
          .set({ preorder_waiting: sql<number>`preorder_waiting - 1` })
          .where('id', '=', line.order_id)
          .where('status', '=', 'Pending')
          .where('preorder_waiting', '>', 0)
          .returning(['preorder_waiting', 'account_phone', 'preorder_release_date'])
          .executeTakeFirst();
        if (Number(item.numUpdatedRows) !== 1 || !order) throw new Error(`Pre-order line ${line.id} of order ${line.order_id} changed while it was being filled.`);
        filled += 1;
        if (Number(order.preorder_waiting) === 0 && order.account_phone) {
          await enqueueSms(trx, order.account_phone, preorderFilledSms({ shop, id: line.order_id, releaseDate: order.preorder_release_date, today }), 'preorder_filled');
        }
      }
      return filled;
    });
  }

  /** Fills what these products' stock can (all products with units waiting, when none are named); never throws. Answers the lines filled. */
  async function fill(ids?: readonly number[], now: number = Date.now()): Promise<number> {
    let filled = 0;
    try {
      const products = await deps.stock.fillable(ids);
      if (!products.length) return 0;
      const shop = (await deps.settings.get()).shop_name;
      for (const product of products) {
        try {
          filled += await fillProduct(product, shop, dhakaDate(now));
        } catch (error) {
          log.error({ err: error, product }, 'pre-orders: filling failed; the sweep tries again');
        }
      }
    } catch (error) {
      log.error({ err: error }, 'pre-orders: filling failed; the sweep tries again');
    }
    return filled;
  }

  const worker = new IntervalWorker('pre-order filling', (now) => fill(undefined, now), () => log, FILL_POLL_MS, { exclusive: { db, dialect: deps.dialect } });

  return {
    /** The catalogue's hook after stock rose (services.ts): these products' waiting lines. */
    fill: (ids: readonly number[]) => fill(ids),
    /** One sweep over every product with units waiting and stock (tests; the worker's round). */
    sweep: (now?: number) => fill(undefined, now),
    start(l?: WorkerLog) {
      if (l) log = l;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}
