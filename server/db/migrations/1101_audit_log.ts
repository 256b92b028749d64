import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The audit module's table: one row per admin write, sign-in, failed sign-in and password reset.
 * Append-only: a trigger refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL), so not even a
 * bug in the shop can rewrite history. `user_id` has no foreign key: the row outlives the user.
 * `changes` is JSON text `{field: [before, after]}`.
 */
export function auditLogMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('at', ts, (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text')
      .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('address', 'text')
      .execute();
    // Newest first (the list's order; a btree reads backwards too), and the two common filters.
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id']).execute();
    await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target']).execute();
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    } else {
      await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    }
  });
}
