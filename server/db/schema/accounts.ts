/**
 * The accounts module's tables: users, their sessions, password recovery codes and the request limits.
 */
import type { Generated, Selectable } from 'kysely';
import type { Role } from '../../../domain/roles';

export interface UserTable {
  id: Generated<number>;
  name: string;
  phone_number: string;
  password_hash: string;
  is_admin: number;
  /** customer | owner | manager | support | packer | accountant (0202_account_roles); is_admin is 1 for every staff role. */
  role: Generated<Role>;
  created_at: string;
  updated_at: string;
  /** Wrong recovery codes since the last success (0201_account_recovery). */
  recovery_failures: Generated<number>;
  /** Address of the last successful sign-in or password reset; '' when none yet. */
  last_login_ip: Generated<string>;
}
export type User = Selectable<UserTable>;

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
}

/** The accounts module's tables, by name (part of `DB`). */
export interface AccountTables {
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  rate_limits: RateLimitTable;
}
