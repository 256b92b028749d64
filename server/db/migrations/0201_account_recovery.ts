import type { Kysely, Migration } from 'kysely';

/**
 * Accounts remember two things about a user beyond the password:
 * - recovery_failures: wrong recovery codes since the last success, across codes; at 100 the
 *   account's password recovery locks until a successful sign-in or an admin unlocks it;
 * - last_login_ip: the client address of the last successful sign-in (or password reset), so the
 *   owner signing in from there is not slowed down by failures other addresses caused.
 */
export function accountRecoveryMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('users').addColumn('recovery_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('last_login_ip', 'text', (c) => c.notNull().defaultTo('')).execute();
    },
  };
}
