/**
 * The processes `npm run bench -- --overhead` compares (overhead.ts):
 * `node <bundle> bare <port> [<hook>]` — Fastify 5 as it comes, one route answering
 * `{"status":"ok"}`, with at most one of the shop's global hooks installed (HOOKS: what that one
 * hook costs every request);
 * `node <bundle> shop <port> <sqlite-file> <data-dir> [<build-dir>]` — the shop as `npm start` runs
 * it: every plugin and hook, the pages when a build is given, and the request log at `info` (the
 * default LOG_LEVEL) written to this process's stdout, which the benchmark points at /dev/null.
 */
import Fastify from 'fastify';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createServices } from '../../server/services';
import { buildApp } from '../../server/app';
import { loadPages } from '../../server/http/react-router';
import { OneLineRequestLog } from '../../server/http/request-log';
import { HOOKS } from './overhead-hooks';

const [kind, port = '0', ...rest] = process.argv.slice(2);

if (kind === 'bare') {
  const hook = rest[0];
  // The request log needs a logger: it is the one "hook" that is an option of Fastify itself.
  const app = hook === 'request log' ? Fastify({ logger: { level: 'info' }, logController: new OneLineRequestLog() }) : Fastify();
  if (hook && hook !== 'request log') await HOOKS[hook]!(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: Number(port) });
} else {
  const [file = '', dataDir = '', buildDir] = rest;
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }), databaseUrl: `sqlite:${file}`, dataDir };
  const database = openDatabase(config.databaseUrl, dataDir);
  const app = await buildApp({
    services: createServices(database, config),
    logger: { level: config.logLevel },
    pages: buildDir ? await loadPages(buildDir) : undefined,
  });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
}
process.on('SIGTERM', () => process.exit(0));
