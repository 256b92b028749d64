/**
 * The two processes `npm run bench -- --overhead` compares (overhead.ts):
 * `node <bundle> bare <port>` — Fastify 5 as it comes, one route answering `{"status":"ok"}`;
 * `node <bundle> shop <port> <sqlite-file> <data-dir> [<build-dir>]` — the shop as `npm start` runs
 * it: every plugin and hook, the pages when a build is given, and the request log at `info` (the
 * default LOG_LEVEL) written to this process's stdout, which the benchmark points at /dev/null.
 * Each prints nothing but its log; the benchmark waits for the port to answer.
 */
import Fastify from 'fastify';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createServices } from '../../server/services';
import { buildApp } from '../../server/app';
import { loadPages } from '../../server/http/react-router';

const [kind, port = '0', file = '', dataDir = '', buildDir] = process.argv.slice(2);

if (kind === 'bare') {
  const app = Fastify();
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: Number(port) });
} else {
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }), databaseUrl: `sqlite:${file}`, dataDir };
  const database = openDatabase(config.databaseUrl, dataDir);
  const app = await buildApp({
    services: createServices(database, config),
    logger: { level: config.logLevel },
    pages: buildDir ? await loadPages(buildDir) : undefined,
  });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
}
process.on('SIGTERM', () => process.exit(0));
