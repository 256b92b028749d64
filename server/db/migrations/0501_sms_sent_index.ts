import type { Kysely, Migration } from 'kysely';

/**
 * The shop-wide hourly SMS budget counts the messages sent in the last hour before each round
 * of the outbox worker (server/notifications/worker.ts): an index on `sent_at` keeps that count
 * to the last hour's rows however long the outbox grows. (Per number, the daily cap counts
 * through the existing `sms_outbox_phone` index.)
 */
export function smsSentIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createIndex('sms_outbox_sent').on('sms_outbox').column('sent_at').execute();
    },
  };
}
