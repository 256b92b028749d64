/**
 * The counter (point of sale, issue 36; docs/counter.md): sales (sale.ts), the day's report
 * (report.ts) and what a receipt prints (receipt.ts). Part of the orders module, whose tables a
 * sale writes; the catalogue's copy for the screen is the catalogue's own (catalog/counter-items.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../accounts/sessions';
import type { OrderDeps } from '../deps';
import { createCounterSale } from './sale';
import { createCounterReport } from './report';
import type { ReceiptData } from './receipt';

export function createCounter(db: Kysely<DB>, deps: OrderDeps, view: (user: AuthUser, id: number) => Promise<unknown>) {
  const sell = createCounterSale(db, deps);
  return {
    /** Records a sale (or answers the one its client_ref already made) and the order as staff see it. */
    async sell(staff: AuthUser, body: unknown) {
      const sale = await sell(staff, body);
      return { ...sale, order: (await view(staff, sale.id)) as Record<string, unknown> };
    },

    report: createCounterReport(db, deps),

    /** What the receipt of a counter sale prints; null when there is no such counter sale. */
    async receipt(id: number): Promise<ReceiptData | null> {
      const o = await db.selectFrom('orders').selectAll().where('id', '=', id).where('source', '=', 'counter').executeTakeFirst();
      if (!o) return null;
      const [items, payment, settings] = await Promise.all([
        db.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('id').execute(),
        db.selectFrom('order_payments').select('method').where('order_id', '=', id).where('kind', '=', 'payment').orderBy('id').executeTakeFirst(),
        deps.settings.get(),
      ]);
      const seller = o.confirmed_by === null ? '' : ((await deps.users.namesByIds([o.confirmed_by])).get(o.confirmed_by) ?? '');
      return {
        shop: { name: settings.shop_name, address: settings.address, phones: settings.phones },
        order: {
          id: o.id,
          created_at: new Date(o.created_at).toISOString(),
          subtotal: o.subtotal,
          discount_total: o.discount_total,
          total: o.total,
          tendered: o.tendered,
          change_due: o.change_due,
          stock_short: o.stock_short === 1,
          name: o.name,
          phone_number: o.phone_number,
        },
        method: payment?.method ?? '',
        seller,
        items: items.map((i) => ({ title: i.product_title, quantity: i.quantity, unit_price: i.unit_price, total: i.total, short: i.short === 1 })),
      };
    },
  };
}

export type Counter = ReturnType<typeof createCounter>;
