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
import { S3Storage } from './media/s3-storage';
import { createSettingsService } from './settings/service';
import { createOrderService } from './orders/service';
import { createAccountsService } from './accounts/service';
import { createRateLimiter } from './accounts/rate-limit';
import { createSmsService } from './notifications/service';
import { createDashboardService } from './dashboard/service';
import { createPaymentService, type PaymentDeps } from './payments/service';
import { connectGateways, type Gateways } from './payments/gateways';
import type { OnlineGateway } from '../domain/payments';
import { createShipmentService, type Couriers, type ShipmentDeps } from './shipments/service';
import { createCouriers } from './shipments/couriers';
import { placeInEnglish } from '../domain/shipments';
import { createPromotionService } from './promotions/service';
import { createBackInStockService, type BackInStockDeps } from './back-in-stock/service';
import { createReviewService } from './reviews/service';
import { createAuditService } from './audit/service';
import { createPackingService } from './packing/service';
import { createStockService } from './stock/service';
import { createReportService } from './reports/service';
import { createListService } from './lists/service';

export interface ServiceOptions {
  storage?: FileStorage;
  /** The online payment gateways; by default those whose credentials are in the configuration (config.gateways). */
  gateways?: Gateways;
  /** The payments service's worker and timing options (tests). */
  payments?: Pick<PaymentDeps, 'worker' | 'staleClaimMs' | 'waitMs'>;
  /** The couriers; by default those whose credentials are in the configuration (config.couriers; tests may pass clients of the fakes). */
  couriers?: Couriers;
  /** The shipments service's timing options (tests). */
  shipments?: Pick<ShipmentDeps, 'workerPollMs' | 'staleClaimMs'>;
  /** The back-in-stock sweep's timing (tests). */
  backInStock?: Pick<BackInStockDeps, 'pollMs'>;
}

export function createServices(database: Database, config: Config, opts: ServiceOptions = {}) {
  const { db } = database;
  const storage = opts.storage ?? (config.media.driver === 's3' ? new S3Storage(config.media) : new LocalDiskStorage(path.join(config.dataDir, 'media')));
  const gateways = opts.gateways ?? connectGateways(config.gateways);
  const couriers = opts.couriers ?? createCouriers(config.couriers, { toEnglish: placeInEnglish });
  const sessions = createSessionStore(db);
  const users = createUserStore(db);
  // The SMS limits read the settings, the admins' phones and the shared limiter, all built below:
  // handed in as functions, called only once the shop runs.
  const sms = createSmsService(db, database.dialect, config, {
    shop: {
      limits: async (q) => {
        const s = await settings.get(q);
        return { dailyPerNumber: s.sms_daily_limit_per_number, hourly: s.sms_hourly_limit };
      },
      owners: () => users.staffPhones(),
      shopName: async () => (await settings.get()).shop_name,
      limiter: () => accounts.limiter,
    },
  });
  const settings = createSettingsService(db, { dialect: database.dialect, onlineGateways: (Object.keys(gateways) as OnlineGateway[]).filter((id) => !!gateways[id]) });
  const accounts = createAccountsService({
    db,
    users,
    sessions,
    sms,
    limiter: createRateLimiter(db, database.dialect, config.redisUrl),
    shopName: async () => (await settings.get()).shop_name,
    publicUrl: config.publicUrl,
  });
  // Orders need the catalogue's stock, and the catalogue asks orders whether a product was ever
  // ordered before deleting it: that question is a function, answered once orders exist.
  // The product page's "bought together" reads orders' tables too, so orders answer its ids.
  const catalog = createCatalogService(db, storage, { dialect: database.dialect, isOnOrders: (productId) => orders.isOnOrders(productId), boughtTogether: (productId) => orders.boughtTogether(productId), onBackInStock: (ids) => backInStock.productsBack(ids), onStockUp: (ids) => orders.preorders.fill(ids).then(() => sms.nudge()) });
  // Promotions read the category tree from the catalogue; checkout prices with them.
  const promotions = createPromotionService(db, { dialect: database.dialect, categoryParents: (q) => catalog.categoryParents(q) });
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
    promotions,
    publicUrl: config.publicUrl,
    storage,
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
  // Back-in-stock requests: the catalogue calls `productsBack` (handed in above) after a product's
  // stock rises from 0; the requests' own sweep catches what that hook missed.
  const backInStock = createBackInStockService(db, {
    products: (ids) => catalog.stock.summaries(ids),
    sms,
    limiter: accounts.limiter,
    shopName: async () => (await settings.get()).shop_name,
    publicUrl: config.publicUrl,
    dialect: database.dialect,
    ...opts.backInStock,
  });
  // Reviews ask orders whether the author received the product and write the product's rating
  // figures through the catalogue's ratings face.
  const reviews = createReviewService(db, { dialect: database.dialect, ratings: catalog.ratings, purchases: orders.purchases, users });
  // Receipts, the low-stock list and the morning notice change and read stock only through the
  // catalogue's ledger; a receipt that brings a product back calls the same back-in-stock hook.
  const stock = createStockService(db, {
    dialect: database.dialect,
    stock: catalog.stock,
    settings,
    userNames: (ids) => users.namesByIds(ids),
    recipients: () => users.phonesOf(['manager', 'owner']),
    onBackInStock: (ids) => backInStock.productsBack(ids),
    // Waiting pre-orders are filled from a receipt's stock first (docs/preorders.md).
    onStockUp: (ids) => orders.preorders.fill(ids).then(() => sms.nudge()),
    nudgeSms: () => sms.nudge(),
    publicUrl: config.publicUrl,
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
    promotions,
    backInStock,
    reviews,
    catalog,
    stock,
    dashboard: createDashboardService({ users, catalog, orders }),
    // Curated lists keep product ids; the catalogue checks them and answers their cards.
    lists: createListService(db, { summaries: (ids) => catalog.stock.summaries(ids), products: (ids) => catalog.activeProductsInOrder(ids) }),
    // The accountant's reports read the orders' sums, the gateways' refunds, the catalogue's names and prices, and the couriers' report.
    reports: createReportService({
      orders: orders.reports,
      gatewayRefunds: (range) => payments.refundsMade(range),
      products: (ids) => catalog.reportProducts(ids),
      paymentOptions: async () => (await settings.get()).payment_options,
      couriers: (q) => shipments.courierReport(q),
    }),
    // The packing desk asks orders for what labels and slips print, shipments for a scanned
    // parcel code's order, and the catalogue for the books' ISBNs the packing screen scans.
    packing: createPackingService({
      orders,
      parcels: shipments.parcels,
      settings,
      isbns: async (ids) => {
        const products = await Promise.all(ids.map((id) => catalog.getProduct(id, { admin: true })));
        return new Map(products.flatMap((p) => (p?.isbn ? [[p.id, p.isbn] as const] : [])));
      },
    }),
    // The audit log names who did what through the accounts' user names.
    audit: createAuditService(db, { dialect: database.dialect, userNames: (ids) => users.namesByIds(ids), onError: (error) => console.error('audit: could not record a row', error) }),
  };
}

export type Services = ReturnType<typeof createServices>;
