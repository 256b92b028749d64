/**
 * The service container: one instance of each module's service, built from the database and
 * the configuration. Route handlers and page loaders reach the shop only through these.
 */
import path from 'node:path';
import type { Config } from './config';
import type { Database } from './db/database';
import { createSessionStore } from './accounts/sessions';
import { createUserStore } from './accounts/users';
import { createCatalogService } from './catalog/service';
import { LocalDiskStorage, type FileStorage } from './media/storage';
import { createSettingsService } from './settings/service';
import { createOrderService } from './orders/service';

export function createServices(database: Database, config: Config, opts: { storage?: FileStorage } = {}) {
  const { db } = database;
  const storage = opts.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'media'));
  return {
    database,
    config,
    storage,
    sessions: createSessionStore(db),
    users: createUserStore(db),
    settings: createSettingsService(db),
    // The settings service is stateless: a second instance reads the same rows.
    orders: createOrderService(db, { settings: createSettingsService(db) }),
    catalog: createCatalogService(db, storage),
  };
}

export type Services = ReturnType<typeof createServices>;
