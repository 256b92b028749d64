import type { Kysely, Migration } from 'kysely';

/** Audit rows name the role the user acted in (issue 35); rows written before read null. */
export function auditRoleMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('audit_log').addColumn('role', 'text').execute();
    },
  };
}
