import { sql, type Kysely, type Migration } from 'kysely';
import { maskCodes, smsClass } from '../../../domain/sms-limits';

/**
 * The shop-wide hourly SMS budget counts the messages sent in the last hour before each round
 * of the outbox worker (server/notifications/worker.ts): an index on `sent_at` of sent messages keeps that count
 * to the last hour's rows however long the outbox grows. (Per number, the daily cap counts
 * through the existing `sms_outbox_phone` index.)
 *
 * Codes already sent (or given up on) before codes were masked are masked now, once: the outbox
 * is in every backup.
 */
export function smsSentIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Partial: a message is queued without it (each checkout queues one) and enters it once sent.
      await db.schema.createIndex('sms_outbox_sent').on('sms_outbox').columns(['status', 'sent_at']).where(sql.ref('status'), '=', sql.lit('sent')).execute();
      const done = await db
        .selectFrom('sms_outbox')
        .select(['id', 'kind', 'text'])
        .where('status', 'in', ['sent', 'failed'])
        .where((eb) => eb.or([eb('kind', 'in', ['password_reset', 'restock_code']), eb('kind', 'like', '%_code')]))
        .execute();
      for (const row of done as { id: number; kind: string; text: string }[]) {
        if (smsClass(row.kind) !== 'code') continue;
        const text = maskCodes(row.kind, row.text);
        if (text !== row.text) await db.updateTable('sms_outbox').set({ text }).where('id', '=', row.id).execute();
      }
    },
  };
}
