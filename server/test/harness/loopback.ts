/**
 * The app in a process of its own on 127.0.0.1 and a free port, for tests and benchmarks that
 * need real server processes (several sharing one database, or one measured from outside).
 * Prints `LISTENING <port>` once it accepts connections; SIGTERM closes it cleanly.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { isPostgresUrl, openDatabase } from '../../db/database';
import { createServices } from '../../services';
import { buildApp, type AppOptions } from '../../app';

export interface LoopbackOptions {
  /** Pino's level; without it the app does not log. */
  logLevel?: string;
  pages?: AppOptions['pages'];
  /** Adds routes to the app before it listens. */
  configure?: (app: FastifyInstance) => void;
}

/** Serves the app on `databaseUrl` (a postgres:// URL or an SQLite file, migrated already). */
export async function serveOnLoopback(databaseUrl: string, dataDir: string, opts: LoopbackOptions = {}): Promise<void> {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl, dataDir };
  const database = openDatabase(isPostgresUrl(databaseUrl) ? databaseUrl : `sqlite:${databaseUrl}`, dataDir);
  const app = await buildApp({ services: createServices(database, config), logger: opts.logLevel ? { level: opts.logLevel } : false, pages: opts.pages });
  opts.configure?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
