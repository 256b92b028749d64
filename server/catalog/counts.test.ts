/**
 * How lists count: a search counts exactly up to a limit and then says there are more
 * (`count_capped`, shown as "10,000+"); other lists count everything; remembered counts
 * survive checkouts, which move only the stock counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { createCatalogService } from './service';

describe(`list counts (${testDialect})`, () => {
  let t: TestApp;
  let customer: Signed;
  const calls = orderCalls(() => t);
  const page = { page: 1, size: 2, offset: 0 };
  let queries = 0;
  const catalogWithLimit = (searchCountLimit: number) => {
    const counting = t.services.database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return createCatalogService(counting, t.services.storage, { dialect: t.services.database.dialect, isOnOrders: async () => false, searchCountLimit });
  };
  let first: number;

  beforeAll(async () => {
    ({ t, customer } = await openSignedApp());
    first = await insertProduct(calls.db(), { title: 'Quokka field guide one', units_stock: 10 });
    await insertProduct(calls.db(), { title: 'Quokka field guide two' });
    await insertProduct(calls.db(), { title: 'Quokka field guide three' });
  });
  afterAll(() => t.close());

  it('a search counts exactly up to the limit, then answers the limit with count_capped', async () => {
    const capped = await catalogWithLimit(2).listProducts({ search: 'quokka' }, page);
    expect(capped).toMatchObject({ count: 2, count_capped: true });
    expect(capped.results).toHaveLength(2);
    const exact = await catalogWithLimit(3).listProducts({ search: 'quokka' }, page);
    expect(exact.count).toBe(3);
    expect(exact).not.toHaveProperty('count_capped');
  });

  it('a list without a search counts every product, whatever the limit', async () => {
    const all = await catalogWithLimit(1).listProducts({}, page);
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all).not.toHaveProperty('count_capped');
  });

  it('the API envelope carries count_capped only when the count stopped at the limit', async () => {
    const body = (await t.app.inject('/api/product/?search=quokka')).json();
    expect(body).toMatchObject({ count: 3 });
    expect(body).not.toHaveProperty('count_capped');
  });

  it('a remembered count is not counted again after a checkout', async () => {
    const catalog = catalogWithLimit(100);
    await catalog.listProducts({ type: 'books' }, page);
    queries = 0;
    await catalog.listProducts({ type: 'books' }, page);
    const warm = queries;
    expect((await calls.checkout(customer, checkoutBody([{ product: first, quantity: 1 }]))).statusCode).toBe(200);
    queries = 0;
    await catalog.listProducts({ type: 'books' }, page);
    expect(queries).toBe(warm);
  });
});
