import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders remember the phone number of the account that placed them: order SMS go there, never
 * to the delivery phone typed at checkout (that one is for the courier). Older orders take
 * their account's number now; an order whose account is gone keeps '' and gets no SMS.
 */
export function ordersAccountPhoneMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('account_phone', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update orders set account_phone = coalesce((select u.phone_number from users u where u.id = orders.user_id), '')`.execute(db);
    },
  };
}
