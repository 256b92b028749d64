/**
 * Issue 35's "done when": the ledger adds up after 200 concurrent checkouts plus receipts. On
 * PostgreSQL two server processes on one database (as two machines would be), on SQLite one
 * server (one writer by design). Every checkout and every receipt is sent at once, spread over
 * the servers; afterwards each product's movements sum to its `units_stock`, nothing was
 * oversold, and every answer was a 200/201 or a 409.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { startShopServers, tallyStatuses, type ShopServers } from '../test/harness/shop-servers';
import { ledgerMismatches } from '../test/stock-fixtures';
import { createSettingsService } from '../settings/service';
import { hashToken } from '../accounts/sessions';
import { nowIso } from '../db/dialect';

const CUSTOMERS = 200;
const RECEIPTS = 20;

describe(`the ledger adds up after ${CUSTOMERS} concurrent checkouts plus ${RECEIPTS} receipts (${testDialect})`, () => {
  let database: TestDatabase;
  let servers: ShopServers;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The customers all come from one address: the hourly checkout limit is off.
    await createSettingsService(database.db).update({ checkouts_per_hour: 0 });
    servers = await startShopServers(database);
  }, 120_000);
  afterAll(async () => {
    await servers?.stop();
    await database?.destroy();
  });

  /** A manager with a session, written directly (as insertCustomers does). */
  async function insertManager(): Promise<string> {
    const db = database.db;
    const now = nowIso();
    const user = await db
      .insertInto('users')
      .values({ name: 'Stock Manager', phone_number: `0181${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`, password_hash: 'x', is_admin: 1, role: 'manager', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = crypto.randomBytes(24).toString('base64url');
    await db.insertInto('sessions').values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString(), ip: '', user_agent: '' }).execute();
    return token;
  }

  const post = (i: number, path: string, token: string, body: unknown) =>
    fetch(`http://127.0.0.1:${servers.ports[i % servers.ports.length]}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.text() }));

  it('every product\'s movements sum to its stock; nothing oversold; no 500s', async () => {
    const db = database.db;
    // One product that runs out, one with plenty, one that starts empty and only receipts fill.
    const scarce = await insertProduct(db, { units_stock: 10, regular_price: 400 });
    const plenty = await insertProduct(db, { units_stock: 150, regular_price: 250 });
    const empty = await insertProduct(db, { units_stock: 0, regular_price: 100 });
    const customers = await insertCustomers(db, CUSTOMERS);
    const manager = await insertManager();

    const checkouts = customers.map((c, i) =>
      post(i, '/checkout/', c.token, checkoutBody(i % 2 === 0 ? [{ product: scarce, quantity: 1 }] : [{ product: plenty, quantity: 1 }, { product: empty, quantity: 1 }])),
    );
    const receipts = Array.from({ length: RECEIPTS }, (_, i) =>
      post(i, '/api/stock/receipts/', manager, { supplier: `Supplier ${i}`, lines: [{ product: scarce, quantity: 1 }, { product: empty, quantity: 3 }, { product: plenty, quantity: 1, unit_cost: 150 + i }] }),
    );
    const [sold, received] = await Promise.all([Promise.all(checkouts), Promise.all(receipts)]);

    const tally = tallyStatuses(sold);
    expect(sold.filter((s) => s.status !== 200 && s.status !== 409).slice(0, 3)).toEqual([]);
    expect(tallyStatuses(received), received.find((r) => r.status !== 201)?.body).toEqual({ 201: RECEIPTS });

    expect(await ledgerMismatches(db)).toEqual([]);
    const units = async (product: number) => Number((await db.selectFrom('order_items').select((eb) => eb.fn.sum<number>('quantity').as('n')).where('product_id', '=', product).executeTakeFirstOrThrow()).n ?? 0);
    const stock = async (product: number) => (await db.selectFrom('products').select('units_stock').where('id', '=', product).executeTakeFirstOrThrow()).units_stock;
    expect(await stock(scarce)).toBe(10 + RECEIPTS - (await units(scarce)));
    expect(await stock(plenty)).toBe(150 + RECEIPTS - (await units(plenty)));
    expect(await stock(empty)).toBe(3 * RECEIPTS - (await units(empty)));
    expect(await units(scarce)).toBeGreaterThanOrEqual(10);
    expect(tally[200]).toBe((await units(scarce)) + (await units(plenty)));
    // Each receipt's movement names it; 3 products × 20 receipts.
    const movements = await db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number>().as('n')).where('reason', '=', 'receipt').executeTakeFirstOrThrow();
    expect(Number(movements.n)).toBe(3 * RECEIPTS);
  }, 120_000);
});
