/**
 * The server process: configuration → database (migrate, demo shop) → services → HTTP.
 * `--create-admin --phone … --password … [--name …]` makes an admin and exits instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { makePrivateDir } from './db/private-files';
import { migrateToLatest } from './db/migrate';
import { isEmptyShop, seedDemoShop } from './db/demo/seed';
import { createServices } from './services';
import { buildApp } from './app';
import { loadPages } from './http/react-router';
import { clusterWorkerId, isClusterWorker, primaryLog, serverProcesses, superviseWorkers, type PrimaryLog } from './cluster';
import type { Config } from './config';
import type { Database } from './db/database';
import { createNightlyBackups } from './backup/nightly';
import { bucketNotCopied } from './backup/backup';

const BUILD_DIR = path.resolve(import.meta.dirname, '.');

async function createAdminCommand(args: { phone?: string; password?: string; name?: string }) {
  if (!args.phone || !args.password) {
    console.error("usage: npm run create-admin -- --phone 01XXXXXXXXX --password '…' [--name '…']");
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await migrateToLatest(database);
    const services = createServices(database, config);
    const { user, created } = await services.users.ensureAdmin(args.phone, args.password, args.name);
    console.log(`${created ? 'created admin' : 'made admin'} ${user.phone_number} (id ${user.id})`);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/** Once per start, before any request: the demo shop into an empty database, the admin from ADMIN_PHONE. */
async function prepareShop(database: Database, services: ReturnType<typeof createServices>, config: Config, log: PrimaryLog) {
  if (config.demoData && (await isEmptyShop(database.db))) {
    const t = performance.now();
    const { products } = await seedDemoShop(database.db, services.storage);
    log.info({ products, ms: Math.round(performance.now() - t) }, 'demo shop loaded');
  }
  if (config.adminPhone && config.adminPassword) {
    const { user } = await services.users.ensureAdmin(config.adminPhone, config.adminPassword);
    log.info({ phone: user.phone_number }, 'admin from ADMIN_PHONE is ready');
  }
}

/** WEB_CONCURRENCY > 1 (PostgreSQL): this process prepares the database once, then runs the workers (server/cluster.ts). */
async function servePrimary(config: Config, database: Database, count: number) {
  const log = primaryLog();
  await migrateToLatest(database);
  const services = createServices(database, config);
  await prepareShop(database, services, config, log);
  await services.accounts.close();
  await database.close();
  superviseWorkers(count, import.meta.filename, log);
}

async function serve() {
  const started = performance.now();
  const config = loadConfig();
  // The data folder holds the database, uploads and backups: made 0700 when missing (an existing one is the operator's).
  makePrivateDir(config.dataDir);
  const database = openDatabase(config.databaseUrl, config.dataDir);
  const processes = serverProcesses(config.webConcurrency, database.dialect);
  if (processes.count > 1 && !isClusterWorker()) return servePrimary(config, database, processes.count);
  // A worker of several: its primary migrated the database and prepared the shop before forking it.
  const worker = isClusterWorker();
  if (!worker) await migrateToLatest(database);
  const services = createServices(database, config);
  const backups = config.backupDir ? createNightlyBackups(database, config, { dir: config.backupDir, keep: config.backupKeep }) : null;
  const app = await buildApp({
    services,
    logger: { level: config.logLevel },
    pages: await loadPages(BUILD_DIR),
  });
  if (!worker) await prepareShop(database, services, config, app.log);
  if (processes.warning) app.log.warn({ web_concurrency: config.webConcurrency }, processes.warning);
  // Which of several processes answered (connections are dealt round-robin): for checks and logs.
  if (worker) app.server.prependListener('request', (_req, res) => res.setHeader('x-haat-worker', String(clusterWorkerId())));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await services.payments.stop(); // finishes the hold round under way
      await services.shipments.stop(); // finishes the courier poll round under way
      await services.backInStock.stop(); // finishes the back-in-stock sweep under way
      await services.orders.confirmation.stop(); // finishes the unconfirmed-order sweep under way
      await services.orders.preorders.stop(); // finishes the pre-order filling under way
      await services.stock.notice.stop(); // finishes the morning low-stock notice under way
      await backups?.stop(); // finishes the backup under way
      await services.sms.stop(); // finishes the message being sent; the rest wait in the outbox
      await services.accounts.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Search documents are written in the background from start-up, not by the first shopper's
  // search (a migrated catalogue of 100,000 products takes seconds); searches meanwhile wait for it.
  const indexing = performance.now();
  services.catalog
    .refreshSearch()
    .then(() => app.log.info({ ms: Math.round(performance.now() - indexing) }, 'search documents up to date'))
    .catch((error: unknown) => app.log.error({ err: error }, 'writing search documents failed; searches will retry'));
  services.sms.start(app.log);
  services.payments.start(app.log);
  services.shipments.start(app.log);
  services.backInStock.start(app.log);
  services.orders.confirmation.start(app.log);
  // Waiting pre-orders filled from stock the hooks missed (a cancel's or a return's units back).
  services.orders.preorders.start(app.log);
  // The managers' morning low-stock SMS (09:00 Dhaka), once a day across processes.
  services.stock.notice.start(app.log);
  backups?.start(app.log);
  app.log.info({ couriers: services.shipments.courierIds(), poll_minutes: services.config.courierPollMinutes }, 'couriers');
  app.log.info({ gateways: services.payments.gatewayIds(), public_url: services.config.publicUrl, hold_minutes: services.config.paymentHoldMinutes }, 'online payments');
  const media = config.media;
  app.log.info(media.driver === 's3' ? { driver: 's3', bucket: media.bucket, public_url: media.publicBase } : { driver: 'local' }, 'media');
  const notCopied = backups && bucketNotCopied(media);
  if (notCopied) app.log.warn(`nightly backups: ${notCopied}`);
  app.log.info({ ms: Math.round(performance.now() - started), database: database.dialect }, 'haat is ready');
}

const { values } = parseArgs({
  options: { 'create-admin': { type: 'boolean' }, phone: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  strict: false,
});
if (values['create-admin']) await createAdminCommand(values as { phone?: string; password?: string; name?: string });
else await serve();
