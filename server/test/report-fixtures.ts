/**
 * The reports' fixed data set (issue 35), written directly so every figure is known: seven
 * orders over Dhaka days 19–24 November 2026 and the figures a person works out from them by
 * hand (server/reports/reports.test.ts, the /admin-reports page test).
 *
 * | order | placed (UTC) | Dhaka day | status | lines | discount | delivery | payment |
 * |---|---|---|---|---|---|---|---|
 * | o1 | 20 Nov 04:00 | 20 Nov | Delivered | A×2 @300 | 50 | 60 | cod, paid 610 |
 * | o2 | 20 Nov 23:30 | 21 Nov | Pending | B×1 @400, C×3 @50 | 0 | 120 | bkash, unpaid |
 * | o3 | 21 Nov 10:00 | 21 Nov | Cancelled | A×5 @300 | 0 | 60 | online, paid 1560, refunded 100 on 22 Nov |
 * | o4 | 23 Nov 06:00 | 23 Nov | Returned | A×1 @300 | 0 | 60 | cod, paid 360, refunded 360 by hand on 24 Nov |
 * | o5 | 19 Nov 17:59 | 19 Nov | Delivered | B×1 @400 | 0 | 60 | cod (before the range) |
 * | o6 | 22 Nov 12:00 | 22 Nov | Delivered | A×1 @300 | 0 | 0 | online, paid 300, refunded 100 on 22 Nov (and a failed 50) |
 * | o7 | 24 Nov 09:00 | 24 Nov | Delivered (counter) | C×1 @50 | 0 | 0 | cash, paid 50 |
 *
 * A: book by X, published by P1, in C1, purchase price 200. B: book by Y, P1, in C2, no purchase
 * price. C: stationery in C3, no author or publisher, purchase price 30, a title a spreadsheet
 * would run as a formula.
 */
import type { Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { ORDER_ROW } from './orders-fixtures';

export const REPORT_RANGE = { from: '2026-11-20', to: '2026-11-24' } as const;
export const FORMULA_TITLE = '=HYPERLINK("http://evil.example","Pen")';

export interface ReportShop {
  products: { a: number; b: number; c: number };
  people: { x: number; y: number; p1: number; c1: number; c2: number; c3: number };
  orders: Record<'o1' | 'o2' | 'o3' | 'o4' | 'o5' | 'o6' | 'o7', number>;
}

const NOW = '2026-11-01T00:00:00.000Z';

export async function insertReportShop(db: Kysely<DB>): Promise<ReportShop> {
  const person = async (table: 'authors' | 'publishers', name: string) =>
    (await db.insertInto(table).values({ name, description: '', alt_text: '', created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const category = async (name: string) => (await db.insertInto('categories').values({ name, parent_id: null, created_at: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const people = { x: await person('authors', 'Author X'), y: await person('authors', 'Author Y'), p1: await person('publishers', 'Publisher P1'), c1: await category('Novels C1'), c2: await category('Poems C2'), c3: await category('Pens C3') };
  const product = async (title: string, type: ProductType, p: { author?: number; publisher?: number; category: number; purchase_price: number; price: number }) =>
    (
      await db
        .insertInto('products')
        .values({ type, english_title: title, author_id: p.author ?? null, publisher_id: p.publisher ?? null, category_id: p.category, purchase_price: p.purchase_price, regular_price: p.price, units_stock: 50, created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const products = {
    a: await product('Book A', 'books', { author: people.x, publisher: people.p1, category: people.c1, purchase_price: 200, price: 300 }),
    b: await product('Book B', 'books', { author: people.y, publisher: people.p1, category: people.c2, purchase_price: 0, price: 400 }),
    c: await product(FORMULA_TITLE, 'stationary', { category: people.c3, purchase_price: 30, price: 50 }),
  };
  const title = { [products.a]: 'Book A', [products.b]: 'Book B', [products.c]: FORMULA_TITLE };
  const type = (id: number): ProductType => (id === products.c ? 'stationary' : 'books');

  async function order(at: string, status: 'Pending' | 'Delivered' | 'Returned' | 'Cancelled', lines: [number, number, number][], o: { discount?: number; delivery: number; option: string; paid?: number; refunded?: number; gateway?: 'sslcommerz'; source?: 'web' | 'counter' }) {
    const subtotal = lines.reduce((s, [, q, p]) => s + q * p, 0);
    const total = subtotal + o.delivery - (o.discount ?? 0);
    const row = await db
      .insertInto('orders')
      .values({
        ...ORDER_ROW,
        name: `Buyer ${at.slice(8, 10)}`,
        payment_option: o.option,
        payment_gateway: o.gateway ?? null,
        source: o.source ?? 'web',
        subtotal,
        delivery_charge: o.delivery,
        discount_total: o.discount ?? 0,
        total,
        paid_amount: o.paid ?? 0,
        refunded_amount: o.refunded ?? 0,
        status,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(lines.map(([id, quantity, unit_price]) => ({ order_id: row.id, product_id: id, product_title: title[id]!, product_type: type(id), unit_price, quantity, total: quantity * unit_price })))
      .execute();
    return row.id;
  }
  const { a, b, c } = products;
  const orders = {
    o1: await order('2026-11-20T04:00:00.000Z', 'Delivered', [[a, 2, 300]], { discount: 50, delivery: 60, option: 'cod', paid: 610 }),
    o2: await order('2026-11-20T23:30:00.000Z', 'Pending', [[b, 1, 400], [c, 3, 50]], { delivery: 120, option: 'bkash' }),
    o3: await order('2026-11-21T10:00:00.000Z', 'Cancelled', [[a, 5, 300]], { delivery: 60, option: 'sslcommerz', gateway: 'sslcommerz', paid: 1560, refunded: 100 }),
    o4: await order('2026-11-23T06:00:00.000Z', 'Returned', [[a, 1, 300]], { delivery: 60, option: 'cod', paid: 360, refunded: 360 }),
    o5: await order('2026-11-19T17:59:00.000Z', 'Delivered', [[b, 1, 400]], { delivery: 60, option: 'cod', paid: 460 }),
    o6: await order('2026-11-22T12:00:00.000Z', 'Delivered', [[a, 1, 300]], { delivery: 0, option: 'sslcommerz', gateway: 'sslcommerz', paid: 300, refunded: 100 }),
    o7: await order('2026-11-24T09:00:00.000Z', 'Delivered', [[c, 1, 50]], { delivery: 0, option: 'cash', paid: 50, source: 'counter' }),
  };

  // A manual refund of the returned order, on 24 November in Dhaka.
  await db.insertInto('order_payments').values({ order_id: orders.o4, kind: 'refund', method: 'bkash', transaction_id: 'RF360', amount: 360, verified: 1, reason: 'Returned', created_by: null, created_at: '2026-11-24T05:00:00.000Z' }).execute();
  // Gateway refunds on 22 November: the delivered order's counts, the cancelled order's does not, a failed one never.
  const attempt = async (orderId: number, amount: number) =>
    (await db.insertInto('payment_attempts').values({ order_id: orderId, gateway: 'sslcommerz', invoice: `INV-${orderId}`, gateway_ref: null, amount, status: 'paid', created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const refund = async (orderId: number, attemptId: number, amount: number, status: 'succeeded' | 'failed', key: string) =>
    db.insertInto('payment_refunds').values({ order_id: orderId, attempt_id: attemptId, gateway: 'sslcommerz', amount, reason: 'r', status, refund_key: key, created_by: null, created_at: '2026-11-22T12:30:00.000Z', updated_at: '2026-11-22T12:30:05.000Z' }).execute();
  const a6 = await attempt(orders.o6, 300);
  await refund(orders.o6, a6, 100, 'succeeded', 'k6');
  await refund(orders.o6, a6, 50, 'failed', 'k6b');
  await refund(orders.o3, await attempt(orders.o3, 1560), 100, 'succeeded', 'k3');
  return { products, people, orders };
}

/** The sales report over REPORT_RANGE by day, worked out by hand from the table above. */
export const EXPECTED_SALES_BY_DAY = [
  { period: '2026-11-20', orders: 1, units: 2, revenue: 600, discounts: 50, delivery: 60, refunds: 0, net: 610 },
  { period: '2026-11-21', orders: 1, units: 4, revenue: 550, discounts: 0, delivery: 120, refunds: 0, net: 670 },
  { period: '2026-11-22', orders: 1, units: 1, revenue: 300, discounts: 0, delivery: 0, refunds: 100, net: 200 },
  { period: '2026-11-23', orders: 1, units: 1, revenue: 300, discounts: 0, delivery: 60, refunds: 0, net: 360 },
  { period: '2026-11-24', orders: 1, units: 1, revenue: 50, discounts: 0, delivery: 0, refunds: 360, net: -310 },
];
export const EXPECTED_SALES_TOTALS = { orders: 5, units: 9, revenue: 1800, discounts: 50, delivery: 240, refunds: 460, net: 1530 };
