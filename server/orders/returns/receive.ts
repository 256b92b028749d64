/**
 * The shop receives goods coming back (`POST /api/returns/{id}/receive/`, `POST /api/order/{id}/
 * receive-parcel/`): approved → received, once, inside the caller's transaction. Only now does
 * stock move: resellable units go back on the shelf through the catalogue's `giveBack`, damaged
 * ones are written off (recorded on the line, no stock). The condition given at receipt wins,
 * else the one given when the return was made, else the units are resellable. Two packers
 * pressing "received" at once: the conditional UPDATE moves it once, the second answers 409.
 *
 * A courier's partial delivery may arrive without saying which units came back (its return has
 * no lines yet): the packer's `lines` then say it, within what is left to return of the order.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { badRequest, type FieldErrors } from '../../http/errors';
import type { CatalogService, StockItem } from '../../catalog/service';
import { RETURN_MESSAGES, type ReturnCondition } from '../../../domain/returns';
import { stockRef } from '../../../domain/stock';
import { checkReturnable, returnableItems } from './lines';
import { applyReturnMove, settleRefunded, syncReturnStatus } from './moves';

export interface ReceiveDeps {
  stock: Pick<CatalogService['stock'], 'giveBack' | 'writeOff'>;
}

export interface ReceivedLine {
  order_item: number;
  quantity: number;
  condition: ReturnCondition;
}

interface Segment {
  quantity: number;
  condition: ReturnCondition;
}

/**
 * Receives approved returns `returnIds` of order `orderId` (all of them, or none: `stale` when
 * one was no longer approved). `lines` split units by condition: each names an order item, how
 * many of its returned units and their condition; units not named keep the return's own.
 */
export async function receiveReturns(trx: Kysely<DB>, deps: ReceiveDeps, req: { orderId: number; returnIds: number[]; lines?: ReceivedLine[] | undefined; by: number | null }): Promise<'received' | 'stale'> {
  const rows = await trx
    .selectFrom('return_lines')
    .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
    .select(['return_lines.id', 'return_lines.return_id', 'return_lines.order_item_id', 'return_lines.quantity', 'return_lines.condition', 'order_items.product_id', 'order_items.product_title'])
    .where('return_lines.return_id', 'in', req.returnIds)
    .orderBy('return_lines.return_id')
    .orderBy('return_lines.id')
    .execute();
  const lineless = req.returnIds.filter((id) => !rows.some((r) => r.return_id === id));

  // What the packer said, per order item, in the order given.
  const asked = new Map<number, Segment[]>();
  for (const l of req.lines ?? []) asked.set(l.order_item, [...(asked.get(l.order_item) ?? []), { quantity: l.quantity, condition: l.condition }]);
  const take = (item: number, max: number): Segment[] => {
    const out: Segment[] = [];
    const queue = asked.get(item) ?? [];
    while (max > 0 && queue.length) {
      const head = queue[0]!;
      const n = Math.min(max, head.quantity);
      out.push({ quantity: n, condition: head.condition });
      head.quantity -= n;
      max -= n;
      if (head.quantity === 0) queue.shift();
    }
    return out;
  };

  const plans = rows.map((r) => {
    const given = take(r.order_item_id, r.quantity);
    const rest = r.quantity - given.reduce((n, s) => n + s.quantity, 0);
    return { row: r, segments: rest > 0 ? [...given, { quantity: rest, condition: r.condition ?? 'resellable' }] : given };
  });

  // Units named beyond the returns' own lines: the lines of a return that came without any, else too many.
  const extra = [...asked].flatMap(([item, segs]) => segs.filter((s) => s.quantity > 0).map((s) => ({ order_item: item, ...s })));
  const added: { returnId: number; order_item: number; quantity: number; condition: ReturnCondition; product: number }[] = [];
  if (lineless.length && !extra.length) throw badRequest(RETURN_MESSAGES.lines, { lines: [RETURN_MESSAGES.lines] });
  if (extra.length) {
    const items = await returnableItems(trx, req.orderId);
    if (!lineless.length) {
      const errors: FieldErrors = {};
      for (const e of extra) {
        const i = (req.lines ?? []).findIndex((l) => l.order_item === e.order_item);
        const onReturn = rows.find((r) => r.order_item_id === e.order_item);
        errors[`lines.${i}.${onReturn ? 'quantity' : 'order_item'}`] = [onReturn ? RETURN_MESSAGES.tooMany(onReturn.product_title, rows.filter((r) => r.order_item_id === e.order_item).reduce((n, r) => n + r.quantity, 0)) : RETURN_MESSAGES.unknownItem];
      }
      throw badRequest(Object.values(errors)[0]![0]!, errors);
    }
    checkReturnable(extra, items);
    for (const e of extra) added.push({ returnId: lineless[0]!, order_item: e.order_item, quantity: e.quantity, condition: e.condition, product: items.get(e.order_item)!.product });
  }

  const now = nowIso();
  for (const id of req.returnIds) {
    if (!(await applyReturnMove(trx, { id, from: 'approved', to: 'received', set: { received_by: req.by, received_at: now } }))) return 'stale';
  }

  // Per return and product, for the ledger's reference (`return:<id>`): resellable units and damaged ones.
  const back = new Map<string, StockItem>();
  const off = new Map<string, StockItem>();
  const restock = (returnId: number, product: number, s: Segment) => {
    const into = s.condition === 'resellable' ? back : off;
    const item = into.get(`${returnId}:${product}`) ?? { product, quantity: 0, ref: stockRef.return(returnId) };
    item.quantity += s.quantity;
    into.set(`${returnId}:${product}`, item);
  };
  for (const { row, segments } of plans) {
    const [first, ...more] = segments;
    if (!first) continue;
    // One line per condition: a line received part resellable, part damaged, is split in two.
    await trx.updateTable('return_lines').set({ quantity: first.quantity, received_condition: first.condition }).where('id', '=', row.id).execute();
    if (more.length) {
      await trx
        .insertInto('return_lines')
        .values(more.map((s) => ({ return_id: row.return_id, order_item_id: row.order_item_id, quantity: s.quantity, condition: row.condition, received_condition: s.condition })))
        .execute();
    }
    for (const s of segments) restock(row.return_id, row.product_id, s);
  }
  if (added.length) {
    await trx
      .insertInto('return_lines')
      .values(added.map((a) => ({ return_id: a.returnId, order_item_id: a.order_item, quantity: a.quantity, condition: a.condition, received_condition: a.condition })))
      .execute();
    for (const a of added) restock(a.returnId, a.product, a);
  }
  // Resellable units back on the shelf; damaged ones never re-enter stock (a `damaged` movement of 0 records them).
  if (back.size) await deps.stock.giveBack(trx, [...back.values()], { reason: 'return', user: req.by });
  if (off.size) await deps.stock.writeOff(trx, [...off.values()], { reason: 'damaged', user: req.by });

  await syncReturnStatus(trx, req.orderId);
  // Refunds naming a return may have reached its amount before the goods came back.
  for (const id of req.returnIds) await settleRefunded(trx, id);
  return 'received';
}
