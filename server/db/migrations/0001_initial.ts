import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { withCodeColumns } from './code-columns';
import { timestampedMigration } from './timestamped';

/** The first schema: the shop's entities plus sessions, password resets, rate limits and the SMS outbox. */
export function initialMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('categories'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // Names are unique among siblings; coalesce folds the top level (NULL parent) into one group.
    await sql`CREATE UNIQUE INDEX categories_parent_name ON categories (coalesce(parent_id, 0), name)`.execute(db);
    await db.schema.createIndex('categories_name').on('categories').column('name').execute();

    for (const table of ['authors', 'publishers']) {
      await withId(db.schema.createTable(table), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${table}_name`).on(table).column('name').execute();
    }

    await withId(db.schema.createTable('products'), dialect)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('english_title', 'text', (c) => c.notNull())
      .addColumn('bangla_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
      .addColumn('author_id', 'integer', (c) => c.references('authors.id').onDelete('restrict'))
      .addColumn('publisher_id', 'integer', (c) => c.references('publishers.id').onDelete('restrict'))
      .addColumn('image', 'text')
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pdf', 'text')
      .addColumn('isbn', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('edition', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('total_page', 'integer')
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('warranty', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('offer_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('percentage', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flat_discount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('purchase_from', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('purchase_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('regular_price', 'integer', (c) => c.notNull())
      .addColumn('discount_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('units_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('products_type', sql`type in ('books', 'electronics', 'stationary')`)
      .addCheckConstraint('products_offer_type', sql`offer_type in ('', 'Percentage', 'Flat Discount')`)
      .addCheckConstraint('products_stock_not_negative', sql`units_stock >= 0`)
      .addCheckConstraint('products_sold_not_negative', sql`units_sold >= 0`)
      .addCheckConstraint('products_prices_not_negative', sql`regular_price >= 0 and discount_price >= 0 and purchase_price >= 0`)
      .addCheckConstraint('products_percentage_range', sql`percentage between 0 and 100`)
      .addCheckConstraint('products_is_active_bool', sql`is_active in (0, 1)`)
      .execute();
    for (const col of ['category_id', 'author_id', 'publisher_id']) {
      await db.schema.createIndex(`products_${col}`).on('products').column(col).execute();
    }

    await withId(db.schema.createTable('banners'), dialect)
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('logos'), dialect)
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('users'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone_number', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('users_is_admin_bool', sql`is_admin in (0, 1)`)
      .execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('last_seen_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await withId(db.schema.createTable('password_resets'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .$call((table) => withCodeColumns(table, ts))
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

    await withId(db.schema.createTable('sms_outbox'), dialect)
      .addColumn('to_phone', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', ts, (c) => c.notNull())
      .addColumn('locked_until', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('sent_at', ts)
      .addCheckConstraint('sms_outbox_status', sql`status in ('pending', 'sending', 'sent', 'failed')`)
      .execute();
    await db.schema.createIndex('sms_outbox_due').on('sms_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').column('to_phone').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('orders'), dialect)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('optional_phone_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('district', 'text', (c) => c.notNull())
      .addColumn('upazila_thana', 'text', (c) => c.notNull())
      .addColumn('delivery_address', 'text', (c) => c.notNull())
      .addColumn('delivery_option', 'text', (c) => c.notNull())
      .addColumn('payment_option', 'text', (c) => c.notNull())
      .addColumn('cash_on_delivery', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bkash_transaction_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('nagad_transaction_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rocket_transaction_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('transaction_amount', 'integer')
      .addColumn('order_instruction', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('delivery_charge', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('orders_status', sql`status in ('Pending', 'Delivered', 'Returned', 'Cancelled')`)
      .addCheckConstraint('orders_money_not_negative', sql`subtotal >= 0 and delivery_charge >= 0 and total >= 0`)
      .execute();
    await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
    await db.schema.createIndex('orders_phone').on('orders').column('phone_number').execute();

    await withId(db.schema.createTable('order_items'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
      .addColumn('product_title', 'text', (c) => c.notNull())
      .addColumn('product_type', 'text', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addCheckConstraint('order_items_quantity_positive', sql`quantity > 0`)
      .execute();
    await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
    await db.schema.createIndex('order_items_product').on('order_items').column('product_id').execute();

    await withId(db.schema.createTable('order_status_changes'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('from_status', 'text', (c) => c.notNull())
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_status_changes_order').on('order_status_changes').column('order_id').execute();

    await withId(db.schema.createTable('idempotency_keys'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('idempotency_keys_user_key', ['user_id', 'key'])
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', ts, (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
  });
}
