/**
 * Issue 35, receipts from suppliers: `POST /api/stock/receipts/` grows each product's stock by
 * its line (a `receipt` movement naming the receipt and who recorded it), sets the purchase price
 * where a unit cost is given, all in one transaction; an unknown product is 400 for its line with
 * nothing written; a product brought back from 0 is announced to the back-in-stock requests as a
 * product PUT does. The list is newest first with lines and titles.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertProduct } from '../test/orders-fixtures';
import { ledgerMismatches, movementsOf } from '../test/stock-fixtures';
import { RECEIPT_MESSAGES } from '../../domain/stock';
import { createStockService } from './service';

describe(`receipts from suppliers (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.signIn({ role: 'manager', name: 'Rina Manager' });
  });
  afterAll(async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    await t.close();
  });

  const db = () => t.services.database.db;
  const product = (id: number) => db().selectFrom('products').select(['units_stock', 'units_sold', 'purchase_price']).where('id', '=', id).executeTakeFirstOrThrow();
  const receive = (payload: unknown, who: Signed = manager) => t.app.inject({ method: 'POST', url: '/api/stock/receipts/', headers: who.headers, payload: payload as object });
  const count = async (table: 'stock_receipts' | 'stock_receipt_lines' | 'stock_movements') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('201: stock grows by each line, unit costs become purchase prices, each line a receipt movement by who recorded it', async () => {
    const a = await insertProduct(db(), { units_stock: 2, title: 'Himu' });
    const b = await insertProduct(db(), { units_stock: 0, title: 'Misir Ali' });
    await db().updateTable('products').set({ purchase_price: 90 }).where('id', '=', b).execute();
    const res = await receive({ supplier: 'অন্যপ্রকাশ', reference: 'INV-2211', lines: [{ product: a, quantity: 10, unit_cost: 150 }, { product: b, quantity: 4 }] });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      supplier: 'অন্যপ্রকাশ',
      reference: 'INV-2211',
      user: manager.userId,
      user_name: 'Rina Manager',
      total_cost: 1500,
      lines: [
        { product: a, title: 'Himu', quantity: 10, unit_cost: 150 },
        { product: b, title: 'Misir Ali', quantity: 4, unit_cost: null },
      ],
    });
    expect(await product(a)).toEqual({ units_stock: 12, units_sold: 0, purchase_price: 150 });
    expect(await product(b)).toEqual({ units_stock: 4, units_sold: 0, purchase_price: 90 });
    expect((await movementsOf(db(), a)).at(-1)).toEqual({ delta: 10, reason: 'receipt', ref: `receipt:${receipt.id}`, user_id: manager.userId });
    expect(await movementsOf(db(), b)).toEqual([{ delta: 4, reason: 'receipt', ref: `receipt:${receipt.id}`, user_id: manager.userId }]);
  });

  it('an unknown product is 400 for its line, with nothing written: no receipt, no stock, no price, no movement', async () => {
    const a = await insertProduct(db(), { units_stock: 5 });
    const before = await Promise.all([count('stock_receipts'), count('stock_receipt_lines'), count('stock_movements'), product(a)]);
    const res = await receive({ supplier: 'Padma', lines: [{ product: a, quantity: 3, unit_cost: 70 }, { product: 99999999, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ 'lines.1.product': [RECEIPT_MESSAGES.unknownProduct(99999999)] });
    expect(await Promise.all([count('stock_receipts'), count('stock_receipt_lines'), count('stock_movements'), product(a)])).toEqual(before);
  });

  it('a bad form is 400 with a message per field', async () => {
    const res = await receive({ supplier: ' ', lines: [{ product: 1, quantity: 0, unit_cost: 2.5 }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['lines.0.quantity', 'lines.0.unit_cost', 'supplier']);
    expect((await receive({ supplier: 'x', lines: [] })).json().errors).toEqual({ lines: [RECEIPT_MESSAGES.lines] });
  });

  it('lists receipts newest first in the list envelope with their lines and titles; one by id; 404 for none', async () => {
    const a = await insertProduct(db(), { units_stock: 0, title: 'Listed' });
    const first = (await receive({ supplier: 'First', lines: [{ product: a, quantity: 1 }] })).json();
    const second = (await receive({ supplier: 'Second', lines: [{ product: a, quantity: 2, unit_cost: 10 }] })).json();
    const list = await t.app.inject({ url: '/api/stock/receipts/?page_size=2', headers: manager.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ previous: null, results: [{ id: second.id, supplier: 'Second' }, { id: first.id, supplier: 'First' }] });
    expect(list.json().count).toBeGreaterThanOrEqual(3);
    expect(list.json().results[0].lines).toEqual([{ product: a, title: 'Listed', quantity: 2, unit_cost: 10 }]);
    const one = await t.app.inject({ url: `/api/stock/receipts/${first.id}/`, headers: manager.headers });
    expect(one.json()).toEqual(first);
    expect((await t.app.inject({ url: '/api/stock/receipts/99999999/', headers: manager.headers })).statusCode).toBe(404);
  });

  it('is for managers and owners: a packer or a customer is refused, and nothing is written', async () => {
    const a = await insertProduct(db(), { units_stock: 1 });
    const packer = await t.signIn({ role: 'packer' });
    const customer = await t.signIn();
    expect((await receive({ supplier: 'x', lines: [{ product: a, quantity: 1 }] }, packer)).statusCode).toBe(403);
    expect((await receive({ supplier: 'x', lines: [{ product: a, quantity: 1 }] }, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/stock/low/', headers: packer.headers })).statusCode).toBe(403);
    expect((await product(a)).units_stock).toBe(1);
  });

  it('a product on a receipt is deactivated instead of deleted (the line keeps pointing at it); one only in the ledger is deleted with its movements', async () => {
    const received = await insertProduct(db(), { units_stock: 0 });
    const plain = await insertProduct(db(), { units_stock: 4 });
    expect((await receive({ supplier: 'Nodi', lines: [{ product: received, quantity: 2 }] })).statusCode).toBe(201);
    const kept = await t.app.inject({ method: 'DELETE', url: `/api/product/${received}/`, headers: manager.headers });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ deleted: false, deactivated: true });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/product/${plain}/`, headers: manager.headers });
    expect(gone.json()).toMatchObject({ deleted: true });
    expect(await movementsOf(db(), plain)).toEqual([]);
  });

  it('a product brought back from 0 is announced to the back-in-stock requests once, after the commit; one still in stock or inactive is not', async () => {
    const onBackInStock = vi.fn();
    const stock = createStockService(db(), {
      dialect: t.services.database.dialect,
      stock: t.services.catalog.stock,
      settings: t.services.settings,
      userNames: (ids) => t.services.users.namesByIds(ids),
      recipients: async () => [],
      onBackInStock,
      publicUrl: 'https://shop.example',
    });
    const out = await insertProduct(db(), { units_stock: 0 });
    const inStock = await insertProduct(db(), { units_stock: 3 });
    const hidden = await insertProduct(db(), { units_stock: 0, is_active: false });
    await stock.receipts.create(manager.userId, { supplier: 'Nodi', lines: [{ product: inStock, quantity: 1 }, { product: out, quantity: 1 }, { product: hidden, quantity: 2 }, { product: out, quantity: 2 }] });
    expect(onBackInStock).toHaveBeenCalledTimes(1);
    expect(onBackInStock).toHaveBeenCalledWith([out]);
    expect((await product(out)).units_stock).toBe(3);
  });
});
