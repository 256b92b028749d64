/**
 * A bare API server for the concurrency test and the checkout benchmark, run as its own
 * process: `node <bundle> <database-url-or-sqlite-file> <data-dir>`. The database must be
 * migrated already. Prints `LISTENING <port>` once it accepts connections on 127.0.0.1.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { createServices } from '../../services';
import { buildApp } from '../../app';

const [url = '', dataDir = ''] = process.argv.slice(2);
const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: url, dataDir };
const database = openDatabase(url.startsWith('postgres') ? url : `sqlite:${url}`, dataDir);
const app = await buildApp({ services: createServices(database, config) });
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
