/**
 * The payments module's tables: attempts to pay online through a gateway, and refunds through it.
 */
import type { Generated, Selectable } from 'kysely';
import type { AttemptStatus, OnlineGateway } from '../../../domain/payments';

export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: number;
  gateway: OnlineGateway;
  invoice: string;
  gateway_ref: string | null;
  amount: number;
  currency: Generated<string>;
  status: AttemptStatus;
  payment_url: Generated<string>;
  reference: Generated<string>;
  failure_reason: Generated<string>;
  /** JSON: [{at, step, answer}] */
  answers: Generated<string>;
  claim_token: string | null;
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
}
export type PaymentAttempt = Selectable<PaymentAttemptTable>;

export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number;
  gateway: OnlineGateway;
  amount: number;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  refund_key: string;
  reference: Generated<string>;
  message: Generated<string>;
  /** JSON: the gateway's answer. */
  answer: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The payments module's tables, by name (part of `DB`). */
export interface PaymentTables {
  payment_attempts: PaymentAttemptTable;
  payment_refunds: PaymentRefundTable;
}
