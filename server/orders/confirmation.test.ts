/**
 * Confirming orders before dispatch (issue 33): under `sms` a cash-on-delivery order starts
 * unconfirmed and its SMS carries a one-time link whose token the database keeps only as a hash;
 * the link confirms once; staff confirm by call (idempotent, 409 once the order is not Pending);
 * `none` confirms at checkout, `staff` sends no link; an unconfirmed order cannot be booked; money
 * confirms an order (an online payment, a verified wallet payment). The link's page itself is
 * tested in app/routes/store/confirm.test.ts, the sweep in confirmation-sweep.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CHECKOUT_LIMITS, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeSteadfast, type FakeSteadfast } from '../shipments/couriers/steadfast/fake';
import { startFakeBkash, type FakeBkash } from '../payments/gateways/bkash/fake';
import { hashConfirmToken } from './confirmation';
import { DESK_MESSAGES } from '../../domain/order-desk';
import type { ConfirmationMode } from '../../domain/settings';

const LINK = /https:\/\/shop\.example\/c\/([A-Za-z0-9_-]+)/;

describe(`order confirmation (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let steadfast: FakeSteadfast;
  let bkash: FakeBkash;
  beforeAll(async () => {
    [steadfast, bkash] = await Promise.all([startFakeSteadfast(), startFakeBkash()]);
    Object.assign(process.env, steadfast.env, bkash.env);
    t = await createTestApp({ publicUrl: 'https://shop.example' }, {}, { ...TEST_CHECKOUT_LIMITS, order_confirmation: 'sms' });
    admin = await t.signIn({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([steadfast.close(), bkash.close()]);
  });
  beforeEach(() => mode('sms'));

  const db = () => t.services.database.db;
  const link = () => t.services.orders.confirmation;
  const mode = (order_confirmation: ConfirmationMode) => t.services.settings.update({ order_confirmation });
  const row = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const get = async (id: number) => (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
  const confirm = (id: number | string, payload: object = { method: 'call' }, who: Signed = admin) => t.app.inject({ method: 'POST', url: `/api/order/${id}/confirm/`, headers: who.headers, payload });
  const book = (id: number) => t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'steadfast' } });

  /** An order of one 300-taka book (360 with delivery) by a new customer; `extra` changes checkout's fields. */
  async function place(extra: Record<string, unknown> = {}) {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], extra) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [sms] = await db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', customer.phone).where('kind', '=', 'order_confirmation').execute();
    return { id: body.order_id as number, customer, product, sms: sms!.text, token: LINK.exec(sms!.text)?.[1], paymentUrl: body.payment_url as string | undefined };
  }

  it('under sms a cash-on-delivery order starts unconfirmed; its SMS carries PUBLIC_URL/c/<43-character token> and the order keeps only its hash', async () => {
    const { id, token } = await place();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await row(id);
    expect(stored).toMatchObject({ confirmation: 'unconfirmed', confirmed_at: null, confirm_token_hash: hashConfirmToken(token!) });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await get(id)).toMatchObject({ confirmation: 'unconfirmed', confirmed_at: null, confirmation_method: null });
    // Two orders never share a link.
    expect((await place()).token).not.toBe(token);
  });

  it('the link confirms its order once (method sms, by nobody on staff); a second press, a made-up token of the right shape and a malformed one confirm nothing', async () => {
    const { id, token } = await place();
    expect(await link().byToken(token!)).toEqual({ id, total: 360, delivery_charge: 60, lines: [{ title: expect.any(String), quantity: 1, total: 300 }] });
    expect(await link().confirmByToken(token!)).toMatchObject({ id, total: 360 });
    expect(await row(id)).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'sms', confirmed_by: null, confirm_token_hash: null, confirmed_at: expect.anything() });
    expect(await link().confirmByToken(token!)).toBeUndefined();
    expect(await link().byToken(token!)).toBeUndefined();
    expect(await link().confirmByToken('A'.repeat(43))).toBeUndefined();
    for (const bad of ['', 'short', `${token}x`, `${token!.slice(0, 42)}!`, "' or 1=1 --"]) expect(await link().confirmByToken(bad), bad).toBeUndefined();
  });

  it('two presses of one link at once confirm it once', async () => {
    const { id, token } = await place();
    const answers = await Promise.all([link().confirmByToken(token!), link().confirmByToken(token!), link().confirmByToken(token!)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'sms' });
  });

  it('staff confirm by call: 200 with the order confirmed and their note kept; again: 200 unchanged; the link is then spent', async () => {
    const { id, token } = await place();
    const res = await confirm(id, { method: 'call', note: 'Customer says deliver after 5 pm' });
    expect(res.statusCode, res.body).toBe(200);
    // 200 the order (run contract): its fields at the top, and again under `order`.
    expect(res.json()).toMatchObject({ id, status: 'Pending', confirmation: 'confirmed', message: DESK_MESSAGES.confirmed, order: { id, confirmation: 'confirmed', confirmation_method: 'call', staff_note: '[confirmed by call] Customer says deliver after 5 pm' } });
    const first = await row(id);
    expect(first).toMatchObject({ confirmed_by: admin.userId, confirm_token_hash: null });

    const again = await confirm(id, { method: 'staff', note: 'twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ confirmation_method: 'call', confirmed_at: res.json().order.confirmed_at, staff_note: first.staff_note });
    expect(await link().confirmByToken(token!)).toBeUndefined();

    // A second confirmation of another order adds a line under the note already there.
    const other = await place();
    await db().updateTable('orders').set({ staff_note: 'Asked by phone' }).where('id', '=', other.id).execute();
    expect((await confirm(other.id, { method: 'staff' })).json().order.staff_note).toBe('Asked by phone\n[confirmed by staff]');
  });

  it('staff confirm answers 404 for no such order, 409 for a cancelled one, 400 for another method, 403 for a customer', async () => {
    expect((await confirm(999_999)).statusCode).toBe(404);
    const { id, customer } = await place();
    expect((await confirm(id, { method: 'sms' })).statusCode).toBe(400);
    expect((await confirm(id, { method: 'call' }, customer)).statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    const res = await confirm(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DESK_MESSAGES.notPendingConfirm(id, 'Cancelled'));
    expect(await row(id)).toMatchObject({ confirmation: 'unconfirmed', confirm_token_hash: null });
  });

  it('under none every order is confirmed at checkout (auto) and its SMS carries no link', async () => {
    await mode('none');
    const { id, sms, token } = await place();
    expect(token).toBeUndefined();
    expect(sms).not.toContain('/c/');
    expect(await row(id)).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'auto', confirm_token_hash: null });
  });

  it('under staff an order starts unconfirmed but its SMS carries no link: only staff confirm', async () => {
    await mode('staff');
    const { id, sms } = await place();
    expect(sms).not.toContain('/c/');
    expect(await row(id)).toMatchObject({ confirmation: 'unconfirmed', confirm_token_hash: null });
    expect((await confirm(id)).json().order).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'call' });
  });

  it('an unconfirmed order cannot be booked (409, the courier not asked), alone or in bulk; once confirmed it can', async () => {
    const { id } = await place();
    const creates = steadfast.creates;
    const res = await book(id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(DESK_MESSAGES.unconfirmedBooking(id));
    const bulk = await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'steadfast', orders: [id] } });
    expect(bulk.json().results).toEqual([{ order: id, ok: false, message: DESK_MESSAGES.unconfirmedBooking(id) }]);
    expect(steadfast.creates).toBe(creates);
    expect(await row(id)).toMatchObject({ consignment_id: null, courier: null });

    // The orders' own write refuses it too, whatever the caller read.
    const marked = await db().transaction().execute((trx) => t.services.orders.shipments.markBooked(trx, { id, courier: 'steadfast', consignmentId: 'SF-X', trackingCode: 'X', state: 'booked', codAmount: 360 }));
    expect(marked).toBe(false);

    expect((await confirm(id)).statusCode).toBe(200);
    expect((await book(id)).statusCode).toBe(200);
  });

  it('an online order starts unconfirmed and its payment confirms it (paid)', async () => {
    const { id, paymentUrl, sms } = await place({ payment_option: 'bkash_online', email: 'b@example.com' });
    expect(sms).not.toContain('/c/');
    expect(await row(id)).toMatchObject({ confirmation: 'unconfirmed', confirm_token_hash: null });
    const paymentID = decodeURIComponent(new URL(paymentUrl!).pathname.split('/').pop()!);
    bkash.completePayment(paymentID);
    await t.app.inject({ url: `/payment/bkash/callback?paymentID=${paymentID}&status=success` });
    expect(await row(id)).toMatchObject({ payment_status: 'paid', confirmation: 'confirmed', confirmation_method: 'paid', confirmed_by: null });
  });

  it("a wallet order starts unconfirmed; its first verified payment confirms it (paid), later ones change nothing", async () => {
    const { id, token } = await place({ payment_option: 'bkash', bkash_transaction_ID: `9XK${Date.now().toString(36)}`, transaction_amount: 60 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await row(id)).toMatchObject({ payment_status: 'unverified', confirmation: 'unconfirmed' });
    const pay = (amount: number) => t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/`, headers: admin.headers, payload: { method: 'cash', amount } });
    expect((await pay(60)).statusCode).toBe(201);
    const first = await row(id);
    expect(first).toMatchObject({ payment_status: 'partly_paid', confirmation: 'confirmed', confirmation_method: 'paid', confirm_token_hash: null });
    expect((await pay(100)).statusCode).toBe(201);
    expect(await row(id)).toMatchObject({ confirmation_method: 'paid', confirmed_at: first.confirmed_at });
    // The link it was sent is spent with it.
    expect(await link().confirmByToken(token!)).toBeUndefined();
  });
});
