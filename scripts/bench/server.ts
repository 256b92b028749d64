/**
 * The catalogue benchmark's server process: the app as the shop builds it (with the pages when
 * `--pages <build-dir>` is given), plus GET /bench/ceiling — the same server, hooks and plugins
 * answering a constant — which every read is measured against — and GET /bench/cache-stats, the
 * answer cache's hits and misses so far (for the mixed load's hit rate). Only this process has
 * those routes.
 * `node <bundle> <database-url-or-sqlite-file> <data-dir> [--pages <build-dir>] [--web-concurrency N]`:
 * with N above 1, N such processes share the port as WEB_CONCURRENCY runs them (server/cluster.ts);
 * each has its own answer cache and cache-stats.
 */
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { loadPages } from '../../server/http/react-router';
import { serveOnLoopback } from '../../server/test/harness/loopback';
import { catalogAnswerCacheStats } from '../../server/catalog/answer-cache';

const { values, positionals } = parseArgs({ options: { pages: { type: 'string' }, 'web-concurrency': { type: 'string', default: '1' } }, allowPositionals: true });
const [url = '', dataDir = ''] = positionals;
const processes = Number(values['web-concurrency']);
if (processes > 1 && cluster.isPrimary) {
  // The workers listen on one port (port 0 is chosen once, by this process); it is announced when all listen.
  cluster.setupPrimary({ silent: true });
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    if (++listening === processes) process.stdout.write(`LISTENING ${address.port}\n`);
  });
  for (let i = 0; i < processes; i++) {
    const worker = cluster.fork();
    worker.process.stdout?.resume();
    worker.process.stderr?.pipe(process.stderr);
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (!Object.values(cluster.workers ?? {}).some((w) => w && !w.isDead())) process.exit(0);
    });
  });
} else await serveOnLoopback(url, dataDir, {
  logLevel: 'warn',
  pages: values.pages ? await loadPages(values.pages) : undefined,
  configure: (app) => {
    app.get('/bench/ceiling', async () => ({ ok: true }));
    app.get('/bench/cache-stats', async () => catalogAnswerCacheStats());
  },
});
