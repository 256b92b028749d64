/**
 * The last use of a coupon goes to one order, even with several server processes on one
 * PostgreSQL: the use is taken by a conditional UPDATE in the checkout's transaction.
 * PostgreSQL: two server processes on one database. SQLite (one writer by design): one server.
 * 40 customers check out with a code that has 3 uses left, all at once.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { tallyStatuses, useConcurrentShop } from '../test/harness/shop-servers';
import { PROMOTION_MESSAGES } from '../../domain/promotions';

const CUSTOMERS = 40;
const USES = 3;

describe(`a coupon's last uses under concurrent checkouts (${testDialect})`, () => {
  const shop = useConcurrentShop();

  it(`${CUSTOMERS} customers use a code with ${USES} uses at once: ${USES} orders carry it, the rest are told it is used up, nothing else is written`, async () => {
    const db = shop.db();
    const product = await insertProduct(db, { units_stock: 1000, regular_price: 500 });
    const now = new Date().toISOString();
    const promotion = await db
      .insertInto('promotions')
      .values({ name: 'Last uses', kind: 'fixed', value: 100, get_products: '[]', applies_to: '{}', min_subtotal: 0, buy_quantity: null, get_quantity: null, starts_at: null, ends_at: null, usage_limit: USES, per_customer_limit: null, code: 'RACE', is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customers = await insertCustomers(db, CUSTOMERS, '0171');
    const answers = (await shop.checkoutAll(customers, checkoutBody([{ product, quantity: 1 }], { coupon: 'race' }))) as { status: number; body: { errors?: { coupon?: string[] } } }[];
    const tally = tallyStatuses(answers);
    expect(tally).toEqual({ 200: USES, 400: CUSTOMERS - USES });
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.errors?.coupon?.[0] === PROMOTION_MESSAGES.codeNotValid)).toBe(true);

    const row = await db.selectFrom('promotions').select('used_count').where('id', '=', promotion.id).executeTakeFirstOrThrow();
    expect(row.used_count).toBe(USES);
    const uses = await db.selectFrom('promotion_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('promotion_id', '=', promotion.id).executeTakeFirstOrThrow();
    expect(Number(uses.n)).toBe(USES);
    const orders = await db.selectFrom('order_discounts').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', 'RACE').executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(USES);
    // A refused checkout took no stock.
    const stock = await db.selectFrom('products').select(['units_stock', 'units_sold']).where('id', '=', product).executeTakeFirstOrThrow();
    expect(stock).toEqual({ units_stock: 1000 - USES, units_sold: USES });
  });
});
