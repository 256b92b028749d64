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
import { createAccountsService } from './accounts/service';
import { createRateLimiter } from './accounts/rate-limit';
import { createSmsService } from './notifications/service';
import { createDashboardService } from './dashboard/service';

export function createServices(database: Database, config: Config, opts: { storage?: FileStorage } = {}) {
  const { db } = database;
  const storage = opts.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'media'));
  const sessions = createSessionStore(db);
  const users = createUserStore(db);
  const sms = createSmsService(db, database.dialect, config);
  const settings = createSettingsService(db);
  const accounts = createAccountsService({
    db,
    users,
    sessions,
    sms,
    limiter: createRateLimiter(db, database.dialect, config.redisUrl),
    shopName: async () => (await settings.get()).shop_name,
  });
  // Orders need the catalogue's stock, and the catalogue asks orders whether a product was ever
  // ordered before deleting it: that question is a function, answered once orders exist.
  const catalog = createCatalogService(db, storage, { dialect: database.dialect, isOnOrders: (productId) => orders.isOnOrders(productId) });
  const orders = createOrderService(db, { settings, stock: catalog.stock, users });
  return {
    database,
    config,
    storage,
    sessions,
    users,
    accounts,
    sms,
    settings,
    orders,
    catalog,
    dashboard: createDashboardService({ users, catalog, orders }),
  };
}

export type Services = ReturnType<typeof createServices>;
