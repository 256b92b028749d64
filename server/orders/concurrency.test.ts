/**
 * No overselling, even with several server processes on one PostgreSQL: stock is taken with
 * conditional UPDATEs, never read and written back.
 * PostgreSQL: two server processes on one database. SQLite (one writer by design): one server.
 * 200 customers check out the same product, 10 in stock, all at once.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { createServices } from '../services';
import { createSettingsService } from '../settings/service';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { bundleServer, startServer, type ServerProcess } from '../test/harness/processes';

const CUSTOMERS = 200;
const STOCK = 10;

describe(`no overselling under concurrent checkouts (${testDialect})`, () => {
  let database: TestDatabase;
  const ports: number[] = [];
  const processes: ServerProcess[] = [];
  let inProcess: FastifyInstance | undefined;
  let bundle: string | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    // 200 customers from one address at once: the hourly checkout limit would refuse most of them.
    await createSettingsService(database.db).update({ checkouts_per_hour: 0 });
    if (testDialect === 'postgres') {
      bundle = await bundleServer();
      processes.push(...(await Promise.all([startServer(bundle, database.url, database.dataDir), startServer(bundle, database.url, database.dataDir)])));
      ports.push(...processes.map((p) => p.port));
    } else {
      const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir: database.dataDir, databaseUrl: database.url };
      inProcess = await buildApp({ services: createServices(database, config) });
      await inProcess.listen({ host: '127.0.0.1', port: 0 });
      const address = inProcess.server.address();
      ports.push(typeof address === 'object' && address ? address.port : 0);
    }
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await inProcess?.close();
    if (bundle) fs.rmSync(bundle, { force: true });
    await database?.destroy();
  });

  it(`sells exactly ${STOCK} when ${CUSTOMERS} customers check out ${STOCK} units at once: no 500s, stock 0, units_sold ${STOCK}`, async () => {
    const { db } = database;
    const product = await insertProduct(db, { units_stock: STOCK, regular_price: 400 });
    const customers = await insertCustomers(db, CUSTOMERS);
    const statuses = await Promise.all(
      customers.map(async (c, i) => {
        const res = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/checkout/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
          body: JSON.stringify(checkoutBody([{ product, quantity: 1 }])),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const tally = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    expect(tally).toEqual({ 200: STOCK, 409: CUSTOMERS - STOCK });

    const orders = await db.selectFrom('order_items').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', product).executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(STOCK);
    const row = await db.selectFrom('products').select(['units_stock', 'units_sold']).where('id', '=', product).executeTakeFirstOrThrow();
    expect(row).toEqual({ units_stock: 0, units_sold: STOCK });
    const sms = await db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'order_confirmation').executeTakeFirstOrThrow();
    expect(Number(sms.n)).toBe(STOCK);
  });
});
