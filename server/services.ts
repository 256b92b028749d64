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
import { createPaymentService, type PaymentDeps } from './payments/service';
import { createGateways, type Gateways } from './payments/gateways';
import type { OnlineGateway } from '../domain/payments';
import { createShipmentService, type Couriers, type ShipmentDeps } from './shipments/service';
import { createCouriers } from './shipments/couriers';
import { placeInEnglish } from '../domain/shipments';

export interface ServiceOptions {
  storage?: FileStorage;
  /** The online payment gateways; by default those whose credentials are in the environment. */
  gateways?: Gateways;
  /** The payments service's worker and timing options (tests). */
  payments?: Pick<PaymentDeps, 'worker' | 'staleClaimMs' | 'waitMs'>;
  /** The couriers; by default those whose credentials are in the environment (tests pass clients of the fakes). */
  couriers?: Couriers;
  /** The shipments service's timing options (tests). */
  shipments?: Pick<ShipmentDeps, 'workerPollMs' | 'staleClaimMs'>;
}

export function createServices(database: Database, config: Config, opts: ServiceOptions = {}) {
  const { db } = database;
  const storage = opts.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'media'));
  const gateways = opts.gateways ?? createGateways(process.env);
  const couriers = opts.couriers ?? createCouriers(process.env, { toEnglish: placeInEnglish });
  const sessions = createSessionStore(db);
  const users = createUserStore(db);
  const sms = createSmsService(db, database.dialect, config);
  const settings = createSettingsService(db, { onlineGateways: (Object.keys(gateways) as OnlineGateway[]).filter((id) => !!gateways[id]) });
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
  // Orders open a payment for an order paid online and show its attempts through the payments
  // service, which settles payments through the orders' payment face: the first direction is
  // handed in as functions, answered once payments exists.
  const orders = createOrderService(db, {
    settings,
    stock: catalog.stock,
    users,
    dialect: database.dialect,
    paymentHoldMinutes: config.paymentHoldMinutes,
    limiter: accounts.limiter,
    payments: { begin: (orderId) => payments.begin(orderId, { reuse: true }), details: (orderId) => payments.details(orderId) },
    shipments: { events: (orderId) => shipments.events(orderId) },
  });
  const payments = createPaymentService(db, {
    dialect: database.dialect,
    orders,
    settings,
    users,
    gateways,
    publicUrl: config.publicUrl,
    paymentHoldMinutes: config.paymentHoldMinutes,
    nudgeSms: () => sms.nudge(),
    ...opts.payments,
  });
  // Shipments book and follow parcels through the orders' shipment face; orders show a parcel's
  // timeline through the function handed in above.
  const shipments = createShipmentService(db, {
    dialect: database.dialect,
    orders,
    settings,
    couriers,
    limiter: accounts.limiter,
    publicUrl: config.publicUrl,
    pollMinutes: config.courierPollMinutes,
    nudgeSms: () => sms.nudge(),
    ...opts.shipments,
  });
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
    payments,
    shipments,
    catalog,
    dashboard: createDashboardService({ users, catalog, orders }),
  };
}

export type Services = ReturnType<typeof createServices>;
