/**
 * How the two databases report a refused row. PostgreSQL answers SQLSTATE codes; better-sqlite3
 * answers extended result codes. Every module asks here instead of reading codes itself.
 */
export type ConstraintKind = 'foreign_key' | 'unique' | 'check' | 'not_null';

const CODES: Record<string, ConstraintKind> = {
  '23503': 'foreign_key',
  '23505': 'unique',
  '23514': 'check',
  '23502': 'not_null',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  // A duplicate INTEGER PRIMARY KEY / rowid is a uniqueness failure too.
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

/** Which constraint refused the statement, or null when the error is something else. */
export function constraintKind(error: unknown): ConstraintKind | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (CODES[code] ?? null) : null;
}

export function isUniqueViolation(error: unknown): boolean {
  return constraintKind(error) === 'unique';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return constraintKind(error) === 'foreign_key';
}
