/**
 * The orders export (`GET /api/order/export.csv` and `.xlsx`, accountant+): one row per line with
 * the order's figures, oldest order first, Dhaka times, UTF-8 with a BOM, formula cells
 * neutralised, the order list's own filters (and its 400 for a bad one), and read in batches by
 * id so thousands of orders are never held at once. The XLSX is read back by the catalogue
 * import's own reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { ORDER_ROW } from '../test/orders-fixtures';
import { FORMULA_TITLE, insertReportShop, type ReportShop } from '../test/report-fixtures';
import { readUpload } from '../catalog/import-rows';
import { unzipSheetParts } from '../catalog/xlsx-archive';
import { EXPORT_BATCH, ORDER_EXPORT_COLUMNS, createOrderExport } from './export';

describe(`the orders export (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let shop: ReportShop;
  beforeAll(async () => {
    ({ t, admin } = await openSignedApp());
    shop = await insertReportShop(t.services.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: admin.headers });
  /** The CSV's rows by column, the BOM checked and taken off. */
  async function csvRows(query: string) {
    const res = await get(`/api/order/export.csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = await readUpload(res.rawPayload);
    expect(parsed.columns).toEqual([...ORDER_EXPORT_COLUMNS]);
    return parsed.rows.map((r) => r.row);
  }

  it('writes one row per order line, oldest order first, with the order’s figures on each and Dhaka times', async () => {
    const { o1, o2, o3, o4, o5, o6, o7 } = shop.orders;
    const rows = await csvRows('');
    expect(rows.map((r) => [Number(r.order_id), Number(r.product_id)])).toEqual([
      [o1, shop.products.a],
      [o2, shop.products.b],
      [o2, shop.products.c],
      [o3, shop.products.a],
      [o4, shop.products.a],
      [o5, shop.products.b],
      [o6, shop.products.a],
      [o7, shop.products.c],
    ]);
    expect(rows[1]).toEqual({
      order_id: String(o2),
      placed_at: '2026-11-21 05:30',
      status: 'Pending',
      payment_option: 'bkash',
      payment_status: 'unpaid',
      source: 'web',
      customer_name: 'Buyer 20',
      phone: ORDER_ROW.phone_number,
      district: ORDER_ROW.district,
      upazila: ORDER_ROW.upazila_thana,
      courier: '',
      consignment_id: '',
      product_id: String(shop.products.b),
      title: 'Book B',
      quantity: '1',
      unit_price: '400',
      line_total: '400',
      order_subtotal: '550',
      order_discount: '0',
      order_delivery: '120',
      order_total: '670',
      paid: '0',
      refunded: '0',
    });
    // A title a spreadsheet would run is written as text, a quote before it.
    const raw = (await get('/api/order/export.csv')).body;
    expect(raw).toContain(`"'${FORMULA_TITLE.replace(/"/g, '""')}"`);
    expect(rows[2]!.title).toBe(`'${FORMULA_TITLE}`);
  });

  it("takes the order list's filters: status, source, Dhaka days, search", async () => {
    const ids = async (query: string) => [...new Set((await csvRows(query)).map((r) => Number(r.order_id)))];
    const { o1, o2, o4, o5, o6, o7 } = shop.orders;
    expect(await ids('?status=Delivered')).toEqual([o1, o5, o6, o7]);
    expect(await ids('?source=counter')).toEqual([o7]);
    expect(await ids('?from=2026-11-21&to=2026-11-23')).toEqual([o2, shop.orders.o3, o4, o6]);
    expect(await ids('?search=buyer%2023')).toEqual([o4]);
    expect(await ids('?payment_status=unpaid&status=Pending')).toEqual([o2]);
  });

  it('refuses a filter the list refuses, and paging or ordering, with a message for the field', async () => {
    const bad = await get('/api/order/export.csv?status=Shipped');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBeTruthy();
    expect((await get('/api/order/export.xlsx?from=2026-02-30')).statusCode).toBe(400);
    expect((await get('/api/order/export.csv?page=2')).statusCode).toBe(400);
  });

  it('answers the same rows as an .xlsx the import’s reader opens, numbers as numbers and the formula neutralised', async () => {
    const res = await get('/api/order/export.xlsx?status=Pending');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.xlsx"');
    const parts = await unzipSheetParts(res.rawPayload, 10 * 1024 * 1024);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain(`<c r="O3"><v>3</v></c>`);
    expect(sheet).toContain(`<t xml:space="preserve">'=HYPERLINK(&quot;http://evil.example&quot;,&quot;Pen&quot;)</t>`);
    const read = await readUpload(res.rawPayload);
    expect(read.columns).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(read.rows.map((r) => [r.row.product_id, r.row.quantity, r.row.title, r.row.placed_at])).toEqual([
      [String(shop.products.b), '1', 'Book B', '2026-11-21 05:30'],
      [String(shop.products.c), '3', `'${FORMULA_TITLE}`, '2026-11-21 05:30'],
    ]);
  });

  it('is for the accountant, the manager and the owner: a packer, support, a customer are refused, a visitor asked to sign in', async () => {
    const [accountant, packer, support, customer] = await Promise.all([t.signIn({ role: 'accountant' }), t.signIn({ role: 'packer' }), t.signIn({ role: 'support' }), t.signIn()]);
    for (const url of ['/api/order/export.csv', '/api/order/export.xlsx']) {
      expect((await t.app.inject({ url, headers: accountant.headers })).statusCode).toBe(200);
      for (const who of [packer, support, customer]) expect((await t.app.inject({ url, headers: who.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it(`reads ${EXPORT_BATCH} orders at a time by id, so every order comes once and in order`, async () => {
    const db = t.services.database.db;
    const at = '2025-01-15T06:00:00.000Z';
    const count = EXPORT_BATCH * 2 + 7;
    const values = Array.from({ length: count }, (_, i) => ({ ...ORDER_ROW, name: `Bulk ${i}`, subtotal: 100, delivery_charge: 0, total: 100, status: 'Pending' as const, created_at: at, updated_at: at }));
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 200) ids.push(...(await db.insertInto('orders').values(values.slice(i, i + 200)).returning('id').execute()).map((r) => r.id));
    await db
      .insertInto('order_items')
      .values(ids.map((order_id) => ({ order_id, product_id: shop.products.a, product_title: 'Book A', product_type: 'books' as const, unit_price: 100, quantity: 1, total: 100 })))
      .execute();
    let batches = 0;
    const exporter = createOrderExport(db, t.services.database.dialect, { onBatch: () => (batches += 1) });
    const seen: number[] = [];
    for await (const row of exporter.rows({ from: '2025-01-15', to: '2025-01-15' })) seen.push(row.order_id as number);
    expect(seen).toEqual(ids);
    expect(batches).toBe(3);
  });
});
