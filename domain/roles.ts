/**
 * Who on the shop's team may do what: the roles a user can have and the access levels routes and
 * back-office screens declare (the run contract's permission table). The server checks a route's
 * declared level in one place (server/http/route-guard.ts); the back office shows each role only
 * the screens its level allows (app/routes/admin/screens.server.ts).
 */
import { z } from 'zod';

export const STAFF_ROLES = ['owner', 'manager', 'support', 'packer', 'accountant'] as const;
export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = (typeof ROLES)[number];

/**
 * The levels a staff route or screen declares. `staff`: every staff role; `support`: support+
 * (support, manager, owner); `packer`, `accountant` likewise; `manager`: manager and owner;
 * `owner`: the owner only; `counter`: the counter's sellers (packer+ and support).
 */
export const STAFF_ACCESS = {
  staff: ['owner', 'manager', 'support', 'packer', 'accountant'],
  support: ['owner', 'manager', 'support'],
  packer: ['owner', 'manager', 'packer'],
  accountant: ['owner', 'manager', 'accountant'],
  manager: ['owner', 'manager'],
  owner: ['owner'],
  counter: ['owner', 'manager', 'packer', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAccess = keyof typeof STAFF_ACCESS;
export const STAFF_ACCESS_LEVELS = Object.keys(STAFF_ACCESS) as StaffAccess[];

/** Whether a declared audience is a staff level (not public, signed or secret). */
export function isStaffAccess(audience: string | null | undefined): audience is StaffAccess {
  return Object.hasOwn(STAFF_ACCESS, audience ?? '');
}

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a user of `role` may use what is declared `access`. */
export function mayUse(role: string | null | undefined, access: StaffAccess): boolean {
  return (STAFF_ACCESS[access] as readonly string[]).includes(role ?? '');
}

/** Bengali first, English beside: how the back office names each role. */
export const ROLE_LABELS: Record<Role, { bn: string; en: string }> = {
  owner: { bn: 'মালিক', en: 'Owner' },
  manager: { bn: 'ম্যানেজার', en: 'Manager' },
  support: { bn: 'সাপোর্ট', en: 'Support' },
  packer: { bn: 'প্যাকার', en: 'Packer' },
  accountant: { bn: 'হিসাবরক্ষক', en: 'Accountant' },
  customer: { bn: 'গ্রাহক', en: 'Customer' },
};

export const ROLE_MESSAGES = {
  forbidden: 'You do not have permission to perform this action.',
  screenForbidden: 'Your role does not open this screen. Ask the shop owner if you need it.',
  lastOwner: 'The shop must keep at least one owner: make someone else owner first.',
  roleInvalid: 'Choose one of: owner, manager, support, packer, accountant, customer.',
} as const;

/** `PUT /api/user/{id}/` (owner): the one field it takes. */
export const roleChangeSchema = z.object({ role: z.enum(ROLES, { error: ROLE_MESSAGES.roleInvalid }) }).strict();
