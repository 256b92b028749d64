/**
 * The sweep of orders nobody confirmed (issue 33): past `unconfirmed_cancel_hours` an unconfirmed
 * Pending order with no parcel and no money is cancelled once — stock and coupon use back, one
 * history row, one SMS — even when two sweeps run at once (on PostgreSQL, two service instances
 * on their own connections, as two processes); what is confirmed, booked, paid or young is left
 * alone; 0 hours never cancels. Time is the sweep's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CHECKOUT_LIMITS, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { openDatabase, type Database } from '../db/database';
import { nowIso } from '../db/dialect';
import { createServices, type Services } from '../services';
import { unconfirmedCutoff } from './confirmation-sweep';

const HOUR = 3600_000;
const later = (hours: number) => Date.now() + hours * HOUR;

describe(`the unconfirmed order sweep (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  /** Another process's services: on PostgreSQL its own connections to the same database. */
  let other: { database: Database; services: Services };
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://shop.example' }, {}, { ...TEST_CHECKOUT_LIMITS, order_confirmation: 'sms', unconfirmed_cancel_hours: 48 });
    admin = await t.signIn({ admin: true });
    const database = testDialect === 'postgres' ? openDatabase(t.database.url, t.database.dataDir) : t.database;
    other = { database, services: createServices(database, t.services.config) };
    const now = nowIso();
    await t.services.database.db
      .insertInto('promotions')
      .values({ name: 'Ten off', kind: 'percentage', value: 10, get_products: '[]', applies_to: '{}', min_subtotal: 0, buy_quantity: null, get_quantity: null, starts_at: null, ends_at: null, usage_limit: 100, per_customer_limit: null, code: 'CALLME10', is_active: 1, created_at: now, updated_at: now })
      .execute();
  });
  afterAll(async () => {
    if (other.database !== t.database) await other.database.close();
    await t.close();
  });

  const db = () => t.services.database.db;
  const row = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
  const couponUses = async () => (await db().selectFrom('promotions').select('used_count').where('code', '=', 'CALLME10').executeTakeFirstOrThrow()).used_count;
  const sweep = (at: number) => t.services.orders.confirmation.sweep(at);

  async function place(extra: Record<string, unknown> = {}) {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 2 }], extra) });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().order_id as number, customer, product };
  }

  it('the cutoff is the hours before now; 0 hours has none', () => {
    expect(unconfirmedCutoff(Date.parse('2026-11-27T12:00:00Z'), 48)).toBe('2026-11-25T12:00:00.000Z');
    expect(unconfirmedCutoff(Date.now(), 0)).toBeNull();
  });

  it('cancels an order still unconfirmed past the hours once when two sweeps run at once: stock and coupon use back, one history row, one SMS', async () => {
    const usesBefore = await couponUses();
    const { id, customer, product } = await place({ coupon: 'CALLME10' });
    expect(await stockOf(product)).toBe(3);
    expect(await couponUses()).toBe(usesBefore + 1);

    await sweep(later(47));
    expect(await row(id)).toMatchObject({ status: 'Pending', confirmation: 'unconfirmed' });

    const at = later(49);
    const [a, b] = await Promise.all([sweep(at), other.services.orders.confirmation.sweep(at)]);
    expect(a + b).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'Cancelled', confirmation: 'unconfirmed', confirm_token_hash: null });
    expect(await stockOf(product)).toBe(5);
    expect(await couponUses()).toBe(usesBefore);
    const changes = await db().selectFrom('order_status_changes').selectAll().where('order_id', '=', id).execute();
    expect(changes).toEqual([expect.objectContaining({ from_status: 'Pending', to_status: 'Cancelled', changed_by: null })]);
    const sms = await db().selectFrom('sms_outbox').select('text').where('to_phone', '=', customer.phone).where('kind', '=', 'order_cancelled').execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('কনফার্ম না হওয়ায়');

    // Cancelled once: another round finds nothing of it.
    await sweep(later(50));
    expect(await stockOf(product)).toBe(5);
    expect(await db().selectFrom('order_status_changes').selectAll().where('order_id', '=', id).execute()).toHaveLength(1);
  });

  it('leaves alone an order confirmed, booked, holding verified money or placed within the hours; an unverified wallet claim saves nothing', async () => {
    const confirmed = await place();
    await t.services.orders.confirmation.confirm({ id: admin.userId, name: 'Admin', phone_number: admin.phone, is_admin: true, role: 'owner' as const }, confirmed.id, { method: 'call' });
    // A parcel booked before confirmation existed (or adopted): the courier has it, the sweep must not.
    const booked = await place();
    await db().updateTable('orders').set({ consignment_id: 'SF-OLD', courier: 'steadfast', shipment_status: 'booked' }).where('id', '=', booked.id).execute();
    // Money verified while the order stayed unconfirmed (older data): the buyer has paid some of it.
    const paidSome = await place();
    await db().updateTable('orders').set({ paid_amount: 100, payment_status: 'partly_paid' }).where('id', '=', paidSome.id).execute();
    const young = await place();
    await db().updateTable('orders').set({ created_at: new Date(later(10)).toISOString() }).where('id', '=', young.id).execute();
    const claimed = await place({ payment_option: 'bkash', bkash_transaction_ID: `9XS${Date.now().toString(36)}`, transaction_amount: 60 });
    expect(await row(claimed.id)).toMatchObject({ payment_status: 'unverified', confirmation: 'unconfirmed' });

    await sweep(later(49));
    for (const o of [confirmed, booked, paidSome, young]) expect(await row(o.id), `order ${o.id}`).toMatchObject({ status: 'Pending' });
    for (const o of [confirmed, booked, paidSome, young]) expect(await stockOf(o.product)).toBe(3);
    expect(await row(claimed.id)).toMatchObject({ status: 'Cancelled' });
    expect(await stockOf(claimed.product)).toBe(5);
  });

  it('0 hours never cancels, read at each round', async () => {
    const { id } = await place();
    await t.services.settings.update({ unconfirmed_cancel_hours: 0 });
    expect(await sweep(later(24 * 365))).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'Pending' });
    await t.services.settings.update({ unconfirmed_cancel_hours: 1 });
    expect(await sweep(later(2))).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ status: 'Cancelled' });
  });

  it('cancels nothing once the shop turned confirmation off: earlier unconfirmed orders wait for staff', async () => {
    const { id } = await place();
    await t.services.settings.update({ order_confirmation: 'none', unconfirmed_cancel_hours: 1 });
    try {
      expect(await sweep(later(24 * 30))).toBe(0);
      expect(await row(id)).toMatchObject({ status: 'Pending', confirmation: 'unconfirmed' });
    } finally {
      await t.services.settings.update({ order_confirmation: 'sms', unconfirmed_cancel_hours: 48 });
    }
  });

  it('goes through every order past the hours, batch after batch', async () => {
    await t.services.settings.update({ unconfirmed_cancel_hours: 48 });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await place()).id);
    expect(await t.services.orders.confirmation.sweep(later(49), 2)).toBeGreaterThanOrEqual(5);
    for (const id of ids) expect((await row(id)).status).toBe('Cancelled');
  });
});
