/**
 * Exchanges (issue 34): a new order for the same customer and address, priced by the server, linked
 * to the return and the order it replaces; the return's credit (its lines at the prices paid, within
 * what the order holds) is a verified `exchange` payment on the new order, so the parcel's COD is
 * only what is still due; `difference_due` either way — negative is owed to the customer, refunded
 * naming the return.
 */
import { describe, expect, it } from 'vitest';
import { admin, t, withCourierApp } from '../../test/courier-app';
import { testDialect } from '../../test/database';
import { insertProduct } from '../../test/orders-fixtures';
import { returnCalls } from '../../test/returns-fixtures';

describe(`exchanges (${testDialect})`, () => {
  withCourierApp();
  const r = returnCalls(() => t, () => admin);

  async function returned(price: number) {
    const placed = await r.place([{ price, quantity: 1 }]);
    const ret = await r.post(`/api/order/${placed.id}/returns/`, { lines: [{ order_item: placed.items[0]!.id, quantity: 1 }], reason: 'Wrong size' });
    expect(ret.statusCode, ret.body).toBe(201);
    return { ...placed, returnId: ret.json().id as number };
  }

  it('a dearer exchange: the credit pays part, difference_due is the rest, and the parcel collects only that', async () => {
    const { id, returnId, customer } = await returned(300);
    const product = await insertProduct(r.db(), { regular_price: 500, units_stock: 4 });
    const res = await r.post(`/api/returns/${returnId}/exchange/`, { lines: [{ product, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const next = res.json();
    expect(next).toMatchObject({ order_id: next.id, user: customer.userId, exchange_of: id, total: 560, difference_due: 260, paid_amount: 300, payment_status: 'partly_paid', status: 'Pending', confirmation: 'confirmed', source: 'other' });
    expect(next.payments).toEqual([expect.objectContaining({ method: 'exchange', amount: 300, verified: true })]);
    expect(next.staff_note).toContain(`#${id}`);
    expect(await r.stockOf(product)).toBe(3);
    expect((await r.view(id)).returns[0]).toMatchObject({ id: returnId, exchange_order: next.id, refund_amount: 0 });
    // The credit left the original order: it can never be refunded there too, nor counted twice.
    expect(await r.order(id)).toMatchObject({ paid_amount: 360, refunded_amount: 300, payment_status: 'partially_refunded' });
    expect((await r.view(id)).refunds_by_hand).toEqual([expect.objectContaining({ method: 'exchange', amount: 300, transaction_id: `EXCHANGE-${next.id}` })]);

    const booked = await r.post(`/api/order/${next.id}/shipment/`, { courier: 'steadfast' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await r.order(next.id)).cod_amount).toBe(260);
    // One exchange a return.
    const again = await r.post(`/api/returns/${returnId}/exchange/`, { lines: [{ product, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(await r.stockOf(product)).toBe(3);
  });

  it('a cheaper exchange: fully paid by the credit, the parcel collects nothing, and what is owed is refunded naming the return', async () => {
    const { id, returnId } = await returned(500);
    const product = await insertProduct(r.db(), { regular_price: 100, units_stock: 4 });
    const res = await r.post(`/api/returns/${returnId}/exchange/`, { lines: [{ product, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 160, difference_due: -340, paid_amount: 160, payment_status: 'paid' });
    const booked = await r.post(`/api/order/${res.json().id}/shipment/`, { courier: 'steadfast' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await r.order(res.json().id)).cod_amount).toBe(0);

    expect((await r.view(id)).returns[0]).toMatchObject({ refund_amount: 340, refunded_amount: 0 });
    const refund = await r.post(`/api/order/${id}/refund/`, { reason: 'Exchange difference', method: 'bkash', transaction_id: `EX${returnId}X${Date.now()}`, return: returnId });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refund).toMatchObject({ amount: 340 });
    expect((await r.view(id)).returns[0]).toMatchObject({ status: 'approved', refunded_amount: 340 });
    expect((await r.post(`/api/returns/${returnId}/receive/`)).statusCode).toBe(200);
    expect((await r.view(id)).returns[0]).toMatchObject({ status: 'refunded' });
  });

  it('a parcel that came back unpaid carries no credit: the exchange is due in full', async () => {
    const { id, items } = await r.place([{ price: 300 }], { deliver: false });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Returned' } })).statusCode).toBe(200);
    const returnId = (await r.view(id)).returns[0].id as number;
    expect(items).toHaveLength(1);
    const product = await insertProduct(r.db(), { regular_price: 200, units_stock: 2 });
    const res = await r.post(`/api/returns/${returnId}/exchange/`, { lines: [{ product, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 260, difference_due: 260, paid_amount: 0, payment_status: 'unpaid', payments: [] });
  });

  it('exchanges only an approved or received return (409), and answers the refusals of checkout (short stock 409; an unknown product under lines)', async () => {
    const placed = await r.place([{ quantity: 1 }]);
    const asked = await r.post(`/api/order/${placed.id}/return-request/`, { lines: [{ order_item: placed.items[0]!.id, quantity: 1 }], reason: 'x' }, placed.customer);
    const product = await insertProduct(r.db(), { regular_price: 100, units_stock: 1 });
    expect((await r.post(`/api/returns/${asked.json().id}/exchange/`, { lines: [{ product, quantity: 1 }] })).statusCode).toBe(409);
    expect((await r.post(`/api/returns/${asked.json().id}/approve/`)).statusCode).toBe(200);
    const short = await r.post(`/api/returns/${asked.json().id}/exchange/`, { lines: [{ product, quantity: 2 }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().out_of_stock).toEqual([expect.objectContaining({ product, available: 1 })]);
    const gone = await r.post(`/api/returns/${asked.json().id}/exchange/`, { lines: [{ product: 999_999, quantity: 1 }] });
    expect(gone.statusCode).toBe(400);
    expect(Object.keys(gone.json().errors)).toEqual(['lines']);
    expect((await r.post('/api/returns/999999/exchange/', { lines: [{ product, quantity: 1 }] })).statusCode).toBe(404);
    expect((await r.post(`/api/returns/${asked.json().id}/exchange/`, { lines: [] })).statusCode).toBe(400);
  });
});
