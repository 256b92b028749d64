/**
 * The marks a statement carries in a comment to say how the database plans it. Both drivers
 * (postgres.ts, sqlite.ts) look for the mark's text in the statement they are sent.
 */
import { sql } from 'kysely';

/**
 * Marks a statement PostgreSQL must plan for its parameters every time: a LIKE that chooses how
 * the matches are read (the trigram index, or an index in order until the page is full).
 */
export const PLAN_EACH_TIME_TEXT = '/* plan each time */';
export const PLAN_EACH_TIME = sql.raw(PLAN_EACH_TIME_TEXT);
/**
 * Marks a statement whose values the database may see written into its text (`withValuesWritten`).
 * PostgreSQL plans a statement with parameters again at every execution (the planner keeps
 * choosing plans for the values over a generic one), and SQLite prepares it again (`WRITTEN_SQLITE`);
 * for the catalogue's list pages either cost more than running them. Written in, each distinct
 * page is a statement with no parameters, planned once and reused while it is kept
 * (`WRITTEN_PER_CONNECTION`, `WRITTEN_SQLITE`; the least recently used dropped first).
 */
export const PLAN_WITH_VALUES_TEXT = '/* plan with values */';
export const PLAN_WITH_VALUES = sql.raw(PLAN_WITH_VALUES_TEXT);
