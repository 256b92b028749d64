/**
 * Migrations written as raw SQL, one list of statements for each dialect, run in order: the
 * catalogue's search tables and change counters (0102–0104), whose triggers, functions and
 * virtual tables Kysely's schema builder cannot write.
 *
 * A statement's second and later lines keep the indentation they were first written with, even
 * where the code around them moved: SQLite keeps the text of a trigger or view as it was sent,
 * and PostgreSQL a function's body, so re-indenting them would change the schema.
 */
import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';

export function rawMigration(dialect: DialectName, statements: Record<DialectName, () => string[]>): Migration {
  return {
    async up(db) {
      for (const statement of statements[dialect]()) await sql.raw(statement).execute(db);
    },
  };
}
