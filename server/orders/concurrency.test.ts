/**
 * No overselling, even with several server processes on one PostgreSQL: stock is taken with
 * conditional UPDATEs, never read and written back.
 * PostgreSQL: two server processes on one database. SQLite (one writer by design): one server.
 * 200 customers check out the same product, 10 in stock, all at once.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { tallyStatuses, useConcurrentShop } from '../test/harness/shop-servers';

const CUSTOMERS = 200;
const STOCK = 10;

describe(`no overselling under concurrent checkouts (${testDialect})`, () => {
  const shop = useConcurrentShop();

  it(`sells exactly ${STOCK} when ${CUSTOMERS} customers check out ${STOCK} units at once: no 500s, stock 0, units_sold ${STOCK}`, async () => {
    const db = shop.db();
    const product = await insertProduct(db, { units_stock: STOCK, regular_price: 400 });
    const customers = await insertCustomers(db, CUSTOMERS);
    const tally = tallyStatuses(await shop.checkoutAll(customers, checkoutBody([{ product, quantity: 1 }])));
    expect(tally).toEqual({ 200: STOCK, 409: CUSTOMERS - STOCK });

    const orders = await db.selectFrom('order_items').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', product).executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(STOCK);
    const row = await db.selectFrom('products').select(['units_stock', 'units_sold']).where('id', '=', product).executeTakeFirstOrThrow();
    expect(row).toEqual({ units_stock: 0, units_sold: STOCK });
    const sms = await db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'order_confirmation').executeTakeFirstOrThrow();
    expect(Number(sms.n)).toBe(STOCK);
  });
});
