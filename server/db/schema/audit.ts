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
}

/** The audit module's tables, by name (part of `DB`). */
export interface AuditTables {
  audit_log: AuditLogTable;
}
