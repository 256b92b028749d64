/** The catalogue's rating face on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { insertProduct } from '../test/orders-fixtures';
import { testDialect } from '../test/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`catalog ratings (${testDialect})`, () => {
  it('writes the figures in the caller’s transaction; the product shows the average to one decimal', async () => {
    const { db } = t.services.database;
    const { catalog } = t.services;
    const id = await insertProduct(db, { title: 'Rated' });
    expect(await catalog.ratings.of(id)).toEqual({ count: 0, sum: 0, average: null, title: 'Rated' });
    expect(await catalog.getProduct(id)).toMatchObject({ rating_average: null, rating_count: 0 });

    // A rolled-back transaction leaves them as they were.
    await expect(
      db.transaction().execute(async (trx) => {
        await catalog.ratings.set(trx, id, { count: 3, sum: 14 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await catalog.ratings.of(id)).toMatchObject({ count: 0, sum: 0 });

    await db.transaction().execute((trx) => catalog.ratings.set(trx, id, { count: 3, sum: 14 }));
    expect(await catalog.ratings.of(id)).toMatchObject({ count: 3, sum: 14, average: 4.7 });
    expect(await catalog.getProduct(id)).toMatchObject({ rating_average: 4.7, rating_count: 3 });
  });

  it('moves the content counter when the figures change, and only then', async () => {
    const { db } = t.services.database;
    const { catalog } = t.services;
    const id = await insertProduct(db);
    const v0 = (await catalog.versions()).content;
    await catalog.ratings.set(db, id, { count: 1, sum: 5 });
    const v1 = (await catalog.versions()).content;
    expect(v1).toBeGreaterThan(v0);
    await catalog.ratings.set(db, id, { count: 1, sum: 5 });
    expect((await catalog.versions()).content).toBe(v1);
    // Stock is not content: the rating figures did not change the stock counter's meaning either.
    const stock = (await catalog.versions()).stock;
    await catalog.ratings.set(db, id, { count: 2, sum: 9 });
    expect((await catalog.versions()).stock).toBe(stock);
  });

  it('hides an inactive product from shoppers, not from the back office', async () => {
    const { db } = t.services.database;
    const id = await insertProduct(db, { title: 'Off sale', is_active: false });
    expect(await t.services.catalog.ratings.of(id)).toBeNull();
    expect(await t.services.catalog.ratings.of(id, { inactive: true })).toMatchObject({ title: 'Off sale' });
    expect(await t.services.catalog.ratings.titles([id, id, 999_999])).toEqual(new Map([[id, { title: 'Off sale', type: 'books' }]]));
  });
});
