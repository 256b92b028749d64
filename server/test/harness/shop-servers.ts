/**
 * The servers a concurrency test sends its requests to: on PostgreSQL two server processes on
 * the test's database (as two machines would be), on SQLite one server in this process (SQLite
 * has one writer by design, so the shop runs one process on it).
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { testDialect, type TestDatabase } from '../database';
import { loadConfig } from '../../config';
import { buildApp } from '../../app';
import { createServices } from '../../services';
import { bundleServer, startServer, type ServerProcess } from './processes';

export interface ShopServers {
  ports: number[];
  stop(): Promise<void>;
}

export async function startShopServers(database: TestDatabase): Promise<ShopServers> {
  if (testDialect === 'postgres') {
    const bundle = await bundleServer();
    const processes: ServerProcess[] = await Promise.all([startServer(bundle, database.url, database.dataDir), startServer(bundle, database.url, database.dataDir)]);
    return {
      ports: processes.map((p) => p.port),
      async stop() {
        await Promise.all(processes.map((p) => p.stop()));
        fs.rmSync(bundle, { force: true });
      },
    };
  }
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir: database.dataDir, databaseUrl: database.url };
  const app: FastifyInstance = await buildApp({ services: createServices(database, config) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { ports: [typeof address === 'object' && address ? address.port : 0], stop: () => app.close() };
}
