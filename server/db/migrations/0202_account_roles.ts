import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Staff roles (issue 35): users gain `role` (customer, owner, manager, support, packer,
 * accountant). Every user who was an admin before roles existed becomes an owner; `is_admin`
 * stays, true for every staff role, so older clients still tell staff from customers.
 */
export function accountRolesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer').check(sql`role in ('customer', 'owner', 'manager', 'support', 'packer', 'accountant')`))
        .execute();
      await sql`update users set role = 'owner' where is_admin = 1`.execute(db);
      // The staff list and the owners' alerts read by role.
      await db.schema.createIndex('users_role').on('users').column('role').execute();
    },
  };
}
