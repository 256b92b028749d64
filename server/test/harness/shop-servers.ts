/**
 * The servers a concurrency test sends its requests to: on PostgreSQL two server processes on
 * the test's database (as two machines would be), on SQLite one server in this process (SQLite
 * has one writer by design, so the shop runs one process on it).
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../database';
import { createSettingsService } from '../../settings/service';
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

/**
 * A concurrency test's shop, started before its tests and stopped after: a fresh database with
 * the hourly checkout limit off (the customers all come from one address) and its servers.
 * `checkoutAll` sends every customer's checkout at once, spread over the servers.
 */
export function useConcurrentShop() {
  let database: TestDatabase | undefined;
  let servers: ShopServers | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await createSettingsService(database.db).update({ checkouts_per_hour: 0 });
    servers = await startShopServers(database);
  });
  afterAll(async () => {
    await servers?.stop();
    await database?.destroy();
  });
  return {
    db: () => database!.db,
    async checkoutAll(customers: { token: string }[], body: unknown): Promise<{ status: number; body: unknown }[]> {
      const ports = servers!.ports;
      return Promise.all(
        customers.map(async (c, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/checkout/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: await res.json().catch(() => null) };
        }),
      );
    },
  };
}

/** How many answers had each status. */
export function tallyStatuses(answers: { status: number }[]): Record<number, number> {
  return answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
}
