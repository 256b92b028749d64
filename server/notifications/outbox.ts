/**
 * The SMS outbox: every message is a row first, sent later by the worker,
 * so a slow or broken gateway never fails the request that caused it. Call `enqueue` inside
 * the caller's transaction when the message belongs to a change (an order, a reset code).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';

export async function enqueueSms(db: Kysely<DB>, to: string, text: string, kind: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('sms_outbox')
    .values({ to_phone: to, text, kind, status: 'pending', attempts: 0, next_attempt_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
