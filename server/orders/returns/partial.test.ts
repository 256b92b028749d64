/**
 * Partial deliveries (issue 34): the order becomes Delivered with `paid_amount` = what was
 * collected (paid when it covers what was delivered, partly paid when short), the undelivered rest
 * becomes an approved return in transit (origin `partial`), and stock moves only when that parcel
 * is received. A courier that does not say which units came back leaves them for the packer to say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { openSignedApp, type Signed, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { returnCalls } from '../../test/returns-fixtures';
import { RETURN_MESSAGES } from '../../../domain/returns';
import { applyPartialDelivery } from './partial';

describe(`partial deliveries (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const r = returnCalls(() => t, () => admin);
  const partial = (id: number, body: unknown) => r.post(`/api/order/${id}/partial-delivery/`, body);

  it('Delivered with what was collected; the undelivered units a return in transit; stock back only when received', async () => {
    // 2 × 300 + 1 × 200 + 60 delivery = 860.
    const { id, items, products } = await r.place([{ price: 300, quantity: 2, stock: 5 }, { price: 200, quantity: 1, stock: 5 }], { deliver: false });
    const res = await partial(id, { delivered: [{ order_item: items[0]!.id, quantity: 1 }, { order_item: items[1]!.id, quantity: 1 }], collected: 560 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'Delivered', paid_amount: 560, payment_status: 'paid', return_status: 'in_transit' });
    expect(res.json().returns).toEqual([expect.objectContaining({ origin: 'partial', status: 'approved', refund_amount: 0, lines: [expect.objectContaining({ order_item: items[0]!.id, quantity: 1 })] })]);
    expect(res.json().status_history).toEqual([expect.objectContaining({ from: 'Pending', to: 'Delivered', changed_by: admin.userId })]);
    expect([await r.stockOf(products[0]!), await r.stockOf(products[1]!)]).toEqual([3, 4]);
    expect((await r.post(`/api/order/${id}/receive-parcel/`)).statusCode).toBe(200);
    expect([await r.stockOf(products[0]!), await r.stockOf(products[1]!)]).toEqual([4, 4]);
    // Once Delivered, no second partial delivery.
    expect((await partial(id, { delivered: [{ order_item: items[0]!.id, quantity: 1 }], collected: 0 })).statusCode).toBe(409);
  });

  it('partly paid when the courier collected less than the delivered part; refuses lines not on the order or more than ordered', async () => {
    const { id, items } = await r.place([{ price: 300, quantity: 2 }], { deliver: false });
    const other = await r.place([{}], { deliver: false });
    const foreign = await partial(id, { delivered: [{ order_item: other.items[0]!.id, quantity: 1 }], collected: 100 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'delivered.0.order_item': [RETURN_MESSAGES.unknownItem] });
    expect((await partial(id, { delivered: [{ order_item: items[0]!.id, quantity: 3 }], collected: 100 })).statusCode).toBe(400);
    expect(await r.order(id)).toMatchObject({ status: 'Pending', paid_amount: 0 });
    const res = await partial(id, { delivered: [{ order_item: items[0]!.id, quantity: 1 }], collected: 300 });
    expect(res.json()).toMatchObject({ status: 'Delivered', paid_amount: 300, payment_status: 'partly_paid' });
  });

  it("a courier's partial delivery without lines: Delivered and paid what was collected, the packer says what came back", async () => {
    const { id, items, products } = await r.place([{ price: 300, quantity: 2, stock: 5 }], { deliver: false });
    const deps = { stock: t.services.catalog.stock, promotions: t.services.promotions, dialect: t.services.database.dialect };
    const moved = await r.db().transaction().execute((trx) => applyPartialDelivery(trx as Kysely<DB>, deps, { orderId: id, cause: 'courier', collected: 360, shopName: 'Haat' }));
    expect(moved).toBe('moved');
    expect(await r.order(id)).toMatchObject({ status: 'Delivered', paid_amount: 360, payment_status: 'paid', return_status: 'in_transit' });
    expect(await r.stockOf(products[0]!)).toBe(3);
    // The report again changes nothing.
    expect(await r.db().transaction().execute((trx) => applyPartialDelivery(trx as Kysely<DB>, deps, { orderId: id, cause: 'courier', collected: 360, shopName: 'Haat' }))).toBe('stale');
    const unsaid = await r.post(`/api/order/${id}/receive-parcel/`);
    expect(unsaid.statusCode).toBe(400);
    const tooMany = await r.post(`/api/order/${id}/receive-parcel/`, { lines: [{ order_item: items[0]!.id, quantity: 3, condition: 'resellable' }] });
    expect(tooMany.statusCode).toBe(400);
    const res = await r.post(`/api/order/${id}/receive-parcel/`, { lines: [{ order_item: items[0]!.id, quantity: 1, condition: 'resellable' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returns[0]).toMatchObject({ status: 'received', lines: [expect.objectContaining({ order_item: items[0]!.id, quantity: 1, received_condition: 'resellable' })] });
    expect(await r.stockOf(products[0]!)).toBe(4);
  });
});
