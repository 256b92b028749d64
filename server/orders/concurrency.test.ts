/**
 * No overselling, even with several server processes on one PostgreSQL: stock is taken with
 * conditional UPDATEs, never read and written back.
 * PostgreSQL: two server processes on one database. SQLite (one writer by design): one server.
 * 200 customers check out the same product, 10 in stock, all at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { createSettingsService } from '../settings/service';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { startShopServers, type ShopServers } from '../test/harness/shop-servers';

const CUSTOMERS = 200;
const STOCK = 10;

describe(`no overselling under concurrent checkouts (${testDialect})`, () => {
  let database: TestDatabase;
  let servers: ShopServers | undefined;
  const port = (i: number) => servers!.ports[i % servers!.ports.length];

  beforeAll(async () => {
    database = await createTestDatabase();
    // 200 customers from one address at once: the hourly checkout limit would refuse most of them.
    await createSettingsService(database.db).update({ checkouts_per_hour: 0 });
    servers = await startShopServers(database);
  });

  afterAll(async () => {
    await servers?.stop();
    await database?.destroy();
  });

  it(`sells exactly ${STOCK} when ${CUSTOMERS} customers check out ${STOCK} units at once: no 500s, stock 0, units_sold ${STOCK}`, async () => {
    const { db } = database;
    const product = await insertProduct(db, { units_stock: STOCK, regular_price: 400 });
    const customers = await insertCustomers(db, CUSTOMERS);
    const statuses = await Promise.all(
      customers.map(async (c, i) => {
        const res = await fetch(`http://127.0.0.1:${port(i)}/checkout/`, {
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
