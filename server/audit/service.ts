/**
 * The audit log: rows are only ever added (the table's triggers refuse UPDATE and DELETE, and
 * this service offers neither) and read newest first by the back office.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { nowIso } from '../db/dialect';
import type { Page } from '../http/pagination';
import type { Changes } from './changes';
import { describeAction } from './changes';

export interface AuditEntry {
  userId: number | null;
  action: string;
  target: string | null;
  changes: Changes;
  address: string | null;
  /** The role the user acted in (staff writes); absent for account events. */
  role?: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  user: number | null;
  user_name: string | null;
  /** The role the user acted in; null for account events and rows from before roles. */
  role: string | null;
  action: string;
  summary: string;
  target: string | null;
  changes: Changes;
  address: string | null;
}

export interface AuditQuery {
  user?: number | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** A day (YYYY-MM-DD, UTC) or an ISO 8601 time; the caller has checked that it parses. */
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

export interface AuditDeps {
  dialect: DialectName;
  /** The accounts module's names for user ids (the list shows who, not just a number). */
  userNames: (ids: number[]) => Promise<Map<number, string>>;
  /** Where a failed write of a row is reported; it never fails the request it describes. */
  onError?: (error: unknown) => void;
}

/** `to` as a day (YYYY-MM-DD) includes that whole day; a time is the bound itself. */
function upperBound(to: string): string {
  const at = new Date(to);
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createAuditService(db: Kysely<DB>, deps: AuditDeps) {
  const inFlight = new Set<Promise<void>>();

  async function append(entry: AuditEntry): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({ at: nowIso(), user_id: entry.userId, action: entry.action, target: entry.target, changes: JSON.stringify(entry.changes), address: entry.address, role: entry.role ?? null })
      .execute();
  }

  return {
    append,

    /**
     * Runs `work` (which ends by appending a row) after the answer has gone: its failure is
     * reported, never thrown. `idle()` waits for all of them (tests, shutdown).
     */
    later(work: () => Promise<void>): void {
      const job: Promise<void> = work()
        .catch((error: unknown) => deps.onError?.(error))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },

    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },

    async list(q: AuditQuery, page: Page): Promise<{ count: number; results: AuditRow[] }> {
      let query = db.selectFrom('audit_log');
      if (q.user !== undefined) query = query.where('user_id', '=', q.user);
      if (q.action) query = query.where('action', '=', q.action);
      // `product` finds every product's rows, `product:12` one product's.
      // `product` finds every product's rows, `product:12` one product's.
      if (q.target) query = q.target.includes(':') ? query.where('target', '=', q.target) : query.where(sql<boolean>`target like ${`${likeEscape(q.target)}:%`} escape '\\'`);
      if (q.from) query = query.where('at', '>=', new Date(q.from).toISOString());
      if (q.to) query = query.where('at', '<', upperBound(q.to));
      if (q.search) {
        const pattern = `%${likeEscape(q.search.toLowerCase())}%`;
        const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
        query = query.where((eb) => eb.or([like('action'), like('target'), like('changes'), like('address')]));
      }
      const [{ count } = { count: 0 }] = await query.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await query.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      const names = await deps.userNames(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
      return {
        count: Number(count),
        results: rows.map((r) => ({
          id: r.id,
          at: new Date(r.at).toISOString(),
          user: r.user_id,
          user_name: r.user_id === null ? null : (names.get(r.user_id) ?? null),
          role: r.role,
          action: r.action,
          summary: describeAction(r.action),
          target: r.target,
          changes: JSON.parse(r.changes) as Changes,
          address: r.address,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
