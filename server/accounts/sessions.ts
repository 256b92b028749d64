/**
 * Session tokens (OWASP ASVS 5.0 V7): 256 random bits, stored only as a
 * SHA-256 hash, with an idle and an absolute expiry, revocable one by one or all at once.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Role } from '../../domain/roles';

/** The session cookie over http (tests, localhost)… */
export const SESSION_COOKIE = 'haat_session';
/** …and over https, where the browser then insists on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-haat_session';
export const IDLE_TIMEOUT_MS = 7 * 24 * 3600_000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads don't turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface AuthUser {
  id: number;
  name: string;
  phone_number: string;
  is_admin: boolean;
  /** customer or a staff role (domain/roles.ts); is_admin is true for every staff role. */
  role: Role;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function createSessionStore(db: Kysely<DB>) {
  let lastPurge = 0;
  return {
    /** Deletes sessions past either expiry; run now and then so the table doesn't only grow. */
    async purgeExpired(): Promise<void> {
      const now = Date.now();
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', new Date(now).toISOString()), eb('last_seen_at', '<=', new Date(now - IDLE_TIMEOUT_MS).toISOString())]))
        .execute();
    },

    async create(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      if (now.getTime() - lastPurge > 3600_000) {
        lastPurge = now.getTime();
        void this.purgeExpired().catch(() => {});
      }
      await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: hashToken(token),
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS).toISOString(),
          ip: meta.ip ?? '',
          user_agent: (meta.userAgent ?? '').slice(0, 300),
        })
        .execute();
      return token;
    },

    /** The user behind a token, or null when it is unknown, idle too long or past its absolute expiry. */
    async resolve(token: string): Promise<AuthUser | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', 'sessions.last_seen_at', 'sessions.expires_at', 'users.id', 'users.name', 'users.phone_number', 'users.is_admin', 'users.role'])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row) return null;
      const now = Date.now();
      const lastSeen = Date.parse(row.last_seen_at);
      if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_TIMEOUT_MS <= now) {
        await db.deleteFrom('sessions').where('id', '=', row.session_id).execute();
        return null;
      }
      if (now - lastSeen > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: new Date(now).toISOString() }).where('id', '=', row.session_id).execute();
      }
      return { id: row.id, name: row.name, phone_number: row.phone_number, is_admin: row.is_admin === 1, role: row.role };
    },

    /** Whether the user has a live session made from this client address. */
    async hasSessionFrom(userId: number, ip: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('ip', '=', ip)
        .where('expires_at', '>', new Date().toISOString())
        .where('last_seen_at', '>', new Date(Date.now() - IDLE_TIMEOUT_MS).toISOString())
        .executeTakeFirst();
      return !!row;
    },

    async revoke(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    /** Signs a user out everywhere, except (optionally) the session presenting `keepToken`. */
    async revokeAllFor(userId: number, keepToken?: string): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepToken) q = q.where('token_hash', '!=', hashToken(keepToken));
      await q.execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
