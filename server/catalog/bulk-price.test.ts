import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';

describe(`bulk price change (${testDialect})`, () => {
  let c: ProductAdminContext;
  const ids = { plain: 0, percent: 0, flat: 0, elsewhere: 0 };

  beforeAll(async () => {
    c = await openProductAdmin();
    const { t, category, createBook } = c;
    const db = t.services.database.db;
    const child = (await db.insertInto('categories').values({ name: 'শিশু', parent_id: category, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    ids.plain = (await createBook({ english_title: 'Plain', regular_price: 200 })).json().product.id;
    ids.percent = (await createBook({ english_title: 'Percent', regular_price: 999, offer_type: 'Percentage', percentage: 15 })).json().product.id;
    ids.flat = (await createBook({ english_title: 'Flat', regular_price: 300, offer_type: 'Flat Discount', flat_discount: 100, category: child })).json().product.id;
    const other = (await db.insertInto('categories').values({ name: 'অন্য', parent_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    ids.elsewhere = (await createBook({ english_title: 'Elsewhere', regular_price: 500, category: other })).json().product.id;
  });
  afterAll(() => c.t.close());

  const send = (body: unknown, headers = c.admin) => c.t.app.inject({ method: 'POST', url: '/api/product/bulk-price/', headers, payload: body as Record<string, unknown> });
  const product = (id: number) => c.t.services.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('is the admins’ only, and wants one of percentage and amount, and a category or publisher', async () => {
    expect((await send({ percentage: 10, category: c.category }, {})).statusCode).toBe(401);
    expect((await send({ percentage: 10, category: c.category }, c.customer)).statusCode).toBe(403);
    expect((await send({ percentage: 10, amount: 5, category: c.category })).statusCode).toBe(400);
    expect((await send({ percentage: 10 })).statusCode).toBe(400);
  });

  it('a dry run lists the changes (the category with its sub-categories) and writes nothing', async () => {
    const res = await send({ percentage: 10, category: c.category, dry_run: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 3,
      problems: [],
      sample: [
        { id: ids.plain, english_title: 'Plain', from: 200, to: 220, discount_price: 0 },
        { id: ids.percent, english_title: 'Percent', from: 999, to: 1099, discount_price: 934 },
        { id: ids.flat, english_title: 'Flat', from: 300, to: 330, discount_price: 230 },
      ],
    });
    expect((await product(ids.plain)).regular_price).toBe(200);
  });

  it('applies in one transaction, recomputing discount prices by the offer rules', async () => {
    expect((await send({ percentage: 10, category: c.category })).json()).toMatchObject({ count: 3, applied: 3 });
    expect(await product(ids.percent)).toMatchObject({ regular_price: 1099, offer_type: 'Percentage', percentage: 15, discount_price: 934 });
    expect(await product(ids.flat)).toMatchObject({ regular_price: 330, flat_discount: 100, discount_price: 230 });
    expect((await product(ids.elsewhere)).regular_price).toBe(500);
  });

  it('all or nothing: a change that does not fit one product is refused for all', async () => {
    // −250 taka: Flat's 100 taka off would not be below 80, Plain's 220 would go below 0.
    const dry = (await send({ amount: -250, publisher: c.publisher, dry_run: true })).json();
    expect(dry.problems.map((p: { id: number }) => p.id).sort()).toEqual([ids.plain, ids.flat].sort());
    const res = await send({ amount: -250, publisher: c.publisher });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount[0]).toContain('2');
    expect((await product(ids.percent)).regular_price).toBe(1099);
    expect((await send({ amount: 5, publisher: c.publisher })).json()).toMatchObject({ count: 4, applied: 4 });
    expect((await product(ids.elsewhere)).regular_price).toBe(505);
  });
});
