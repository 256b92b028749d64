/**
 * The columns of a code sent by SMS to prove a phone number (account recovery, a guest's
 * back-in-stock request): stored hashed, with its wrong tries, when it expires and when it was
 * used. The last columns of the table they go in, in this order.
 */
import type { CreateTableBuilder } from 'kysely';
import type { timestampType } from '../dialect';

export function withCodeColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>, ts: ReturnType<typeof timestampType>) {
  return table
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull());
}
