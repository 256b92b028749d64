/**
 * Stock is not what the answer cache keys on: a checkout empties no cached catalogue answer,
 * yet every answer shows the shelf counts as they are after it, with an ETag that changed.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { bundleServer, startServer, type ServerProcess } from '../test/harness/processes';
import { catalogAnswerCacheStats } from './answer-cache';

interface Shown {
  id: number;
  units_stock: number;
  units_sold: number;
}

describe(`the answer cache and stock (${testDialect})`, () => {
  let t: TestApp;
  let customer: Signed;
  let admin: Signed;
  const calls = orderCalls(() => t);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const buy = async (product: number, quantity = 1) => {
    const res = await calls.checkout(customer, checkoutBody([{ product, quantity }]));
    expect(res.statusCode).toBe(200);
  };
  const shown = (list: Shown[], id: number) => list.find((p) => p.id === id);

  beforeAll(async () => {
    ({ t, customer, admin } = await openSignedApp());
  });
  afterAll(() => t.close());

  it('a checkout moves the stock counter, not the content counter; the availability counter only when a product runs out', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 2 });
    const before = await t.services.catalog.versions();
    await buy(id);
    const after = await t.services.catalog.versions();
    expect(after.content).toBe(before.content);
    expect(after.stock).toBeGreaterThan(before.stock);
    expect(after.availability).toBe(before.availability);
    await buy(id);
    const soldOut = await t.services.catalog.versions();
    expect(soldOut.content).toBe(before.content);
    expect(soldOut.availability).toBeGreaterThan(after.availability);
  });

  it('an admin edit of a product still moves the content counter', async () => {
    const id = await insertProduct(calls.db());
    const before = await t.services.catalog.versions();
    await calls.db().updateTable('products').set({ english_title: 'Renamed' }).where('id', '=', id).execute();
    expect((await t.services.catalog.versions()).content).toBeGreaterThan(before.content);
  });

  it('after a checkout, cached list and product answers come from the cache with the new stock and a new ETag', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 5 });
    const other = await insertProduct(calls.db(), { units_stock: 7 });
    const listUrl = '/api/product/?page=1';
    const productUrl = `/api/product/${id}/`;
    const list1 = await get(listUrl);
    const one1 = await get(productUrl);
    expect(shown(list1.json().results, id)).toMatchObject({ units_stock: 5, units_sold: 0 });
    expect(one1.json()).toMatchObject({ units_stock: 5, units_sold: 0 });

    await buy(other); // an unrelated product: nothing to remake
    const stats = catalogAnswerCacheStats();
    const list2 = await get(listUrl, { 'if-none-match': list1.headers.etag as string });
    expect(list2.statusCode).toBe(200); // its ETag covers the other product's stock, which moved
    expect(shown(list2.json().results, other)).toMatchObject({ units_stock: 6, units_sold: 1 });
    const one2 = await get(productUrl, { 'if-none-match': one1.headers.etag as string });
    expect(one2.statusCode).toBe(304); // this product's stock did not move
    expect(catalogAnswerCacheStats().hits - stats.hits).toBe(2);
    expect(catalogAnswerCacheStats().misses).toBe(stats.misses);

    await buy(id, 2);
    const list3 = await get(listUrl, { 'if-none-match': list2.headers.etag as string });
    const one3 = await get(productUrl, { 'if-none-match': one1.headers.etag as string });
    expect(list3.statusCode).toBe(200);
    expect(one3.statusCode).toBe(200);
    expect(shown(list3.json().results, id)).toMatchObject({ units_stock: 3, units_sold: 2 });
    expect(one3.json()).toMatchObject({ units_stock: 3, units_sold: 2 });
    expect(one3.headers.etag).not.toBe(one1.headers.etag);
    expect(catalogAnswerCacheStats().misses).toBe(stats.misses);
  });

  it('an answer older than a minute is made again, whatever the counters say (bounds a counter read before its commit shows)', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 2 });
    const url = `/api/product/${id}/`;
    await get(url);
    const stats = catalogAnswerCacheStats();
    await get(url);
    expect(catalogAnswerCacheStats().hits - stats.hits).toBe(1);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      await get(url);
      expect(catalogAnswerCacheStats().misses - stats.misses).toBe(1);
    } finally {
      clock.mockRestore();
    }
  });

  it('while the stock counter stands still a cached answer is served with the counts it last read (only the counters are read); a checkout shows at once', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 6 });
    const url = `/api/product/${id}/`;
    const reads = vi.spyOn(t.services.catalog.stock, 'versionsAndLevels');
    try {
      await get(url); // made
      await get(url); // counts read and kept
      reads.mockClear();
      const third = await get(url);
      expect(third.json()).toMatchObject({ units_stock: 6, units_sold: 0 });
      expect(reads.mock.calls.map(([ids]) => ids.length)).toEqual([0]);
      await buy(id, 2);
      reads.mockClear();
      const after = await get(url, { 'if-none-match': third.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ units_stock: 4, units_sold: 2 });
      expect(reads.mock.calls.map(([ids]) => ids.length)).toEqual([0, 1]); // the counter moved: the counts are read
    } finally {
      reads.mockRestore();
    }
  });

  it('counts kept in memory are read again after a second, whatever the counter says (bounds a counter read before its commit shows)', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 3 });
    const url = `/api/product/${id}/`;
    await get(url);
    await get(url);
    const reads = vi.spyOn(t.services.catalog.stock, 'versionsAndLevels');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1_500);
    try {
      await get(url);
      expect(reads.mock.calls.map(([ids]) => ids.length)).toEqual([1]);
    } finally {
      clock.mockRestore();
      reads.mockRestore();
    }
  });

  it('a pre-order taken or filled moves the stock counter, so the units left show at once (migration 0112)', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 0 });
    await calls.db().updateTable('products').set({ preorder_release_date: '2099-01-01', preorder_limit: 5 }).where('id', '=', id).execute();
    const url = `/api/product/${id}/`;
    await get(url);
    expect((await get(url)).json()).toMatchObject({ preorder_available: 5 });
    const before = await t.services.catalog.versions();
    await calls.db().updateTable('products').set({ preorder_taken: 2, preorder_waiting: 2 }).where('id', '=', id).execute();
    const after = await t.services.catalog.versions();
    expect(after.stock).toBeGreaterThan(before.stock);
    expect(after.content).toBe(before.content);
    expect((await get(url)).json()).toMatchObject({ preorder_available: 3 });
  });

  it('a product that sells out shows no stock in the cached answers at once, and shows it again when an order is cancelled', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 1 });
    const url = `/api/product/${id}/`;
    expect((await get(url)).json().units_stock).toBe(1);
    const res = await calls.checkout(customer, checkoutBody([{ product: id, quantity: 1 }]));
    expect(res.statusCode).toBe(200);
    expect((await get(url)).json()).toMatchObject({ units_stock: 0, units_sold: 1 });
    expect(shown((await get('/all-product/books/')).json(), id)).toMatchObject({ units_stock: 0 });
    const orderId = (res.json() as { order_id: number }).order_id;
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/order/${orderId}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect((await get(url)).json()).toMatchObject({ units_stock: 1, units_sold: 0 });
  });

  it('an answer ordered by stock is remade when stock moves', async () => {
    const a = await insertProduct(calls.db(), { type: 'stationary', units_stock: 50 });
    const b = await insertProduct(calls.db(), { type: 'stationary', units_stock: 49 });
    const url = '/api/product/?type=stationary&ordering=-units_stock';
    const first = (await get(url)).json().results as Shown[];
    expect(first.map((p) => p.id).slice(0, 2)).toEqual([a, b]);
    await buy(a, 2);
    const second = (await get(url)).json().results as Shown[];
    expect(second.map((p) => p.id).slice(0, 2)).toEqual([b, a]);
    expect(second[1]).toMatchObject({ id: a, units_stock: 48 });
  });

  it('a second server process on the same database shows the stock a checkout here left', async () => {
    const id = await insertProduct(calls.db(), { units_stock: 9 });
    const bundle = await bundleServer();
    let server: ServerProcess | undefined;
    try {
      server = await startServer(bundle, t.database.url, t.database.dataDir);
      const url = `http://127.0.0.1:${server.port}/api/product/${id}/`;
      const before = await fetch(url);
      expect(((await before.json()) as Shown).units_stock).toBe(9);
      await buy(id, 4);
      const after = await fetch(url, { headers: { 'if-none-match': before.headers.get('etag')! } });
      expect(after.status).toBe(200);
      expect((await after.json()) as Shown).toMatchObject({ units_stock: 5, units_sold: 4 });
    } finally {
      await server?.stop();
      fs.rmSync(bundle, { force: true });
    }
  }, 60_000);
});
