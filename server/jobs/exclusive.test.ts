import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { runExclusive } from './exclusive';
import { IntervalWorker } from './interval-worker';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
/** A second handle on the same database, as another server process would hold (PostgreSQL: its own pool). */
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  other = testDialect === 'postgres' ? openDatabase(database.url, database.dataDir) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.destroy();
});

describe(`runExclusive (${testDialect})`, () => {
  it('two concurrent rounds of one job: one runs, the other skips; afterwards the job is free again', async () => {
    let runs = 0;
    const round = async () => {
      runs += 1;
      await tick(100);
      return 'done';
    };
    const [a, b] = await Promise.all([
      runExclusive(database.db, database.dialect, 'test job', round),
      tick(20).then(() => runExclusive(other.db, other.dialect, 'test job', round)),
    ]);
    expect(a).toEqual({ ran: true, value: 'done' });
    expect(b).toEqual({ ran: false });
    expect(runs).toBe(1);
    expect(await runExclusive(other.db, other.dialect, 'test job', round)).toEqual({ ran: true, value: 'done' });
  });

  it('another job is not held up, and a failed round gives the lock back', async () => {
    const slow = runExclusive(database.db, database.dialect, 'job a', () => tick(100));
    expect(await runExclusive(other.db, other.dialect, 'job b', async () => 1)).toEqual({ ran: true, value: 1 });
    await slow;
    await expect(runExclusive(database.db, database.dialect, 'job a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runExclusive(other.db, other.dialect, 'job a', async () => 2)).toEqual({ ran: true, value: 2 });
  });

  it('IntervalWorker with `exclusive`: two loops of one job never run rounds at the same time', async () => {
    let active = 0;
    let most = 0;
    let rounds = 0;
    const round = async () => {
      active += 1;
      rounds += 1;
      most = Math.max(most, active);
      await tick(30);
      active -= 1;
    };
    const quiet = () => ({ error() {} });
    const one = new IntervalWorker('exclusive loop', round, quiet, 5, { exclusive: { db: database.db, dialect: database.dialect } });
    const two = new IntervalWorker('exclusive loop', round, quiet, 5, { exclusive: { db: other.db, dialect: other.dialect } });
    one.start();
    two.start();
    await tick(200);
    await Promise.all([one.stop(), two.stop()]);
    expect(rounds).toBeGreaterThan(1);
    expect(most).toBe(1);
  });
});
