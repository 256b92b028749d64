/**
 * The app the fuzz and authorisation tests attack: the whole API on a fresh database with a small
 * catalogue, an order, an admin and a customer, and the built pages when `npm run build` made
 * them. Also the before/after snapshot (rows of every table, files under the data dir).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { loadConfig } from '../../config';
import { buildApp } from '../../app';
import { createServices, type Services } from '../../services';
import { loadPages } from '../../http/react-router';
import { createTestDatabase, type TestDatabase } from '../database';
import { signInUser } from '../app';
import { loadCatalogFixture } from '../catalog-fixture';
import { checkoutBody } from '../orders-fixtures';
import { perSuite } from '../suite';
import type { Audience } from './fuzz-kit';

// HAAT_BUILD_DIR selects the build, as for the server and browser tests (default build/).
const BUILD_DIR = path.resolve(import.meta.dirname, '../../..', process.env.HAAT_BUILD_DIR ?? 'build');
export const pagesBuilt = fs.existsSync(path.join(BUILD_DIR, 'server/index.js'));

export interface FuzzApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  headers: Record<Audience, Record<string, string>>;
  /** Ids that exist (products, categories, people, the order), so some requests reach deep code. */
  ids: number[];
  /** One of each kind, for the write templates. */
  known: { product: number; category: number; author: number; publisher: number; order: number };
  withPages: boolean;
  close(): Promise<void>;
}

export async function openFuzzApp(opts: { pages?: boolean } = {}): Promise<FuzzApp> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir: database.dataDir, databaseUrl: database.url };
  const services = createServices(database, config);
  const withPages = !!opts.pages && pagesBuilt;
  const app = await buildApp({ services, ...(withPages ? { pages: await loadPages(BUILD_DIR) } : {}) });
  await app.ready();

  const signIn = async (admin: boolean) => (await signInUser(services, { admin, name: admin ? 'Fuzz Admin' : 'Fuzz Customer' })).headers;
  const headers = { visitor: {}, customer: await signIn(false), admin: await signIn(true) };
  const fixture = await loadCatalogFixture(database.db);
  const order = await app.inject({ method: 'POST', url: '/checkout/', headers: headers.customer, payload: checkoutBody([{ product: fixture.ids.pride, quantity: 1 }]) });
  const ids = [...new Set([...Object.values(fixture.ids), ...Object.values(fixture.categories), ...Object.values(fixture.authors), 1, 2])];
  const orderId = Number((order.json() as { order?: { id?: number } }).order?.id ?? 1);
  ids.push(orderId);
  const known = { product: fixture.ids.riverSong, category: fixture.categories.fiction, author: fixture.authors.humayun, publisher: fixture.publishers.nodi, order: orderId };
  return {
    known,
    app,
    services,
    database,
    headers,
    ids,
    withPages,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The fuzz app with its pages, for the enclosing describe block. React Router logs every refused
 * page request (a POST to a page without an action…); the answers are what the tests check.
 */
export function fuzzAppWithPages(): FuzzApp {
  return perSuite(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return openFuzzApp({ pages: true });
  }, 120_000);
}

/** A route fastify-static made for one file of the client build (`/assets/x.js`, `/favicon.svg`, `/icons/icon-192.png`). */
export function isClientFile(url: string): boolean {
  return url.startsWith('/assets/') || /^\/[^:*]+\.\w+$/.test(url);
}

/**
 * Tables whose rows a refused request may rightly add: attempt counters, and the audit log, which
 * records failed sign-ins by design and writes its rows after the answer has gone (so a row may
 * land while the next request is being checked).
 */
const MAY_GROW_ON_REFUSAL = new Set(['rate_limits', 'audit_log']);

export interface Snapshot {
  rows: Record<string, number>;
  files: string[];
}

let tableNames: string[] | undefined;

/** How many rows each table holds and which files lie under the data dir (the database's own files aside). */
export async function snapshot(f: FuzzApp): Promise<Snapshot> {
  const db = f.database.db;
  tableNames ??= (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !n.startsWith('product_search') && !MAY_GROW_ON_REFUSAL.has(n))
    .sort();
  const counts = sql.join(tableNames.map((n) => sql`select ${n} as name, count(*) as n from ${sql.table(n)}`), sql` union all `);
  const result = await sql<{ name: string; n: number | string }>`${counts}`.execute(db);
  const rows = Object.fromEntries(result.rows.map((r) => [r.name, Number(r.n)]));
  const root = f.database.dataDir;
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => !/^haat\.db/.test(p) && fs.statSync(path.join(root, p)).isFile())
    .sort();
  return { rows, files };
}
