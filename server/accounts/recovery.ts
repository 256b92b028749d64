/**
 * Password recovery by SMS code. A code lives 10 minutes, allows 5 wrong tries and is used once;
 * across codes, an account allows 100 wrong ones (NIST SP 800-63B), after which recovery locks
 * until the owner signs in with their password or an admin unlocks it — otherwise slow guessing
 * with fresh codes would never end.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import { CODE_LIMITS, CODE_MAX_WRONG, codeChecks, CODE_TTL_MS, makeCode as makeOneTimeCode, hashCode as hashOneTimeCode, sameHash } from './one-time-codes';
import { MESSAGES as FORM, OTP_LENGTH, resetPasswordSchema, sendResetCodeSchema, verifyCodeSchema } from '../../domain/accounts';
import { hashPassword } from './passwords';
import type { SessionStore } from './sessions';
import type { UserStore } from './users';
import { enforce, type RateLimiter } from './rate-limit';
import { MESSAGES, addressOf, type RequestMeta } from './messages';
import type { SmsService } from '../notifications/service';

export const RECOVERY_LIMITS = CODE_LIMITS;
export type RecoveryLimits = typeof RECOVERY_LIMITS;

/** A 6-digit code (one-time-codes.ts). */
export function makeCode(): string {
  return makeOneTimeCode(OTP_LENGTH);
}

/** Codes are stored only as hashes, bound to the user so equal codes hash differently. */
export function hashCode(userId: number, code: string): string {
  return hashOneTimeCode('haat-reset', userId, code);
}


/** The refusal while recovery is locked: a Bengali field message for the pages, `code` for API clients. */
const locked = (status: number) => new HttpError(status, MESSAGES.recoveryLocked, { phone_number: [FORM.recoveryLocked] }, { code: 'recovery_locked' });

export function createRecovery(deps: {
  db: Kysely<DB>;
  users: UserStore;
  sessions: SessionStore;
  sms: SmsService;
  limiter: RateLimiter;
  limits: RecoveryLimits;
  shopName: () => Promise<string>;
  /** After a reset: the sign-in counts of this number start over from this address. */
  afterReset: (phone: string, meta: RequestMeta) => Promise<void>;
}) {
  const { db, users, sessions, sms, limiter, limits } = deps;

  /**
   * The live code of a user, with one of its 5 tries and one of the account's 100 failures
   * already taken: both are reserved with conditional UPDATEs before comparing, so parallel
   * guesses can't exceed either limit, and handed back when the code is right.
   */
  async function checkCode(phone: string, otp: string, meta: RequestMeta, failStatus: number) {
    await enforce(limiter, codeChecks('code', 'check', phone, addressOf(meta), limits), 'OTP attempts');
    const user = await users.findByPhone(phone);
    if (!user) throw new HttpError(failStatus, MESSAGES.phoneUnknown, { phone_number: [MESSAGES.phoneUnknown] });
    const now = new Date().toISOString();
    const reset = await db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!(await users.reserveRecoveryFailure(user.id))) throw locked(failStatus);
    if (!reset || reset.expires_at <= now) {
      await users.releaseRecoveryFailure(user.id);
      throw new HttpError(failStatus, MESSAGES.codeGone, { otp: [MESSAGES.codeGone] });
    }
    const reserved = await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', reset.id)
      .where('attempts', '<', CODE_MAX_WRONG)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) {
      await users.releaseRecoveryFailure(user.id);
      throw new HttpError(failStatus, MESSAGES.codeLocked, { otp: [MESSAGES.codeLocked] });
    }
    if (!sameHash(reset.code_hash, hashCode(user.id, otp))) {
      throw new HttpError(failStatus, MESSAGES.codeWrong, { otp: [MESSAGES.codeWrong] });
    }
    await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', reset.id)
      .execute();
    await users.releaseRecoveryFailure(user.id);
    return { user, resetId: reset.id };
  }

  return {
    /** Makes, stores (hashed) and texts a new code; older unused codes stop working. */
    async sendResetCode(phoneInput: string, meta: RequestMeta = {}): Promise<void> {
      const { phone_number: phone } = sendResetCodeSchema.parse({ phone_number: phoneInput });
      await enforce(limiter, codeChecks('code', 'send', phone, addressOf(meta), limits), 'OTP requests');
      const user = await users.findByPhone(phone);
      if (!user) throw badRequest(MESSAGES.phoneUnknown, { phone_number: [MESSAGES.phoneUnknown] });
      // No code is sent that could not be checked.
      if ((await users.recoveryLocked([user.id])).size) throw locked(400);
      const code = makeCode();
      const shop = await deps.shopName();
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        // Earlier codes stop working; codes long past their life are forgotten.
        await trx.updateTable('password_resets').set({ used_at: now.toISOString() }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
        await trx.deleteFrom('password_resets').where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000).toISOString()).execute();
        await trx
          .insertInto('password_resets')
          .values({
            user_id: user.id,
            code_hash: hashCode(user.id, code),
            attempts: 0,
            expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
            used_at: null,
            created_at: now.toISOString(),
          })
          .execute();
        await sms.enqueue(phone, `${shop}: আপনার পাসওয়ার্ড রিসেট কোড ${code}। কোডটি ১০ মিনিট বৈধ। কাউকে জানাবেন না।`, 'password_reset', trx);
      });
      sms.nudge();
    },

    /** Checks a code without using it up (a wrong one counts as a try). */
    async verifyCode(phoneInput: string, otp: string | number, meta: RequestMeta = {}): Promise<void> {
      const data = verifyCodeSchema.parse({ phone_number: phoneInput, otp });
      await checkCode(data.phone_number, data.otp, meta, 400);
    },

    /**
     * Sets the password with a live code, uses the code up (once, even under concurrency) and
     * signs the account out everywhere but the session making the request (ASVS V7.4.3).
     */
    async resetPassword(input: z.input<typeof resetPasswordSchema>, meta: RequestMeta = {}): Promise<void> {
      const data = resetPasswordSchema.parse(input);
      // The first version's client shows `errors` on a 401 from this call.
      const { user, resetId } = await checkCode(data.phone_number, data.otp, meta, 401);
      const hash = await hashPassword(data.password);
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date().toISOString() })
          .where('id', '=', resetId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw new HttpError(401, MESSAGES.codeGone, { otp: [MESSAGES.codeGone] });
        await users.setPassword(user.id, hash, trx);
      });
      await sessions.revokeAllFor(user.id, meta.currentToken ?? undefined);
      // The owner proved the phone from this address: it counts as theirs for sign-in limits.
      await users.recordSignIn(user.id, meta.ip);
      await deps.afterReset(user.phone_number, meta);
    },

    /** An admin lifts the lock (and the count of wrong codes behind it). */
    async unlockRecovery(userId: number): Promise<void> {
      if (!(await users.unlockRecovery(userId))) throw notFound('User not found.');
    },

    recoveryLocked: (ids: number[]) => users.recoveryLocked(ids),
  };
}
