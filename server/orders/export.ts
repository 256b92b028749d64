/**
 * The orders export for the accountant (`GET /api/order/export.csv` and `.xlsx`): every order the
 * back office's list would show with the same filters (reads.ts whereListed), oldest first, one
 * row per line with the order's figures repeated on each (an order without lines still gets one
 * row). Orders are read EXPORT_BATCH at a time by id (keyset, never OFFSET) with their lines, and
 * written as they come (http/downloads.ts), so 30,000 orders are never held at once.
 */
import type { Kysely } from 'kysely';
import type { DB, OrderItem } from '../db/schema';
import type { DialectName } from '../db/database';
import { csvStream, xlsxStream, type SheetRow } from '../http/downloads';
import { dhakaTimeText } from '../../domain/reports';
import type { OrderListQuery } from './deps';
import { whereListed } from './reads';

/** Orders read per query. */
export const EXPORT_BATCH = 500;

/** The export's columns, in order (the header row). `placed_at` is Dhaka time; `paid` what the order was paid, `refunded` what went back. */
export const ORDER_EXPORT_COLUMNS = [
  'order_id', 'placed_at', 'status', 'payment_option', 'payment_status', 'source', 'customer_name', 'phone', 'district', 'upazila',
  'courier', 'consignment_id', 'product_id', 'title', 'quantity', 'unit_price', 'line_total', 'order_subtotal', 'order_discount',
  'order_delivery', 'order_total', 'paid', 'refunded',
] as const;

/** The order list's filters the export takes: all but paging and ordering. */
export type OrderExportQuery = Omit<OrderListQuery, 'ordering'>;

const ORDER_COLUMNS = [
  'id', 'created_at', 'status', 'payment_option', 'payment_status', 'source', 'name', 'phone_number', 'district', 'upazila_thana', 'courier',
  'consignment_id', 'subtotal', 'discount_total', 'delivery_charge', 'total', 'paid_amount', 'refunded_amount',
] as const;

type LineCells = Pick<OrderItem, 'product_id' | 'product_title' | 'quantity' | 'unit_price' | 'total'>;

export function createOrderExport(db: Kysely<DB>, dialect: DialectName, hooks: { onBatch?: (() => void) | undefined } = {}) {
  async function* rows(query: OrderExportQuery): AsyncGenerator<SheetRow> {
    let after = 0;
    for (;;) {
      const orders = await whereListed(db.selectFrom('orders'), query, dialect).select(ORDER_COLUMNS).where('id', '>', after).orderBy('id').limit(EXPORT_BATCH).execute();
      hooks.onBatch?.();
      if (orders.length === 0) return;
      const items = await db
        .selectFrom('order_items')
        .select(['order_id', 'product_id', 'product_title', 'quantity', 'unit_price', 'total'])
        .where('order_id', 'in', orders.map((o) => o.id))
        .orderBy('order_id')
        .orderBy('id')
        .execute();
      const linesOf = new Map<number, LineCells[]>();
      for (const item of items) linesOf.set(item.order_id, [...(linesOf.get(item.order_id) ?? []), item]);
      for (const o of orders) {
        const order = {
          order_id: o.id,
          placed_at: dhakaTimeText(o.created_at),
          status: o.status,
          payment_option: o.payment_option,
          payment_status: o.payment_status,
          source: o.source,
          customer_name: o.name,
          phone: o.phone_number,
          district: o.district,
          upazila: o.upazila_thana,
          courier: o.courier ?? '',
          consignment_id: o.consignment_id ?? '',
        };
        const figures = { order_subtotal: o.subtotal, order_discount: o.discount_total, order_delivery: o.delivery_charge, order_total: o.total, paid: o.paid_amount, refunded: o.refunded_amount };
        const lines = linesOf.get(o.id) ?? [];
        if (lines.length === 0) yield { ...order, ...figures };
        for (const l of lines) yield { ...order, product_id: l.product_id, title: l.product_title, quantity: l.quantity, unit_price: l.unit_price, line_total: l.total, ...figures };
      }
      if (orders.length < EXPORT_BATCH) return;
      after = orders[orders.length - 1]!.id;
    }
  }

  return {
    /** The rows, for tests and other formats. */
    rows,
    /** As CSV (UTF-8 with a BOM); a database error mid-way cuts the download short, never silently complete. */
    csv: (query: OrderExportQuery) => csvStream(ORDER_EXPORT_COLUMNS, rows(query)),
    /** As an .xlsx of one sheet, "Orders". */
    xlsx: (query: OrderExportQuery) => xlsxStream(ORDER_EXPORT_COLUMNS, rows(query), 'Orders'),
  };
}
