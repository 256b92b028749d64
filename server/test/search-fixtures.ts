/**
 * What the search tests share: a second, SQLite database beside the PostgreSQL one a test runs
 * on (both must answer alike), and many plain books with one word in their titles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { openSqlite } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { LocalDiskStorage } from '../media/storage';
import { createCatalogService, type CatalogService } from '../catalog/service';

export interface SqliteTwin {
  /** The catalogue over the SQLite database. */
  catalog: CatalogService;
  close(): Promise<void>;
}

/** A migrated SQLite database in a new temporary folder, filled by `fill`, and its catalogue. */
export async function openSqliteTwin(prefix: string, fill: (db: Kysely<DB>, storage: LocalDiskStorage) => Promise<unknown>): Promise<SqliteTwin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const sqlite = openSqlite(path.join(dir, 'haat.db'));
  await migrateToLatest(sqlite);
  const storage = new LocalDiskStorage(dir);
  await fill(sqlite.db, storage);
  return {
    catalog: createCatalogService(sqlite.db, storage, { dialect: 'sqlite', isOnOrders: async () => false }),
    async close() {
      await sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `count` active books titled `${title} 0`, `${title} 1`…, priced 10, without names or pictures. */
export async function insertTitledBooks(db: Kysely<DB>, title: string, count: number): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('products')
    .values(Array.from({ length: count }, (_, i) => ({ type: 'books' as const, english_title: `${title} ${i}`, regular_price: 10, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: at, updated_at: at })))
    .execute();
}
