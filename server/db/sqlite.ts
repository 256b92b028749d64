/**
 * SQLite through better-sqlite3: each statement text prepared once, rows read as arrays, and
 * LIMIT, OFFSET and the values of statements marked PLAN_WITH_VALUES written into the text.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from './schema';
import type { Database } from './handle';
import { keptRecent } from './remembered-queries';
import { narrowDatabaseCompanions, prepareDatabaseFile } from './private-files';
import { PLAN_WITH_VALUES_TEXT } from './plan-marks';
import { rowBuilder } from './row-builder';
import { limitLiteral, placeholders, sqliteLiteral, textWithLiterals, valuesToWrite } from './sqlite-literals';

/** What Kysely's SQLite driver uses of a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: unknown[]): unknown[];
  iterate(parameters: unknown[]): IterableIterator<unknown>;
  run(parameters: unknown[]): SQLite.RunResult;
}

/**
 * A statement that returns rows gives them as arrays, made into objects here by a function
 * written for its columns: better-sqlite3 builds each row property by property through V8's API,
 * which for a page of 20 products (34 columns and names) cost more than the query (about half
 * the time here). The objects are the same: the columns in order, a repeated name the last one's.
 */
function withFastRows(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement as unknown as DriverStatement;
  const row = rowBuilder(statement.columns().map((c) => c.name));
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(row),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
    run: (parameters) => statement.run(parameters),
  };
}

/**
 * Statements with values written in that SQLite keeps prepared (a few tens of KB each).
 *
 * SQLite prepares a statement again at the first step after a value is bound to it that could
 * change its plan: a LIMIT or OFFSET (measured: a page of ids 10.1 against 6.2 µs, 16.8 against
 * 10.3 in a subquery), and under STAT4 (which better-sqlite3 builds in) a value compared to an
 * indexed column. better-sqlite3 binds the values at every run, so such a statement was prepared
 * again every time. The list page's statement ran in 126 µs with parameters and 86 µs with its
 * values written in (page 50 of 100,000 products; in the server, 2,700 against 3,700–4,000
 * pages/s). So every statement has its LIMIT and OFFSET written into its text, and those marked
 * PLAN_WITH_VALUES every plain value; each distinct text is prepared once and kept
 * (`WRITTEN_SQLITE`, the least recently used dropped first).
 */
const WRITTEN_SQLITE = 200;

export function openSqlite(file: string): Database {
  // The database holds every customer's details: 0600 in a 0700 folder when made here (private-files.ts).
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) prepareDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) narrowDatabaseCompanions(file);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statements with values written in, by their statement's number and the values; the least
  // recently used dropped first.
  const written = keptRecent<DriverStatement>(WRITTEN_SQLITE);
  let texts = 0;
  const writing = (text: string, plain: DriverStatement, at: number[], write: number[], literalOf: (value: unknown) => string | null): DriverStatement => {
    const id = texts++;
    const forValues = (parameters: unknown[]): [DriverStatement, unknown[]] => {
      const w = valuesToWrite(at, write, parameters, literalOf);
      if (!w) return [plain, parameters];
      const statement = written(`${id}\u0000${w.literals.join('\u0000')}`, () => withFastRows(sqlite.prepare(textWithLiterals(text, at, write, w.literals))));
      return [statement, w.rest];
    };
    return {
      reader: plain.reader,
      all: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.all(values);
      },
      iterate: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.iterate(values);
      },
      run: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.run(values);
      },
    };
  };
  // Kysely prepares every query it runs; preparing costs about as much as running a page's
  // query, so each distinct SQL text is prepared once (statements run synchronously to the
  // end, so one is never busy when it is reused; Kysely streams nothing here).
  const statements = new Map<string, DriverStatement>();
  const prepared = (text: string): DriverStatement => {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= 1000) statements.clear();
      const plain = withFastRows(sqlite.prepare(text));
      const marks = placeholders(text);
      statement =
        marks && text.includes(PLAN_WITH_VALUES_TEXT)
          ? writing(text, plain, marks.at, marks.at.map((_, i) => i), sqliteLiteral)
          : marks?.limits.length
            ? writing(text, plain, marks.at, marks.limits, limitLiteral)
            : plain;
      statements.set(text, statement);
    }
    return statement;
  };
  const database = {
    close: () => sqlite.close(),
    prepare: prepared,
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  // Statements run synchronously on the one connection: it is never seen busy between them.
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolUse: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }) };
}
