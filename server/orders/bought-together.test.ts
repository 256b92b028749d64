/** "Bought together" as the orders module answers it: ranked ids from recent, not cancelled orders. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { createBoughtTogether } from './bought-together';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe(`bought together (${testDialect})`, () => {
  let database: TestDatabase;
  let together: ReturnType<typeof createBoughtTogether>;
  beforeAll(async () => {
    database = await createTestDatabase();
    together = createBoughtTogether(database.db);
  });
  afterAll(() => database.destroy());

  it('ranks the products on the same orders by how many orders hold both, newest product first on a tie', async () => {
    const db = database.db;
    const [x, y, z, w, v] = [await insertProduct(db), await insertProduct(db), await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    await insertOrder(db, [x, y, z]);
    await insertOrder(db, [x, y], { status: 'Delivered', created_at: daysAgo(10) });
    await insertOrder(db, [x, w], { status: 'Returned', created_at: daysAgo(89) });
    await insertOrder(db, [y, v]); // not with x
    expect(await together(x)).toEqual([y, w, z]);
    // Both ways round.
    expect(await together(z)).toEqual([y, x]);
    expect(await together(v)).toEqual([y]);
  });

  it('counts only the last 90 days and never cancelled orders', async () => {
    const db = database.db;
    const [x, old, cancelled, recent] = [await insertProduct(db), await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    await insertOrder(db, [x, old], { created_at: daysAgo(91) });
    await insertOrder(db, [x, cancelled], { status: 'Cancelled' });
    await insertOrder(db, [x, recent], { created_at: daysAgo(1) });
    expect(await together(x)).toEqual([recent]);
    expect(await together(x, { days: 100 })).toEqual([recent, old]);
  });

  it('answers at most the limit, and nothing for a product never ordered', async () => {
    const db = database.db;
    const x = await insertProduct(db);
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await insertProduct(db));
    await insertOrder(db, [x, ...others]);
    expect(await together(x, { limit: 3 })).toHaveLength(3);
    expect(await together(x)).toHaveLength(5);
    expect(await together(others[0]! + 1000)).toEqual([]);
  });
});
