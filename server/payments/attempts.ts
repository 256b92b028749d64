/**
 * The attempts table: one row per time an order was sent to a gateway, with every answer the
 * gateway gave about it. Whoever asks a gateway about an attempt first claims it with one
 * conditional UPDATE (`status → confirming`, a claim token), so two callbacks, an IPN and the
 * hold worker in any number of processes never handle the same attempt at once, and bKash's
 * execute is called once. A claim whose holder died is taken over after `staleMs`.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PaymentAttempt } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import type { AttemptStatus, OnlineGateway } from '../../domain/payments';

/** One answer of a gateway (or what a callback posted), as kept for the back office. */
export interface AttemptAnswer {
  at: string;
  step: string;
  answer: unknown;
}

export interface Claim {
  attempt: PaymentAttempt;
  token: string;
  /** The status the attempt had before it was claimed. */
  was: AttemptStatus;
}

export function parseAnswers(text: string): AttemptAnswer[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as AttemptAnswer[]) : [];
  } catch {
    return [];
  }
}

/** An invoice number unique per attempt: the order's id and a random tail (SSLCommerz allows 30 characters). */
export function newInvoice(orderId: number): string {
  return `H${orderId}-${crypto.randomBytes(5).toString('hex')}`;
}

export function createAttemptStore(db: Kysely<DB>, dialect: DialectName, opts: { staleMs: number }) {
  const nowIso = () => new Date().toISOString();
  const byId = (id: number, q: Kysely<DB> = db) => q.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
  const withAnswer = (attempt: PaymentAttempt, step: string, answer: unknown) =>
    JSON.stringify([...parseAnswers(attempt.answers), { at: nowIso(), step, answer: answer ?? null }]);

  return {
    byId,

    byInvoice(invoice: string) {
      return db.selectFrom('payment_attempts').selectAll().where('invoice', '=', invoice).executeTakeFirst();
    },

    byRef(gateway: OnlineGateway, ref: string) {
      return db.selectFrom('payment_attempts').selectAll().where('gateway', '=', gateway).where('gateway_ref', '=', ref).executeTakeFirst();
    },

    ofOrder(orderId: number, q: Kysely<DB> = db) {
      return q.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** A new attempt, `starting`: its invoice is reserved before the gateway is asked. */
    async insert(trx: Kysely<DB>, a: { order_id: number; gateway: OnlineGateway; invoice: string; amount: number }): Promise<number> {
      const now = nowIso();
      const row = await trx
        .insertInto('payment_attempts')
        .values({ ...a, status: 'starting', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The gateway opened the payment: the customer may now be sent to `paymentUrl`. */
    async opened(id: number, r: { gatewayRef: string; paymentUrl: string; answer: unknown }): Promise<void> {
      const attempt = (await byId(id))!;
      await db
        .updateTable('payment_attempts')
        .set({ status: 'open', gateway_ref: r.gatewayRef || null, payment_url: r.paymentUrl, answers: withAnswer(attempt, 'start', r.answer), updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'starting')
        .execute();
    },

    /** The gateway refused to open the payment (or did not answer). */
    async startFailed(trx: Kysely<DB>, id: number, reason: string, answer: unknown): Promise<void> {
      const attempt = (await byId(id, trx))!;
      await trx
        .updateTable('payment_attempts')
        .set({ status: 'failed', failure_reason: reason.slice(0, 500), answers: withAnswer(attempt, 'start', answer), updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'starting')
        .execute();
    },

    /**
     * Claims an attempt to ask its gateway about it: from one of `from`, or from a claim older
     * than the stale limit. Null when someone else holds it or it is in no such status.
     */
    async claim(id: number, from: readonly AttemptStatus[]): Promise<Claim | null> {
      const before = await byId(id);
      if (!before) return null;
      const token = crypto.randomBytes(12).toString('hex');
      const now = nowIso();
      const stale = new Date(Date.now() - opts.staleMs).toISOString();
      const result = await db
        .updateTable('payment_attempts')
        .set({ status: 'confirming', claim_token: token, claimed_at: now, updated_at: now })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', 'in', [...from]),
            eb.and([eb('status', '=', 'confirming'), eb('claimed_at', '<', timestampParam(dialect, stale))]),
          ]),
        )
        // The status read above must still be the status now, so `was` is true.
        .where('status', '=', before.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const attempt = (await byId(id))!;
      return { attempt, token, was: before.status === 'confirming' ? 'unknown' : before.status };
    },

    /**
     * Ends a claim: the attempt's new status, what the gateway said, and (paid) the gateway's
     * transaction id. False when the claim was lost (taken over as stale), so the caller changes nothing else.
     */
    async settle(
      trx: Kysely<DB>,
      claim: Claim,
      s: { status: AttemptStatus; reference?: string; reason?: string; answers: { step: string; answer: unknown }[] },
    ): Promise<boolean> {
      const current = await byId(claim.attempt.id, trx);
      if (!current || current.claim_token !== claim.token || current.status !== 'confirming') return false;
      const answers = [...parseAnswers(current.answers), ...s.answers.map((a) => ({ at: nowIso(), step: a.step, answer: a.answer ?? null }))];
      const result = await trx
        .updateTable('payment_attempts')
        .set({
          status: s.status,
          ...(s.reference ? { reference: s.reference } : {}),
          ...(s.reason !== undefined ? { failure_reason: s.reason.slice(0, 500) } : {}),
          answers: JSON.stringify(answers),
          claim_token: null,
          claimed_at: null,
          updated_at: nowIso(),
        })
        .where('id', '=', claim.attempt.id)
        .where('claim_token', '=', claim.token)
        .where('status', '=', 'confirming')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves an attempt nobody holds from one of `from` to `to` (a cancelled bKash payment, a rejected review). */
    async close(trx: Kysely<DB>, id: number, from: readonly AttemptStatus[], to: AttemptStatus, s: { reason?: string; step: string; answer: unknown }): Promise<boolean> {
      const attempt = await byId(id, trx);
      if (!attempt || !from.includes(attempt.status)) return false;
      const result = await trx
        .updateTable('payment_attempts')
        .set({ status: to, ...(s.reason !== undefined ? { failure_reason: s.reason.slice(0, 500) } : {}), answers: withAnswer(attempt, s.step, s.answer), updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', attempt.status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Attempts whose outcome the gateway could not tell, or whose claim holder died: to be looked up again. */
    async toLookUp(limit: number): Promise<PaymentAttempt[]> {
      const now = Date.now();
      const settledBefore = timestampParam(dialect, new Date(now - opts.staleMs).toISOString());
      return db
        .selectFrom('payment_attempts')
        .selectAll()
        .where((eb) => eb.or([eb.and([eb('status', '=', 'unknown'), eb('updated_at', '<', settledBefore)]), eb.and([eb('status', '=', 'confirming'), eb('claimed_at', '<', settledBefore)])]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type AttemptStore = ReturnType<typeof createAttemptStore>;
