/**
 * Row types of every table, for Kysely. Booleans are stored as 0/1 integers in both databases
 * (SQLite has no boolean type; one representation keeps the queries identical), and
 * timestamps as ISO-8601 strings (TEXT on SQLite, timestamptz parsed to ISO on PostgreSQL).
 * Money is whole taka.
 *
 * Each module's tables are typed in schema/<module>.ts, beside the tables it owns
 * (server/boundaries.test.ts); this file puts them together as `DB` and re-exports them, so
 * every importer names one place.
 */
import type { AccountTables } from './schema/accounts';
import type { AuditTables } from './schema/audit';
import type { BackInStockTables } from './schema/back-in-stock';
import type { CatalogTables } from './schema/catalog';
import type { ListTables } from './schema/lists';
import type { NotificationTables } from './schema/notifications';
import type { OrderTables } from './schema/orders';
import type { PaymentTables } from './schema/payments';
import type { PromotionTables } from './schema/promotions';
import type { ReviewTables } from './schema/reviews';
import type { SettingTables } from './schema/settings';
import type { ShipmentTables } from './schema/shipments';
import type { StockTables } from './schema/stock';

export type * from './schema/accounts';
export type * from './schema/audit';
export type * from './schema/back-in-stock';
export type * from './schema/catalog';
export type * from './schema/lists';
export type * from './schema/notifications';
export type * from './schema/orders';
export type * from './schema/payments';
export type * from './schema/promotions';
export type * from './schema/reviews';
export type * from './schema/settings';
export type * from './schema/shipments';
export type * from './schema/stock';

export interface DB
  extends CatalogTables,
    AccountTables,
    NotificationTables,
    SettingTables,
    OrderTables,
    PromotionTables,
    PaymentTables,
    ShipmentTables,
    ReviewTables,
    BackInStockTables,
    AuditTables,
    StockTables,
    ListTables {}
