/**
 * services.accounts: sign-up, sign-in, sign-out, password recovery by SMS code and admins.
 * Inputs are parsed with the form schemas of domain/accounts.ts,
 * so pages and the API get the same rules; failures are HttpErrors with the API's messages.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { Page } from '../http/pagination';
import { HttpError, badRequest } from '../http/errors';
import {
  OTP_LENGTH,
  loginSchema,
  makeAdminSchema,
  registerSchema,
  resetPasswordSchema,
  sendResetCodeSchema,
  verifyCodeSchema,
  type UserListQuery,
} from '../../domain/accounts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords';
import type { AuthUser, SessionStore } from './sessions';
import { publicUser, type ApiUser, type UserStore } from './users';
import { enforce, type RateLimiter, type RateRule } from './rate-limit';
import type { SmsService } from '../notifications/service';

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** The session token the request presented, kept when the password is reset from it. */
  currentToken?: string | null;
}

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG = 5;

const MIN = 60_000;
export const DEFAULT_LIMITS = {
  loginPerPhone: { limit: 10, windowMs: 15 * MIN },
  loginPerAddress: { limit: 50, windowMs: 15 * MIN },
  registerPerAddress: { limit: 20, windowMs: 60 * MIN },
  sendCodePerPhone: { limit: 3, windowMs: 15 * MIN },
  sendCodePerAddress: { limit: 10, windowMs: 15 * MIN },
  checkCodePerPhone: { limit: 10, windowMs: 15 * MIN },
  checkCodePerAddress: { limit: 50, windowMs: 15 * MIN },
} satisfies Record<string, RateRule>;
export type AccountLimits = typeof DEFAULT_LIMITS;

export const MESSAGES = {
  registered: 'Register Successfully!',
  loggedIn: 'Login Successfully!',
  loggedOut: 'Logout Successfully!',
  phoneTaken: 'Phone Number is already exist!',
  badLogin: 'Phone number or password is incorrect.',
  phoneUnknown: 'Phone Number is not matched!',
  codeSent: 'OTP Send Successfully!',
  codeMatched: 'OTP matched Successfully!',
  codeWrong: 'OTP is not matched!',
  codeGone: 'This OTP has expired or was already used. Please ask for a new one.',
  codeLocked: 'Too many wrong OTPs. Please ask for a new one.',
  passwordReset: 'Password reset Successfully!',
  adminCreated: 'Admin created Successfully!',
} as const;

/** A 6-digit code from the operating system's secure generator, so it can not be predicted (ASVS V6.5). */
export function makeCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Codes are stored only as hashes, bound to the user so equal codes hash differently. */
export function hashCode(userId: number, code: string): string {
  return crypto.createHash('sha256').update(`haat-reset:${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface SignedIn {
  user: AuthUser;
  token: string;
}

export function createAccountsService(deps: {
  db: Kysely<DB>;
  users: UserStore;
  sessions: SessionStore;
  sms: SmsService;
  limiter: RateLimiter;
  shopName: () => Promise<string>;
  limits?: Partial<AccountLimits>;
}) {
  const { db, users, sessions, sms, limiter } = deps;
  const limits: AccountLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const addr = (meta: RequestMeta) => meta.ip || 'unknown';

  async function signIn(user: Parameters<typeof publicUser>[0], meta: RequestMeta): Promise<SignedIn> {
    const token = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    return { user: publicUser(user), token };
  }

  /**
   * The live code of a user, with one of its 5 tries already taken: the try is reserved with a
   * conditional UPDATE before comparing, so parallel guesses can't exceed the limit, and handed
   * back when the code is right.
   */
  async function checkCode(phone: string, otp: string, meta: RequestMeta, failStatus: number) {
    await enforce(
      limiter,
      [
        { key: `code-check:phone:${phone}`, rule: limits.checkCodePerPhone },
        { key: `code-check:ip:${addr(meta)}`, rule: limits.checkCodePerAddress },
      ],
      'OTP attempts',
    );
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
    if (!reset || reset.expires_at <= now) throw new HttpError(failStatus, MESSAGES.codeGone, { otp: [MESSAGES.codeGone] });
    const reserved = await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', reset.id)
      .where('attempts', '<', CODE_MAX_WRONG)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) throw new HttpError(failStatus, MESSAGES.codeLocked, { otp: [MESSAGES.codeLocked] });
    if (!sameHash(reset.code_hash, hashCode(user.id, otp))) {
      throw new HttpError(failStatus, MESSAGES.codeWrong, { otp: [MESSAGES.codeWrong] });
    }
    await db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', reset.id)
      .execute();
    return { user, resetId: reset.id };
  }

  return {
    limiter,

    async register(input: z.input<typeof registerSchema>, meta: RequestMeta = {}): Promise<SignedIn> {
      const data = registerSchema.parse(input);
      await enforce(limiter, [{ key: `register:ip:${addr(meta)}`, rule: limits.registerPerAddress }], 'sign-ups from this address');
      if (await users.findByPhone(data.phone_number)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
      try {
        const user = await users.create({ name: data.name, phone_number: data.phone_number, password: data.password });
        return await signIn(user, meta);
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
        throw error;
      }
    },

    /** Wrong phone and wrong password answer alike, in the same time (ASVS V6.3.8 / V2.2.x). */
    async login(input: z.input<typeof loginSchema>, meta: RequestMeta = {}): Promise<SignedIn> {
      const data = loginSchema.parse(input);
      const phoneKey = `login:phone:${data.phone_number}`;
      await enforce(
        limiter,
        [
          { key: phoneKey, rule: limits.loginPerPhone },
          { key: `login:ip:${addr(meta)}`, rule: limits.loginPerAddress },
        ],
        'sign-in attempts',
      );
      const user = await users.findByPhone(data.phone_number);
      const ok = user ? await verifyPassword(user.password_hash, data.password) : (await burnVerifyTime(data.password), false);
      if (!user || !ok) throw new HttpError(401, MESSAGES.badLogin, { non_field_errors: [MESSAGES.badLogin] });
      await limiter.reset(phoneKey);
      return signIn(user, meta);
    },

    async logout(token: string | null | undefined): Promise<void> {
      if (token) await sessions.revoke(token);
    },

    /** Makes, stores (hashed) and texts a new code; older unused codes stop working. */
    async sendResetCode(phoneInput: string, meta: RequestMeta = {}): Promise<void> {
      const { phone_number: phone } = sendResetCodeSchema.parse({ phone_number: phoneInput });
      await enforce(
        limiter,
        [
          { key: `code-send:phone:${phone}`, rule: limits.sendCodePerPhone },
          { key: `code-send:ip:${addr(meta)}`, rule: limits.sendCodePerAddress },
        ],
        'OTP requests',
      );
      const user = await users.findByPhone(phone);
      if (!user) throw badRequest(MESSAGES.phoneUnknown, { phone_number: [MESSAGES.phoneUnknown] });
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
      await limiter.reset(`login:phone:${user.phone_number}`);
    },

    async makeAdmin(input: z.input<typeof makeAdminSchema>): Promise<{ user: AuthUser }> {
      const data = makeAdminSchema.parse(input);
      if (await users.findByPhone(data.phone_number)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
      try {
        const user = await users.create({ name: data.name || 'Admin', phone_number: data.phone_number, password: data.password, is_admin: true });
        return { user: publicUser(user) };
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
        throw error;
      }
    },

    listUsers(q: UserListQuery, page: Page): Promise<{ count: number; results: ApiUser[] }> {
      return users.list(q, page);
    },

    close(): Promise<void> {
      return limiter.close();
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
