/**
 * The notifications module's table: the SMS outbox the sender works through.
 */
import type { Generated } from 'kysely';

export interface SmsOutboxTable {
  id: Generated<number>;
  to_phone: string;
  text: string;
  kind: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The notifications module's tables, by name (part of `DB`). */
export interface NotificationTables {
  sms_outbox: SmsOutboxTable;
}
