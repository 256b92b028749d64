/**
 * The catalogue benchmark's server process: the app as the shop builds it (with the pages when
 * `--pages <build-dir>` is given), plus GET /bench/ceiling — the same server, hooks and plugins
 * answering a constant — which every read is measured against — and GET /bench/cache-stats, the
 * answer cache's hits and misses so far (for the mixed load's hit rate). Only this process has
 * those routes.
 * `node <bundle> <database-url-or-sqlite-file> <data-dir> [--pages <build-dir>]`.
 */
import { parseArgs } from 'node:util';
import { loadPages } from '../../server/http/react-router';
import { serveOnLoopback } from '../../server/test/harness/loopback';
import { catalogAnswerCacheStats } from '../../server/catalog/routes';

const { values, positionals } = parseArgs({ options: { pages: { type: 'string' } }, allowPositionals: true });
const [url = '', dataDir = ''] = positionals;
await serveOnLoopback(url, dataDir, {
  logLevel: 'warn',
  pages: values.pages ? await loadPages(values.pages) : undefined,
  configure: (app) => {
    app.get('/bench/ceiling', async () => ({ ok: true }));
    app.get('/bench/cache-stats', async () => catalogAnswerCacheStats());
  },
});
