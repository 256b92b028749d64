/**
 * The reports find orders by the Dhaka day through the expression `orders_dhaka_day` indexes
 * (migration 0310), and the lines through `order_items_order`: an index on an expression serves
 * only a query that writes the same expression, so a change to either would silently read every
 * order. The plans of the queries the reports really run are asked of the database (PostgreSQL
 * with sequential scans discouraged, the test tables being small).
 */
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { insertReportShop } from '../test/report-fixtures';
import { createReportFigures } from './report-figures';

describe(`the reports' queries use their indexes (${testDialect})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertReportShop(database.db);
  });
  afterAll(() => database.destroy());

  /** The plans of the statements `run` makes, as text. */
  async function plansOf(run: (figures: ReturnType<typeof createReportFigures>) => Promise<unknown>): Promise<string[]> {
    const { db, dialect } = database;
    const seen: CompiledQuery[] = [];
    const spy: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        seen.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await run(createReportFigures(db.withPlugin(spy), dialect));
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const plans: string[] = [];
      for (const q of seen) {
        const rows = (await trx.executeQuery(CompiledQuery.raw(`${dialect === 'postgres' ? 'explain' : 'explain query plan'} ${q.sql}`, [...q.parameters]))).rows as Record<string, string>[];
        plans.push(rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n'));
      }
      return plans;
    });
  }

  const range = { from: '2026-11-20', to: '2026-11-24' };

  it('reads the orders of a range of days from orders_dhaka_day, and their lines from order_items_order', async () => {
    const [orders, lines] = await plansOf((f) => f.byDay(range));
    expect(orders).toContain('orders_dhaka_day');
    expect(lines).toContain('orders_dhaka_day');
    expect(lines).toContain('order_items_order');
    const [products] = await plansOf((f) => f.byProduct(range));
    expect(products).toContain('orders_dhaka_day');
    const [payments] = await plansOf((f) => f.byPaymentOption(range));
    expect(payments).toContain('orders_dhaka_day');
  });
});
