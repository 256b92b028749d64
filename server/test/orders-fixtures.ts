/** Fixtures for order tests, the concurrency test and the checkout benchmark: products and signed-in customers. */
import crypto from 'node:crypto';
import type { Signed, TestApp } from './app';
import type { Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { nowIso } from '../db/dialect';
import { hashToken } from '../accounts/sessions';
import type { OrderSource } from '../../domain/order-desk';
import type { CourierId } from '../../domain/providers';

export async function insertProduct(
  db: Kysely<DB>,
  p: { title?: string; type?: ProductType; regular_price?: number; discount_price?: number; units_stock?: number; units_sold?: number; is_active?: boolean } = {},
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('products')
    .values({
      type: p.type ?? 'books',
      english_title: p.title ?? `Test book ${crypto.randomBytes(3).toString('hex')}`,
      regular_price: p.regular_price ?? 300,
      discount_price: p.discount_price ?? 0,
      units_stock: p.units_stock ?? 10,
      units_sold: p.units_sold ?? 0,
      is_active: p.is_active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Many customers with a session each, written directly (no Argon2 per user, which would take
 * seconds for hundreds). Returns each customer's bearer token.
 */
export async function insertCustomers(db: Kysely<DB>, count: number, prefix = '0191'): Promise<{ userId: number; token: string; phone: string }[]> {
  const now = nowIso();
  const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
  const out: { userId: number; token: string; phone: string }[] = [];
  const tag = String(crypto.randomInt(0, 1000)).padStart(3, '0');
  for (let i = 0; i < count; i++) {
    const phone = `${prefix}${tag}${String(i).padStart(4, '0')}`;
    const user = await db
      .insertInto('users')
      .values({ name: `Customer ${i}`, phone_number: phone, password_hash: 'x', is_admin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = crypto.randomBytes(24).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_seen_at: now, expires_at: expires, ip: '', user_agent: '' })
      .execute();
    out.push({ userId: user.id, token, phone });
  }
  return out;
}

/** A minimal valid cash-on-delivery checkout for these lines. */
export function checkoutBody(lines: { product: number; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    district: 'ঢাকা',
    upazila_thana: 'মিরপুর',
    delivery_address: 'বাড়ি ১২, রোড ৩',
    delivery_option: 'dhaka_home',
    payment_option: 'cod',
    orderItems: lines,
    ...extra,
  };
}

/** The calls order tests make against a test app (read lazily, once the app is open). */
export function orderCalls(app: () => TestApp) {
  const db = () => app().services.database.db;
  return {
    db,
    product: (id: number) => db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    checkout: (who: Signed, payload: unknown, headers: Record<string, string> = {}) =>
      app().app.inject({ method: 'POST', url: '/checkout/', headers: { ...who.headers, ...headers }, payload: payload as object }),
    smsTo: (phone: string) => db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).orderBy('id').execute(),
  };
}

/** The columns of an order row written directly that tests rarely care about: a cash-on-delivery order to Mirpur. */
export const ORDER_ROW = {
  name: 'Customer',
  phone_number: '01711111111',
  optional_phone_number: '',
  email: '',
  district: 'ঢাকা',
  upazila_thana: 'মিরপুর',
  delivery_address: 'বাড়ি ১',
  delivery_option: 'dhaka_home',
  payment_option: 'cod',
  cash_on_delivery: 1,
  bkash_transaction_id: '',
  nagad_transaction_id: '',
  rocket_transaction_id: '',
  order_instruction: '',
};

/** An order written directly (any status and date, no stock taken) holding one unit of each product: for reports over past orders. */
export async function insertOrder(
  db: Kysely<DB>,
  productIds: number[],
  o: { status?: 'Pending' | 'Delivered' | 'Returned' | 'Cancelled'; created_at?: string; phone_number?: string; source?: OrderSource; courier?: CourierId } = {},
): Promise<number> {
  const at = o.created_at ?? nowIso();
  const order = await db
    .insertInto('orders')
    .values({
      ...ORDER_ROW,
      phone_number: o.phone_number ?? ORDER_ROW.phone_number,
      source: o.source ?? 'web',
      courier: o.courier ?? null,
      subtotal: 300 * productIds.length,
      delivery_charge: 60,
      total: 300 * productIds.length + 60,
      status: o.status ?? 'Pending',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (productIds.length) {
    await db
      .insertInto('order_items')
      .values(productIds.map((product_id) => ({ order_id: order.id, product_id, product_title: `Product ${product_id}`, product_type: 'books' as const, unit_price: 300, quantity: 1, total: 300 })))
      .execute();
  }
  return order.id;
}
