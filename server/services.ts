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
import { createCatalogAdminService } from './catalog/writes';
import { LocalDiskStorage, type FileStorage } from './media/storage';
import { createSettingsService } from './settings/service';
import { createOrderService } from './orders/service';
import { createAccountsService } from './accounts/service';
import { createRateLimiter } from './accounts/rate-limit';
import { createSmsService } from './notifications/service';

export function createServices(database: Database, config: Config, opts: { storage?: FileStorage } = {}) {
  const { db } = database;
  const storage = opts.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'media'));
  const sessions = createSessionStore(db);
  const users = createUserStore(db);
  const sms = createSmsService(db, database.dialect, config);
  const accountSettings = createSettingsService(db);
  const accounts = createAccountsService({
    db,
    users,
    sessions,
    sms,
    limiter: createRateLimiter(db, database.dialect, config.redisUrl),
    shopName: async () => (await accountSettings.get()).shop_name,
  });
  return {
    database,
    config,
    storage,
    sessions,
    users,
    accounts,
    sms,
    settings: createSettingsService(db),
    // The settings service is stateless: a second instance reads the same rows.
    orders: createOrderService(db, { settings: createSettingsService(db) }),
    catalog: createCatalogService(db, storage),
    catalogAdmin: createCatalogAdminService(db, storage, database.dialect),
  };
}

export type Services = ReturnType<typeof createServices>;
