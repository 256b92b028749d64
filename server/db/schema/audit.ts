/**
 * The audit module's table.
 */
import type { Generated } from 'kysely';

/** The audit log (audit module, migration 1101): append-only; `changes` is JSON `{field: [before, after]}`. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  action: string;
  target: string | null;
  changes: string;
  address: string | null;
  /** The role the user acted in (1102_audit_role); null for account events and older rows. */
  role: string | null;
}

/** The audit module's tables, by name (part of `DB`). */
export interface AuditTables {
  audit_log: AuditLogTable;
}
