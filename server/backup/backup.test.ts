import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgres } from '../db/database';
import { runExclusive } from '../jobs/exclusive';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { backupName, listBackups, makeBackup, pruneBackups, type BackupTarget } from './backup';
import { RestoreRefused, restoreBackup } from './restore';
import { backupDue, createNightlyBackups, lastNightlyMark } from './nightly';

let t: TestApp;
let shop: BackupTarget;
let backups: string;
const PICTURE = 'products/abc123-card.webp';

beforeAll(async () => {
  t = await createTestApp();
  shop = { databaseUrl: testDialect === 'postgres' ? t.database.url : undefined, dataDir: t.database.dataDir };
  backups = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-backups-'));
  await t.services.storage.put(PICTURE, Buffer.from('a picture'), 'image/webp');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(backups, { recursive: true, force: true });
});

/** An empty database and data folder of the test's dialect (PostgreSQL: a new database, dropped after). */
async function emptyTarget(): Promise<{ target: BackupTarget; fresh: TestDatabase }> {
  const fresh = await createTestDatabase({ migrate: false });
  await fresh.close(); // the restore opens its own connections
  return { fresh, target: { databaseUrl: testDialect === 'postgres' ? fresh.url : undefined, dataDir: fresh.dataDir } };
}

async function orderIds(target: BackupTarget): Promise<Map<number, number>> {
  const database = openDatabase(target.databaseUrl, target.dataDir);
  try {
    const rows = await database.db.selectFrom('orders').select(['id', 'total']).execute();
    return new Map(rows.map((r) => [r.id, r.total]));
  } finally {
    await database.close();
  }
}

describe('backup and restore', () => {
  it('a backup taken while orders are placed restores every order acknowledged before it began, and the media', async () => {
    const product = await insertProduct(t.services.database.db, { units_stock: 100_000 });
    const customers = await insertCustomers(t.services.database.db, 4);
    const acknowledged: { id: number; total: number }[] = [];
    let stop = false;
    const shopper = async (token: string) => {
      while (!stop) {
        const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: { authorization: `Bearer ${token}` }, payload: checkoutBody([{ product, quantity: 1 }]) });
        expect(res.statusCode, res.body).toBe(200);
        acknowledged.push({ id: res.json<{ order_id: number }>().order_id, total: res.json<{ order: { total: number } }>().order.total });
      }
    };
    const load = Promise.all(customers.map((c) => shopper(c.token)));
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));

    const before = [...acknowledged];
    const made = await makeBackup(shop, backups, { db: t.services.database.db as unknown as Kysely<unknown> });
    const during = acknowledged.length - before.length;
    stop = true;
    await load;

    expect(made.manifest).toMatchObject({ version: 1, dialect: testDialect });
    expect(made.manifest.migrations).toContain('0001_initial');
    expect(path.basename(made.path)).toMatch(new RegExp(`^haat-\\d{8}-\\d{6}-${testDialect}$`));
    expect(during, 'orders kept being placed while the backup ran').toBeGreaterThan(0);

    const { target, fresh } = await emptyTarget();
    try {
      await restoreBackup(made.path, target);
      const restored = await orderIds(target);
      for (const order of before) expect(restored.get(order.id), `order ${order.id}`).toBe(order.total);
      expect(fs.readFileSync(path.join(target.dataDir, 'media', PICTURE), 'utf8')).toBe('a picture');

      // The restored shop now holds data: a second restore needs --force, which replaces it.
      await expect(restoreBackup(made.path, target)).rejects.toThrow(RestoreRefused);
      fs.writeFileSync(path.join(target.dataDir, 'media', 'stray.txt'), 'x');
      await restoreBackup(made.path, target, { force: true });
      expect((await orderIds(target)).size).toBe(restored.size);
      expect(fs.existsSync(path.join(target.dataDir, 'media', 'stray.txt'))).toBe(false);
    } finally {
      await fresh.destroy();
    }
  });

  it('refuses to restore over a shop that holds data, or into the other database, without changing it', async () => {
    const [backup] = listBackups(backups);
    const ordersBefore = (await orderIds(shop)).size;
    await expect(restoreBackup(backup!.path, shop)).rejects.toThrow(/--force/);
    expect((await orderIds(shop)).size).toBe(ordersBefore);

    // An empty database but a media folder with files in it is refused too.
    const { target, fresh } = await emptyTarget();
    try {
      fs.mkdirSync(path.join(target.dataDir, 'media'));
      fs.writeFileSync(path.join(target.dataDir, 'media', 'left-over.webp'), 'x');
      await expect(restoreBackup(backup!.path, target)).rejects.toThrow(/media.*not empty/);
      const other = { databaseUrl: testDialect === 'postgres' ? undefined : 'postgres://nobody@127.0.0.1:1/none', dataDir: target.dataDir };
      await expect(restoreBackup(backup!.path, other)).rejects.toThrow(RestoreRefused);
      await expect(restoreBackup(path.join(target.dataDir, 'nothing-here'), target)).rejects.toThrow(RestoreRefused);
    } finally {
      await fresh.destroy();
    }
  });
});

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out = [{ path: dir, dir: true, mode: fs.statSync(dir).mode & 0o777 }];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...modes(p));
    else out.push({ path: p, dir: false, mode: fs.statSync(p).mode & 0o777 });
  }
  return out;
}

describe.skipIf(process.platform === 'win32')('who may read a backup', () => {
  it('a backup is folders 0700 and files 0600 whatever the umask, the backup folder made 0700; a restore gives media the modes of an upload', async () => {
    const previous = process.umask(0o000); // the widest: anything not set on purpose would show
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-private-'));
    try {
      const to = path.join(root, 'new', 'backups');
      const made = await makeBackup(shop, to, { db: t.services.database.db as unknown as Kysely<unknown> });
      expect(fs.statSync(path.join(root, 'new')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(to).mode & 0o777).toBe(0o700);
      const all = modes(made.path);
      expect(all.filter((e) => !e.dir).map((e) => path.relative(made.path, e.path)).sort()).toEqual(
        [testDialect === 'postgres' ? 'haat.pgdump' : 'haat.db', 'manifest.json', path.join('media', PICTURE)].sort(),
      );
      for (const e of all) expect(e.mode.toString(8), path.relative(root, e.path)).toBe(e.dir ? '700' : '600');

      // Restored, the pictures are files as an upload makes them (here, with umask 0, 0666), not the backup's 0600.
      const { target, fresh } = await emptyTarget();
      try {
        await restoreBackup(made.path, target);
        expect((fs.statSync(path.join(target.dataDir, 'media', PICTURE)).mode & 0o777).toString(8)).toBe('666');
        if (testDialect === 'sqlite') expect((fs.statSync(path.join(target.dataDir, 'haat.db')).mode & 0o777).toString(8)).toBe('600');
      } finally {
        await fresh.destroy();
      }
    } finally {
      process.umask(previous);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a fresh SQLite database file and its -wal and -shm are 0600 in a folder made 0700, whatever the umask', async () => {
    const previous = process.umask(0o000);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-db-'));
    try {
      const dataDir = path.join(root, 'data');
      const database = openDatabase(undefined, dataDir);
      try {
        await sql`create table t (x integer)`.execute(database.db);
        const file = path.join(dataDir, 'haat.db');
        expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
        for (const f of [file, `${file}-wal`, `${file}-shm`]) expect((fs.statSync(f).mode & 0o777).toString(8), f).toBe('600');
      } finally {
        await database.close();
      }
      // A database made before this version (0644) is narrowed when opened.
      const old = path.join(root, 'old.db');
      fs.writeFileSync(old, '');
      fs.chmodSync(old, 0o644);
      const reopened = openDatabase(`sqlite:${old}`, dataDir);
      await reopened.close();
      expect((fs.statSync(old).mode & 0o777).toString(8)).toBe('600');
    } finally {
      process.umask(previous);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('nightly backups and retention', () => {
  it('keeps the newest BACKUP_KEEP backups, leaving half-written folders and other files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-keep-'));
    try {
      const days = Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i, 21)));
      for (const day of days) fs.mkdirSync(path.join(dir, backupName(day, 'sqlite')));
      fs.mkdirSync(path.join(dir, `.${backupName(new Date(Date.UTC(2026, 10, 20)), 'sqlite')}.partial-1`));
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');

      expect(pruneBackups(dir, 7)).toEqual(days.slice(0, 3).reverse().map((d) => backupName(d, 'sqlite')));
      expect(listBackups(dir).map((b) => b.at)).toEqual(days.slice(3).reverse());
      expect(fs.readdirSync(dir)).toHaveLength(9);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is due when no backup was made since the latest 03:00 in Dhaka (21:00 UTC)', () => {
    expect(new Date(lastNightlyMark(Date.UTC(2026, 10, 23, 21, 0))).toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(new Date(lastNightlyMark(Date.UTC(2026, 10, 23, 20, 59))).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(new Date(lastNightlyMark(Date.UTC(2026, 10, 24, 5, 0))).toISOString()).toBe('2026-11-23T21:00:00.000Z');
    const now = Date.UTC(2026, 10, 24, 5, 0);
    expect(backupDue(now, undefined)).toBe(true);
    expect(backupDue(now, new Date(Date.UTC(2026, 10, 23, 20, 0)))).toBe(true);
    expect(backupDue(now, new Date(Date.UTC(2026, 10, 23, 21, 5)))).toBe(false);
  });

  it('makes the backup that is due, once, and prunes; only the process holding the job\'s lock makes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-nightly-'));
    const nightly = createNightlyBackups(t.services.database, shop, { dir, keep: 2 });
    try {
      const night = (d: number) => Date.UTC(2026, 10, d, 21, 1);
      // Another process holds the job's lock (on SQLite: a round under way here): this one skips.
      const other = testDialect === 'postgres' ? openPostgres(t.database.url, { max: 1 }) : t.services.database;
      try {
        const skipped = await runExclusive(other.db, other.dialect, 'nightly backup', () => nightly.runOnce(night(20)));
        expect(skipped).toEqual({ ran: true, value: null });
      } finally {
        if (other !== t.services.database) await other.close();
      }
      expect(await nightly.runOnce(night(20))).toMatch(/haat-20261120-210100/);
      expect(await nightly.runOnce(night(20) + 3600_000)).toBeNull(); // made already tonight
      await nightly.runOnce(night(21));
      await nightly.runOnce(night(22));
      expect(listBackups(dir).map((b) => b.name)).toEqual([`haat-20261122-210100-${testDialect}`, `haat-20261121-210100-${testDialect}`]);
    } finally {
      await nightly.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
