/**
 * A fresh, migrated database for one test file: SQLite in a temporary folder by default, or a
 * new PostgreSQL database made on the server of TEST_DATABASE_URL and dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres, openSqlite, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface TestDatabase extends Database {
  /** Where uploads go for this test database. */
  dataDir: string;
  /** A connection URL other processes can use (PostgreSQL), or the SQLite file path. */
  url: string;
  destroy(): Promise<void>;
}

export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestDatabaseOptions {
  migrate?: boolean;
  /** The PostgreSQL server to make the database on (a URL of an existing database there), or false for SQLite; default TEST_DATABASE_URL. */
  postgres?: string | false;
}

export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-test-'));
  const adminUrl = opts.postgres === undefined ? process.env.TEST_DATABASE_URL : opts.postgres || undefined;
  let database: Database;
  let url: string;
  let drop = async () => {};
  if (adminUrl) {
    const name = `haat_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    database = openPostgres(url, { max: 5 });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    url = path.join(dataDir, 'haat.db');
    database = openSqlite(url);
  }
  if (opts.migrate !== false) await migrateToLatest(database);
  // Closing early is allowed (a bulk load closes its connection before servers open theirs).
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= database.close());
  return {
    ...database,
    close,
    dataDir,
    url,
    async destroy() {
      await close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
