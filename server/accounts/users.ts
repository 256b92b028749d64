import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import { nowIso } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { normalizePhone } from '../../domain/phone';
import { RECOVERY_MAX_FAILURES } from '../../domain/accounts';
import type { Page } from '../http/pagination';
import { isStaffRole, type Role, type StaffRole } from '../../domain/roles';
import { hashPassword } from './passwords';

export interface ApiUser {
  id: number;
  name: string;
  phone_number: string;
  is_admin: boolean;
  role: Role;
  created_at: string;
}

export function publicUser(u: Pick<User, 'id' | 'name' | 'phone_number' | 'is_admin' | 'role'>) {
  return { id: u.id, name: u.name, phone_number: u.phone_number, is_admin: u.is_admin === 1, role: u.role };
}

/** The row values that give a user `role`: is_admin follows it (true for every staff role). */
const roleValues = (role: Role) => ({ role, is_admin: isStaffRole(role) ? 1 : 0 });

/** Changing the last owner's role: the shop would have nobody to manage settings and staff. */
export class LastOwnerError extends Error {}

/**
 * The password of an account made for someone else (staff taking an order by phone): the hash of
 * 32 random bytes nobody keeps. Signing in with any password is refused, in the same time as any
 * wrong password (an empty hash would answer at once and tell the number apart); the customer
 * sets a real one by recovery (send_reset_otp, reset-password).
 */
function unusablePasswordHash(): Promise<string> {
  return hashPassword(crypto.randomBytes(32).toString('base64url'));
}

export function createUserStore(db: Kysely<DB>) {
  return {
    findByPhone(phone: string) {
      return db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
    },

    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The names of these users by id (for other modules that show who did something); unknown ids are left out. */
    async namesByIds(ids: number[]): Promise<Map<number, string>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * The phone numbers of the shop's owners, for alerts about money (a late payment to refund,
     * the SMS limit reached). `q` is the caller's transaction when it holds one (on SQLite it
     * holds the one connection).
     */
    async staffPhones(q: Kysely<DB> = db): Promise<string[]> {
      return this.phonesOf(['owner'], q);
    },

    /** The phone numbers of the users with these roles (the morning notices go to managers and owners). */
    async phonesOf(roles: readonly StaffRole[], q: Kysely<DB> = db): Promise<string[]> {
      const rows = await q.selectFrom('users').select('phone_number').where('role', 'in', [...roles]).orderBy('id').execute();
      return rows.map((r) => r.phone_number);
    },

    /**
     * Gives a user `role`; the last owner's role can't change (LastOwnerError). The owners' rows
     * are written (unchanged) before they are counted: that takes their row locks on PostgreSQL
     * and the write lock on SQLite, so two owners demoting each other at once are counted one
     * after the other and can't leave the shop with none.
     */
    async setRole(userId: number, role: Role): Promise<User | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
        if (!user || user.role === role) return user;
        if (user.role === 'owner') {
          const locked = await trx.updateTable('users').set((eb) => ({ role: eb.ref('role') })).where('role', '=', 'owner').executeTakeFirst();
          if (Number(locked.numUpdatedRows) <= 1) throw new LastOwnerError();
        }
        return trx.updateTable('users').set({ ...roleValues(role), updated_at: nowIso() }).where('id', '=', userId).returningAll().executeTakeFirst();
      });
    },

    /** How many users there are and how many of them are admins, for the back office's dashboard. */
    async counts(): Promise<{ users: number; admins: number }> {
      const row = await db
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('users'), eb.fn.sum<number>('is_admin').as('admins')])
        .executeTakeFirstOrThrow();
      return { users: Number(row.users), admins: Number(row.admins ?? 0) };
    },

    /** Users for the back office, newest first; `phone_number` is compared in its normalised form. */
    async list(q: { is_admin?: boolean | undefined; role?: Role | undefined; phone_number?: string | undefined; search?: string | undefined }, page: Page): Promise<{ count: number; results: ApiUser[] }> {
      let base = db.selectFrom('users');
      if (q.is_admin !== undefined) base = base.where('is_admin', '=', q.is_admin ? 1 : 0);
      if (q.role) base = base.where('role', '=', q.role);
      if (q.phone_number) base = base.where('phone_number', '=', normalizePhone(q.phone_number) ?? q.phone_number);
      if (q.search) {
        const like = `%${q.search}%`;
        base = base.where((eb) => eb.or([eb('name', 'like', like), eb('phone_number', 'like', like)]));
      }
      const [{ count }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        base.select(['id', 'name', 'phone_number', 'is_admin', 'role', 'created_at']).orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      return { count: Number(count), results: rows.map((u) => ({ ...publicUser(u), created_at: u.created_at })) };
    },

    /**
     * Counts a recovery code check against the account before the code is compared, so parallel
     * guesses can't pass the limit; false when recovery is locked.
     */
    async reserveRecoveryFailure(userId: number): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set((eb) => ({ recovery_failures: eb('recovery_failures', '+', 1) }))
        .where('id', '=', userId)
        .where('recovery_failures', '<', RECOVERY_MAX_FAILURES)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Hands back a reserved failure (the code was right). */
    async releaseRecoveryFailure(userId: number): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ recovery_failures: eb('recovery_failures', '-', 1) }))
        .where('id', '=', userId)
        .where('recovery_failures', '>', 0)
        .execute();
    },

    /** A successful sign-in or reset: recovery unlocks and this address becomes the account's own. */
    async recordSignIn(userId: number, address: string | undefined): Promise<void> {
      await db
        .updateTable('users')
        .set({ recovery_failures: 0, ...(address ? { last_login_ip: address } : {}) })
        .where('id', '=', userId)
        .execute();
    },

    /** An admin unlocks recovery; false when there is no such user. */
    async unlockRecovery(userId: number): Promise<boolean> {
      const r = await db.updateTable('users').set({ recovery_failures: 0 }).where('id', '=', userId).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Which of these users have their recovery locked. */
    async recoveryLocked(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', [...new Set(ids)]).where('recovery_failures', '>=', RECOVERY_MAX_FAILURES).execute();
      return new Set(rows.map((r) => r.id));
    },

    async setPassword(userId: number, passwordHash: string, trx: Kysely<DB> = db): Promise<void> {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
    },

    /** A new account; `password` absent: no usable password (the person sets one by recovery). */
    async create(input: { name: string; phone_number: string; password?: string | undefined; role?: Role }): Promise<User> {
      const now = nowIso();
      return db
        .insertInto('users')
        .values({
          name: input.name,
          phone_number: input.phone_number,
          password_hash: input.password ? await hashPassword(input.password) : await unusablePasswordHash(),
          ...roleValues(input.role ?? 'customer'),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * The account of this number for an order staff take (`POST /api/order/`): found as it is,
     * whatever its role, or made with `name` and no usable password. Two staff making the same
     * number at once get the one account.
     */
    async findOrMakeByPhone(phoneInput: string, name: string): Promise<{ user: User; created: boolean }> {
      const phone = normalizePhone(phoneInput);
      if (!phone) throw new Error(`Not a Bangladeshi mobile number: ${phoneInput}`);
      const found = await this.findByPhone(phone);
      if (found) return { user: found, created: false };
      const now = nowIso();
      const passwordHash = await unusablePasswordHash();
      try {
        const user = await db
          .insertInto('users')
          .values({ name, phone_number: phone, password_hash: passwordHash, is_admin: 0, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { user, created: true };
      } catch (error) {
        const raced = isUniqueViolation(error) ? await this.findByPhone(phone) : undefined;
        if (raced) return { user: raced, created: false };
        throw error;
      }
    },

    /** `npm run create-admin` and ADMIN_PHONE/ADMIN_PASSWORD: make sure this user exists with this password and is an owner. */
    async ensureAdmin(phoneInput: string, password: string, name?: string): Promise<{ user: User; created: boolean }> {
      const phone = normalizePhone(phoneInput);
      if (!phone) throw new Error(`Not a Bangladeshi mobile number: ${phoneInput}`);
      if (password.length < 8 || password.length > 128) throw new Error('The password must be 8 to 128 characters long.');
      const existing = await this.findByPhone(phone);
      if (!existing) return { user: await this.create({ name: name ?? 'Admin', phone_number: phone, password, role: 'owner' }), created: true };
      const user = await db
        .updateTable('users')
        .set({ ...roleValues('owner'), password_hash: await hashPassword(password), updated_at: nowIso(), ...(name ? { name } : {}) })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user, created: false };
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
