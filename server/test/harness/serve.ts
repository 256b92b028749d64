/**
 * A bare API server process for the concurrency test and the checkout benchmark:
 * `node <bundle> <database-url-or-sqlite-file> <data-dir>` (the database migrated already).
 */
import { serveOnLoopback } from './loopback';

const [url = '', dataDir = ''] = process.argv.slice(2);
await serveOnLoopback(url, dataDir);
