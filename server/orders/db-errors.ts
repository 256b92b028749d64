/** The one place the two databases' error codes differ for orders: a UNIQUE constraint refused a row. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL: SQLSTATE 23505; better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY).
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
