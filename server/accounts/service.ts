/**
 * services.accounts: sign-up, sign-in, sign-out, password recovery by SMS code and admins.
 * Inputs are parsed with the form schemas of domain/accounts.ts,
 * so pages and the API get the same rules; failures are HttpErrors with the API's messages.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { Page } from '../http/pagination';
import { HttpError, badRequest } from '../http/errors';
import { loginSchema, makeAdminSchema, registerSchema, type UserListQuery } from '../../domain/accounts';
import { burnVerifyTime, verifyPassword } from './passwords';
import type { AuthUser, SessionStore } from './sessions';
import { LastOwnerError, publicUser, type ApiUser, type UserStore } from './users';
import { ROLE_MESSAGES, type Role } from '../../domain/roles';
import { enforce, type RateLimiter, type RateRule } from './rate-limit';
import { SIGN_IN_LIMITS, createSignInLimits } from './sign-in-limits';
import { RECOVERY_LIMITS, createRecovery } from './recovery';
import { MESSAGES, addressOf, type RequestMeta } from './messages';
import type { SmsService } from '../notifications/service';

export { MESSAGES, type RequestMeta } from './messages';

const MIN = 60_000;
export const DEFAULT_LIMITS = {
  ...SIGN_IN_LIMITS,
  ...RECOVERY_LIMITS,
  registerPerAddress: { limit: 20, windowMs: 60 * MIN } satisfies RateRule,
};
export type AccountLimits = typeof DEFAULT_LIMITS;

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
  /** The shop's public address, for the link in a staff invitation. */
  publicUrl?: string | undefined;
  limits?: Partial<AccountLimits>;
}) {
  const { users, sessions, limiter } = deps;
  const limits: AccountLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const signInLimits = createSignInLimits(limiter, limits);
  const recovery = createRecovery({
    ...deps,
    limits,
    afterReset: (phone, meta) => signInLimits.succeeded(phone, meta.ip),
  });

  /** The SMS an invited staff member gets: how to set their password (no password travels by SMS). */
  async function invite(phone: string): Promise<void> {
    const shop = await deps.shopName();
    await deps.sms.enqueue(phone, `${shop}: আপনাকে দোকানের টিমে যোগ করা হয়েছে। ${deps.publicUrl ?? ''}/forget-password পাতায় এই নাম্বার দিয়ে পাসওয়ার্ড সেট করে সাইন ইন করুন।`, 'staff_invite');
    deps.sms.nudge();
  }

  /**
   * A new session for the user. The session the request came with (another account's, or an
   * older one of this account) ends, so one browser never holds two (ASVS V7.2.4).
   */
  async function signIn(user: Parameters<typeof publicUser>[0], meta: RequestMeta): Promise<SignedIn> {
    if (meta.currentToken) await sessions.revoke(meta.currentToken);
    const token = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    await users.recordSignIn(user.id, meta.ip);
    return { user: publicUser(user), token };
  }

  /** Whether the account signed in from this address before (its own address for the sign-in limits). */
  async function isOwnAddress(user: { id: number; last_login_ip: string } | undefined, meta: RequestMeta): Promise<boolean> {
    if (!user || !meta.ip) return false;
    return user.last_login_ip === meta.ip || sessions.hasSessionFrom(user.id, meta.ip);
  }

  return {
    limiter,

    async register(input: z.input<typeof registerSchema>, meta: RequestMeta = {}): Promise<SignedIn> {
      const data = registerSchema.parse(input);
      await enforce(limiter, [{ key: `register:ip:${addressOf(meta)}`, rule: limits.registerPerAddress }], 'sign-ups from this address');
      if (await users.findByPhone(data.phone_number)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
      try {
        const user = await users.create({ name: data.name, phone_number: data.phone_number, password: data.password });
        return await signIn(user, meta);
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
        throw error;
      }
    },

    /**
     * Wrong phone and wrong password answer alike, in the same time (ASVS V6.3.8 / V2.2.x);
     * the limits are those of sign-in-limits.ts.
     */
    async login(input: z.input<typeof loginSchema>, meta: RequestMeta = {}): Promise<SignedIn> {
      const data = loginSchema.parse(input);
      const user = await users.findByPhone(data.phone_number);
      await signInLimits.admit(data.phone_number, addressOf(meta), await isOwnAddress(user, meta));
      const ok = user ? await verifyPassword(user.password_hash, data.password) : (await burnVerifyTime(data.password), false);
      if (!user || !ok) {
        await signInLimits.failed(data.phone_number);
        throw new HttpError(401, MESSAGES.badLogin, { non_field_errors: [MESSAGES.badLogin] });
      }
      await signInLimits.succeeded(data.phone_number, addressOf(meta));
      return signIn(user, meta);
    },

    async logout(token: string | null | undefined): Promise<void> {
      if (token) await sessions.revoke(token);
    },

    sendResetCode: recovery.sendResetCode,
    verifyCode: recovery.verifyCode,
    resetPassword: recovery.resetPassword,
    unlockRecovery: recovery.unlockRecovery,
    recoveryLocked: recovery.recoveryLocked,

    /**
     * A staff member by phone number: a new account (with the password given, or none usable and
     * an SMS inviting them to set one), or an existing customer promoted. A number already on the
     * team answers 400 'Phone Number is already exist!' (the first version's words): its role
     * changes through `setRole`.
     */
    async makeAdmin(input: z.input<typeof makeAdminSchema>): Promise<{ user: AuthUser; created: boolean }> {
      const data = makeAdminSchema.parse(input);
      const found = await users.findByPhone(data.phone_number);
      if (found) {
        if (found.role !== 'customer') throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
        return { user: publicUser(await this.setRole(found.id, data.role)), created: false };
      }
      try {
        const user = await users.create({ name: data.name || 'Admin', phone_number: data.phone_number, password: data.password, role: data.role });
        if (!data.password) await invite(user.phone_number);
        return { user: publicUser(user), created: true };
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(MESSAGES.phoneTaken, { phone_number: [MESSAGES.phoneTaken] });
        throw error;
      }
    },

    /** The owner changes a user's role (`customer` removes them from the team); the last owner's answers 409. */
    async setRole(userId: number, role: Role) {
      try {
        const user = await users.setRole(userId, role);
        if (!user) throw new HttpError(404, MESSAGES.userUnknown);
        return user;
      } catch (error) {
        if (error instanceof LastOwnerError) throw new HttpError(409, ROLE_MESSAGES.lastOwner);
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
