/**
 * Checkout's Idempotency-Key: a retry of the same request answers the first order instead of
 * placing a second. Keys are kept for a day, as payment APIs do; only successes are kept.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';

/** Idempotency keys are kept for a day, as payment APIs do. */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** A stable hash of a request body: same fields and values in any key order → same hash. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return crypto.createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/** The answer kept under this customer's key, or null; 422 when the key was used for a different request. */
export async function findIdempotent<T>(db: Kysely<DB>, userId: number, key: string, hash: string): Promise<T | null> {
  const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!row || Date.parse(row.created_at) < Date.now() - IDEMPOTENCY_TTL_MS) return null;
  if (row.request_hash !== hash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different checkout.');
  }
  return JSON.parse(row.response) as T;
}

/** Keeps a checkout's answer under its key, inside the order's transaction; this customer's expired keys go now, so the table holds about a day of keys. */
export async function keepIdempotent(trx: Kysely<DB>, userId: number, key: string, hash: string, response: unknown, now: string): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())
    .execute();
  await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash, status_code: 200, response: JSON.stringify(response), created_at: now })
    .execute();
}
