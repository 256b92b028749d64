/**
 * Wallet money the shop can count (issue 30, item 2): a checkout's TrxID is an unverified claim;
 * staff verify it at the amount found (`POST /api/order/{id}/payments/`), record cash or other
 * money, reject a false claim; the same transaction id counts once, even when posted at once on
 * two orders; never more than is due; Delivered pays the rest; unverified and partly paid orders
 * count as unpaid for the open-orders limit; a manual refund for an order not paid online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';

describe(`wallet payments (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  let trx = 0;
  /** A fresh TrxID, in the lower case a customer may type. */
  const newTrx = () => `9xk${Date.now().toString(36)}${(trx++).toString(36)}`;

  /** A 360-taka order (300 + 60 delivery); with `claim`, paid by bKash with that TrxID for `amount`. */
  async function place(opts: { claim?: string; amount?: number; who?: Signed } = {}) {
    const who = opts.who ?? (await t.signIn());
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const extra = opts.claim ? { payment_option: 'bkash', bkash_transaction_ID: opts.claim, transaction_amount: opts.amount ?? 60 } : {};
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: who.headers, payload: checkoutBody([{ product, quantity: 1 }], extra) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  }
  const pay = (id: number, body: unknown, who: Signed = admin) => t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/`, headers: who.headers, payload: body as object });
  const reject = (id: number, pid: number | string) => t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/${pid}/reject/`, headers: admin.headers });
  const get = async (id: number) => (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
  const refund = (id: number, body: unknown) => t.app.inject({ method: 'POST', url: `/api/order/${id}/refund/`, headers: admin.headers, payload: body as object });

  it('a wallet checkout starts unverified with its claim as an unverified payment, and the list filters it', async () => {
    const claim = newTrx();
    const id = await place({ claim, amount: 60 });
    const order = await get(id);
    expect(order).toMatchObject({ payment_status: 'unverified', paid_amount: 0, cod_amount: null, delivery_fee: null, cod_settled_at: null });
    expect(order.payments).toEqual([{ id: expect.any(Number), kind: 'payment', method: 'bkash', transaction_id: claim.toUpperCase(), amount: 60, verified: false, at: expect.any(String), user: order.user }]);
    const list = await t.app.inject({ url: `/api/order/?payment_status=unverified&phone_number=${order.phone_number}`, headers: admin.headers });
    expect(list.json().results.map((o: { id: number }) => o.id)).toEqual([id]);
    // Cash on delivery has no claim.
    expect(await get(await place())).toMatchObject({ payment_status: 'unpaid', payments: [] });
  });

  it("verifies the checkout's claim at the amount staff found (201, not 409): partly paid, then paid", async () => {
    const claim = newTrx();
    const id = await place({ claim, amount: 100 });
    const claimId = (await get(id)).payments[0].id;
    const res = await pay(id, { method: 'bkash', transaction_id: ` ${claim} `, amount: 60 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ payment_status: 'partly_paid', paid_amount: 60 });
    expect(res.json().order.payments).toEqual([expect.objectContaining({ id: claimId, verified: true, amount: 60, user: admin.userId })]);
    const cash = await pay(id, { method: 'cash', amount: '300' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().order).toMatchObject({ payment_status: 'paid', paid_amount: 360, paid_at: expect.any(String) });
    expect(cash.json().order.payments).toHaveLength(2);
    // 201 the order (run contract): its fields at the top too.
    expect(cash.json()).toMatchObject({ id: cash.json().order.id, payment_status: 'paid', paid_amount: 360 });
  });

  it('answers 409 for a transaction id already verified, on this order or another, and 400 for more than is due', async () => {
    const claim = newTrx();
    const id = await place({ claim });
    expect((await pay(id, { method: 'bkash', transaction_id: claim, amount: 60 })).statusCode).toBe(201);
    const again = await pay(id, { method: 'bkash', transaction_id: claim, amount: 60 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already/);
    const other = await place();
    expect((await pay(other, { method: 'bkash', transaction_id: claim.toUpperCase(), amount: 10 })).statusCode).toBe(409);
    // The same id by another wallet is another payment.
    expect((await pay(other, { method: 'nagad', transaction_id: claim, amount: 10 })).statusCode).toBe(201);
    const over = await pay(id, { method: 'cash', amount: 301 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amount[0]).toContain('300');
    expect(await get(id)).toMatchObject({ paid_amount: 60, payment_status: 'partly_paid' });
  });

  it('refuses bad input with 400, never 500, and a customer with 403', async () => {
    const id = await place();
    for (const body of [{}, { method: 'paypal', transaction_id: 'X1', amount: 10 }, { method: 'bkash', amount: 10 }, { method: 'bkash', transaction_id: 'X1', amount: 0 }, { method: 'cash', amount: 12.5 }, { method: 'bkash', transaction_id: '<script>', amount: 10 }, { method: 'cash', amount: 10, extra: 1 }, [1, 2], null]) {
      const res = await pay(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\(.+\)/);
    }
    expect((await pay(999_999, { method: 'cash', amount: 10 })).statusCode).toBe(404);
    expect((await pay(id, { method: 'cash', amount: 10 }, await t.signIn())).statusCode).toBe(403);
    expect((await reject(id, 'abc')).statusCode).toBe(404);
  });

  it('the same TrxID posted on two orders at once is counted once', async () => {
    const a = await place();
    const b = await place();
    const trxId = newTrx();
    const answers = await Promise.all([pay(a, { method: 'bkash', transaction_id: trxId, amount: 50 }), pay(b, { method: 'bkash', transaction_id: trxId, amount: 50 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const paid = (await get(a)).paid_amount + (await get(b)).paid_amount;
    expect(paid).toBe(50);
  });

  it('payments posted at once on one order never pass its total', async () => {
    const id = await place();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(id, { method: 'bkash', transaction_id: newTrx(), amount: 100 })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400)).toBe(true);
    expect(await get(id)).toMatchObject({ paid_amount: 300, payment_status: 'partly_paid' });
  });

  it('rejects a false claim: back to unpaid, or to what the verified money says; a verified payment cannot be rejected', async () => {
    const id = await place({ claim: newTrx() });
    const claimId = (await get(id)).payments[0].id;
    const res = await reject(id, claimId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ payment_status: 'unpaid', paid_amount: 0, payments: [] });
    expect((await reject(id, claimId)).statusCode).toBe(404);

    const second = await place({ claim: newTrx() });
    const claim2 = (await get(second)).payments[0].id;
    const cash = await pay(second, { method: 'cash', amount: 60 });
    const cashId = cash.json().order.payments.find((p: { method: string }) => p.method === 'cash').id;
    expect(cash.json().order.payment_status).toBe('partly_paid');
    expect((await reject(second, claim2)).json().order).toMatchObject({ payment_status: 'partly_paid', paid_amount: 60 });
    expect((await reject(second, cashId)).statusCode).toBe(409);
    // Another order's claim is not this order's.
    const third = await place({ claim: newTrx() });
    expect((await reject(id, (await get(third)).payments[0].id)).statusCode).toBe(404);
  });

  it('Delivered pays an unverified or partly paid order for its total', async () => {
    const setStatus = (id: number, status: string) => t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status } });
    const unverified = await place({ claim: newTrx() });
    expect((await setStatus(unverified, 'Delivered')).json().order).toMatchObject({ payment_status: 'paid', paid_amount: 360 });
    const partly = await place({ claim: newTrx() });
    await pay(partly, { method: 'cash', amount: 60 });
    expect((await setStatus(partly, 'Delivered')).json().order).toMatchObject({ payment_status: 'paid', paid_amount: 360 });
    // Nothing more can be recorded once delivered.
    expect((await pay(partly, { method: 'cash', amount: 1 })).statusCode).toBe(409);
  });

  it('wallet orders placed before claims were kept stay unpaid and can still be paid by hand', async () => {
    const id = await place({ claim: newTrx() });
    // As migration 0305 left an older wallet order: unpaid, no claim row.
    await db().deleteFrom('order_payments').where('order_id', '=', id).execute();
    await db().updateTable('orders').set({ payment_status: 'unpaid' }).where('id', '=', id).execute();
    const res = await pay(id, { method: 'bkash', transaction_id: newTrx(), amount: 360 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ payment_status: 'paid', paid_amount: 360 });
  });

  it('counts unverified and partly paid orders as unpaid for the open-orders limit', async () => {
    await t.services.settings.update({ max_open_orders_per_customer: 1 });
    try {
      const who = await t.signIn();
      const id = await place({ claim: newTrx(), who });
      const product = await insertProduct(db(), { units_stock: 5 });
      const second = () => t.app.inject({ method: 'POST', url: '/checkout/', headers: who.headers, payload: checkoutBody([{ product, quantity: 1 }]) });
      expect((await second()).statusCode).toBe(400);
      await pay(id, { method: 'cash', amount: 60 });
      expect((await get(id)).payment_status).toBe('partly_paid');
      expect((await second()).statusCode).toBe(400);
      await pay(id, { method: 'cash', amount: 300 });
      expect((await second()).statusCode).toBe(200);
    } finally {
      await t.services.settings.update({ max_open_orders_per_customer: 0 });
    }
  });

  it('records a manual refund for an order not paid online: refunded or partly, a payments row of kind refund', async () => {
    const id = await place({ claim: newTrx() });
    const cod = await place();
    // Nothing kept yet: nothing to refund.
    expect((await refund(id, { reason: 'Out of stock', method: 'bkash', transaction_id: newTrx() })).statusCode).toBe(400);
    await pay(id, { method: 'bkash', transaction_id: (await get(id)).payments[0].transaction_id, amount: 60 });
    // Without a method an order not paid online is told to give one; a wallet refund needs its TrxID.
    expect((await refund(id, { reason: 'Out of stock' })).json().errors.method).toBeDefined();
    expect((await refund(id, { reason: 'Out of stock', method: 'bkash' })).json().errors.transaction_id).toBeDefined();
    expect((await refund(id, { reason: 'x', method: 'cash', amount: 61 })).statusCode).toBe(400);
    const back = newTrx();
    const part = await refund(id, { reason: 'Late delivery', method: 'bkash', transaction_id: back, amount: 20 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refund).toMatchObject({ kind: 'refund', method: 'bkash', transaction_id: back.toUpperCase(), amount: 20, verified: true, reason: 'Late delivery' });
    expect(part.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 20 });
    expect((await refund(id, { reason: 'again', method: 'bkash', transaction_id: back, amount: 5 })).statusCode).toBe(409);
    const rest = await refund(id, { reason: 'Cancelled', method: 'cash' });
    expect(rest.json().order).toMatchObject({ payment_status: 'refunded', refunded_amount: 60 });
    expect(rest.json().order.refunds_by_hand.map((p: { amount: number }) => p.amount)).toEqual([20, 40]);
    expect(rest.json().order.payments.every((p: { kind: string }) => p.kind === 'payment')).toBe(true);
    expect((await refund(cod, { reason: 'x', method: 'cash', amount: 10 })).statusCode).toBe(400);
    expect((await refund(cod, { reason: 'x', method: 'cheque' })).statusCode).toBe(400);
  });

  it('counts money found for a cancelled order and flags it refund due until it is refunded by hand', async () => {
    const claim = newTrx();
    const id = await place({ claim, amount: 360 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } })).statusCode).toBe(200);
    const found = await pay(id, { method: 'bkash', transaction_id: claim, amount: 360 });
    expect(found.statusCode, found.body).toBe(201);
    expect(found.json().order).toMatchObject({ status: 'Cancelled', paid_amount: 360, refund_due: true });
    const back = await refund(id, { reason: 'Order was cancelled', method: 'bkash', transaction_id: newTrx() });
    expect(back.statusCode, back.body).toBe(200);
    expect(await get(id)).toMatchObject({ status: 'Cancelled', payment_status: 'refunded', refunded_amount: 360, refund_due: false });
  });

  it('after a partial refund by hand, more money may still be recorded, and Delivered leaves the shop the total', async () => {
    const claim = newTrx();
    const id = await place({ claim, amount: 60 });
    expect((await pay(id, { method: 'bkash', transaction_id: claim, amount: 60 })).statusCode).toBe(201);
    expect((await refund(id, { amount: 20, reason: 'Sent too much', method: 'cash' })).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ payment_status: 'partially_refunded', paid_amount: 60, refunded_amount: 20 });
    const more = await pay(id, { method: 'cash', amount: 100 });
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json().order).toMatchObject({ paid_amount: 160, refunded_amount: 20 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Delivered' } })).statusCode).toBe(200);
    const delivered = await get(id);
    // Kept = paid − refunded = the total: the courier collected the rest.
    expect(delivered.paid_amount - delivered.refunded_amount).toBe(delivered.total);
  });

  it("shows the customer their payments without the staff member who checked them or the courier's fee", async () => {
    const customer = await t.signIn();
    const claim = newTrx();
    const id = await place({ claim, amount: 60, who: customer });
    expect((await pay(id, { method: 'bkash', transaction_id: claim, amount: 60 })).statusCode).toBe(201);
    const own = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json();
    expect(own.payments).toEqual([expect.objectContaining({ transaction_id: claim.toUpperCase(), verified: true, amount: 60 })]);
    expect(own.payments[0].user).toBeUndefined();
    expect(own).not.toHaveProperty('delivery_fee');
    const listed = (await t.app.inject({ url: '/api/order/', headers: customer.headers })).json().results[0];
    expect(listed.payments[0].user).toBeUndefined();
    expect((await get(id)).payments[0].user).toBe(admin.userId);
    // Nor who in the shop moved the order.
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } })).statusCode).toBe(200);
    const history = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json().status_history;
    expect(history).toEqual([expect.objectContaining({ from: 'Pending', to: 'Cancelled', changed_by: null, changed_by_name: null })]);
    expect((await get(id)).status_history[0]).toMatchObject({ changed_by: admin.userId });
  });

  it('Delivered after every taka recorded was refunded by hand still leaves the shop the total', async () => {
    const id = await place();
    expect((await pay(id, { method: 'cash', amount: 100 })).statusCode).toBe(201);
    expect((await refund(id, { reason: 'Gave it back', method: 'cash' })).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ payment_status: 'refunded', paid_amount: 100, refunded_amount: 100 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Delivered' } })).statusCode).toBe(200);
    const delivered = await get(id);
    expect(delivered.paid_amount - delivered.refunded_amount).toBe(delivered.total);
  });
});
