/**
 * The buyer's record and the order desk's list filters (issue 33): staff see, on every order,
 * what the same delivery phone did before — across accounts, counter sales left out — and the
 * list filters by confirmation, source, courier and Dhaka days. Customers never see the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertOrder, insertProduct, orderCalls } from '../test/orders-fixtures';

describe(`the buyer's record and the desk's filters (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const { db, checkout } = orderCalls(() => t);
  const list = async (query: string) => (await t.app.inject({ url: `/api/order/?${query}`, headers: admin.headers })).json();

  it('counts the other orders of the same delivery phone by status, whatever the account, leaving out this order and counter sales', async () => {
    const phone = '01755000111';
    const p = await insertProduct(db());
    await insertOrder(db(), [p], { phone_number: phone, status: 'Delivered' });
    await insertOrder(db(), [p], { phone_number: phone, status: 'Delivered' });
    await insertOrder(db(), [p], { phone_number: phone, status: 'Returned' });
    await insertOrder(db(), [p], { phone_number: phone, status: 'Cancelled' });
    await insertOrder(db(), [p], { phone_number: phone, status: 'Delivered', source: 'counter' });
    await insertOrder(db(), [p], { phone_number: '01755000999', status: 'Returned' });
    // A different account orders to the same number.
    const buyer = await t.signIn();
    const id = (await checkout(buyer, checkoutBody([{ product: p, quantity: 1 }], { phone_number: phone }))).json().order_id;

    const record = { orders: 4, delivered: 2, returned: 1, cancelled: 1, return_rate: 0.33 };
    const one = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    expect(one.customer_history).toEqual(record);
    const row = (await list(`phone_number=${phone}`)).results.find((o: { id: number }) => o.id === id);
    expect(row.customer_history).toEqual(record);
    // An earlier order sees this one (Pending) among the others, and not itself.
    const returned = (await list(`phone_number=${phone}&status=Returned`)).results[0];
    expect(returned.customer_history).toEqual({ orders: 4, delivered: 2, returned: 0, cancelled: 1, return_rate: 0 });
  });

  it('shows a first order as no history, with a return rate of 0', async () => {
    const p = await insertProduct(db());
    const id = await insertOrder(db(), [p], { phone_number: '01755000222' });
    const one = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    expect(one.customer_history).toEqual({ orders: 0, delivered: 0, returned: 0, cancelled: 0, return_rate: 0 });
  });

  it('never shows the record, nor staff notes, to the customer', async () => {
    const buyer = await t.signIn();
    const p = await insertProduct(db());
    const id = (await checkout(buyer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    const own = (await t.app.inject({ url: `/api/order/${id}/`, headers: buyer.headers })).json();
    const mine = (await t.app.inject({ url: '/api/order/', headers: buyer.headers })).json();
    for (const seen of [own, mine.results[0]]) {
      expect(seen).not.toHaveProperty('customer_history');
      expect(seen).not.toHaveProperty('staff_note');
      expect(seen).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'auto', source: 'web' });
    }
  });

  it('filters the list by confirmation, source, courier and Dhaka days (both days included), and refuses bad values per field', async () => {
    const p = await insertProduct(db());
    const phone = '01755000333';
    // 2026-03-01 23:30 in Dhaka is 17:30 UTC the same day; 2026-03-02 00:30 in Dhaka is 18:30 UTC on 03-01.
    const late = await insertOrder(db(), [p], { phone_number: phone, created_at: '2026-03-01T17:30:00.000Z', source: 'phone', courier: 'steadfast' });
    const next = await insertOrder(db(), [p], { phone_number: phone, created_at: '2026-03-01T18:30:00.000Z', source: 'facebook' });
    const waiting = await insertOrder(db(), [p], { phone_number: phone, created_at: '2026-03-03T06:00:00.000Z' });
    await db().updateTable('orders').set({ confirmation: 'unconfirmed' }).where('id', '=', waiting).execute();
    const ids = async (q: string) => (await list(`phone_number=${phone}&${q}`)).results.map((o: { id: number }) => o.id);

    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([late]);
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual([next]);
    expect(await ids('from=2026-03-02')).toEqual([waiting, next]);
    expect(await ids('to=2026-03-02')).toEqual([next, late]);
    expect(await ids('source=phone')).toEqual([late]);
    expect(await ids('courier=steadfast')).toEqual([late]);
    expect(await ids('confirmation=unconfirmed')).toEqual([waiting]);
    expect(await ids('confirmation=confirmed&ordering=id')).toEqual([late, next]);

    const bad = await t.app.inject({ url: '/api/order/?from=2026-13-45&source=fax&courier=dhl&confirmation=maybe', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['confirmation', 'courier', 'from', 'source']);
  });

  it('reads the record through the orders_phone_history index, not a scan of the orders', async () => {
    const query = sql`select phone_number, status, count(*) from orders where phone_number in ('01755000111', '01755000222') and source <> 'counter' group by phone_number, status`;
    const plan =
      testDialect === 'sqlite'
        ? (await sql<{ detail: string }>`explain query plan ${query}`.execute(db())).rows.map((r) => r.detail).join(' ')
        : // A few rows make a scan cheapest: with scans priced out, the planner shows which index it can use.
          await db().transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join(' ');
          });
    expect(plan).toContain('orders_phone_history');
  });
});
