import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { initialMigration } from './migrations/0001_initial';
import { catalogIndexesMigration } from './migrations/0101_catalog_indexes';
import { catalogSearchMigration } from './migrations/0102_catalog_search';
import { searchDocumentsMigration } from './migrations/0103_search_documents';
import { catalogStockVersionMigration } from './migrations/0104_catalog_stock_version';
import { searchTitleIndexesMigration } from './migrations/0105_search_title_indexes';
import { searchNewestFirstMigration } from './migrations/0106_search_newest_first';
import { catalogRatingsMigration } from './migrations/0107_catalog_ratings';
import { catalogSectionIndexMigration } from './migrations/0108_catalog_section_index';
import { reviewsMigration } from './migrations/0901_reviews';
import { ordersPaymentMigration } from './migrations/0301_orders_payment';
import { paymentsMigration } from './migrations/0601_payments';
import { ordersShipmentMigration } from './migrations/0302_orders_shipment';
import { ordersAccountPhoneMigration } from './migrations/0303_orders_account_phone';
import { shipmentsMigration } from './migrations/0701_shipments';
import { accountRecoveryMigration } from './migrations/0201_account_recovery';
import { promotionsMigration } from './migrations/0801_promotions';
import { ordersDiscountsMigration } from './migrations/0304_orders_discounts';
import { ordersMoneyMigration } from './migrations/0305_orders_money';
import { ordersPaymentsMigration } from './migrations/0306_orders_payments';
import { smsSentIndexMigration } from './migrations/0501_sms_sent_index';
import { restockRequestsMigration } from './migrations/1001_restock_requests';
import { auditLogMigration } from './migrations/1101_audit_log';
import { providerIdsAsTextMigration } from './migrations/0307_provider_ids_as_text';
import { accountRolesMigration } from './migrations/0202_account_roles';
import { auditRoleMigration } from './migrations/1102_audit_role';
import { ordersDeskMigration } from './migrations/0308_orders_desk';
import { ordersReturnsMigration } from './migrations/0309_orders_returns';
import { ordersReportsMigration } from './migrations/0310_orders_reports';
import { ordersPackedMigration } from './migrations/0311_orders_packed';
import { ordersCounterMigration } from './migrations/0312_orders_counter';
import { courierPayoutsMigration } from './migrations/0703_courier_payouts';
import { catalogStockLedgerMigration } from './migrations/0109_catalog_stock_ledger';
import { stockReceiptsMigration } from './migrations/1201_stock_receipts';
import { catalogIsbnMigration } from './migrations/0110_catalog_isbn';
import { catalogPreordersMigration } from './migrations/0111_catalog_preorders';
import { catalogPreorderStockVersionMigration } from './migrations/0112_catalog_preorder_stock_version';
import { ordersPreordersMigration } from './migrations/0313_orders_preorders';
import { listsCuratedMigration } from './migrations/1301_lists_curated';

/**
 * Migrations are listed here, not read from a folder, so the bundled server carries them.
 * Name them NNNN_module_what; modules use their own number range
 * (catalog 01xx, accounts 02xx, orders 03xx, media 04xx, notifications 05xx, payments 06xx, shipments 07xx, promotions 08xx, reviews 09xx, restock 10xx, audit 11xx, stock 12xx, lists 13xx).
 */
export function allMigrations(database: Database): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(database.dialect),
    '0101_catalog_indexes': catalogIndexesMigration(),
    '0102_catalog_search': catalogSearchMigration(database.dialect),
    '0103_search_documents': searchDocumentsMigration(database.dialect),
    '0104_catalog_stock_version': catalogStockVersionMigration(database.dialect),
    '0105_search_title_indexes': searchTitleIndexesMigration(database.dialect),
    '0106_search_newest_first': searchNewestFirstMigration(database.dialect),
    '0107_catalog_ratings': catalogRatingsMigration(database.dialect),
    '0108_catalog_section_index': catalogSectionIndexMigration(),
    '0901_reviews': reviewsMigration(database.dialect),
    '0301_orders_payment': ordersPaymentMigration(database.dialect),
    '0601_payments': paymentsMigration(database.dialect),
    '0302_orders_shipment': ordersShipmentMigration(),
    '0303_orders_account_phone': ordersAccountPhoneMigration(),
    '0701_shipments': shipmentsMigration(database.dialect),
    '0201_account_recovery': accountRecoveryMigration(),
    '0801_promotions': promotionsMigration(database.dialect),
    '0304_orders_discounts': ordersDiscountsMigration(database.dialect),
    '0305_orders_money': ordersMoneyMigration(database.dialect),
    '0306_orders_payments': ordersPaymentsMigration(database.dialect),
    '0501_sms_sent_index': smsSentIndexMigration(),
    '1001_restock_requests': restockRequestsMigration(database.dialect),
    '1101_audit_log': auditLogMigration(database.dialect),
    // One migration per module's range, each after the one that made its column (see the file).
    '0307_provider_ids_as_text': providerIdsAsTextMigration(database.dialect, 'orders', ['payment_gateway', 'courier']),
    '0602_provider_ids_as_text': providerIdsAsTextMigration(database.dialect, 'payment_attempts', ['gateway']),
    '0702_provider_ids_as_text': providerIdsAsTextMigration(database.dialect, 'shipments', ['courier']),
    '0308_orders_desk': ordersDeskMigration(database.dialect),
    '0309_orders_returns': ordersReturnsMigration(database.dialect),
    '0310_orders_reports': ordersReportsMigration(database.dialect),
    '0311_orders_packed': ordersPackedMigration(database.dialect),
    '0703_courier_payouts': courierPayoutsMigration(database.dialect),
    '0109_catalog_stock_ledger': catalogStockLedgerMigration(database.dialect),
    '1201_stock_receipts': stockReceiptsMigration(database.dialect),
    '0202_account_roles': accountRolesMigration(),
    '1102_audit_role': auditRoleMigration(),
    '0110_catalog_isbn': catalogIsbnMigration(),
    '0111_catalog_preorders': catalogPreordersMigration(database.dialect),
    '0313_orders_preorders': ordersPreordersMigration(),
    '1301_lists_curated': listsCuratedMigration(database.dialect),
    '0312_orders_counter': ordersCounterMigration(database.dialect),
    '0112_catalog_preorder_stock_version': catalogPreorderStockVersionMigration(database.dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(database) };
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
