/**
 * Restores a backup folder (server/backup/backup.ts) into the configured database and
 * `$DATA_DIR/media`. A target that already holds a shop is refused unless `force`: restoring
 * replaces everything in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../db/database';
import { makePrivateDir, makePrivateFile } from '../db/private-files';
import { MANIFEST, PG_DUMP_FILE, SQLITE_FILE, copyMedia, dialectOf, mediaDir, runPgTool, splitPassword, sqliteFile, type BackupTarget, type Manifest } from './backup';

/** The answer to a restore that must not go ahead: the command exits with code 2 and this message. */
export class RestoreRefused extends Error {}

/**
 * Tables whose rows mean a shop lives in the target. Only counted, never read: the backup
 * module replaces the database whole and owns none of its tables.
 */
const SHOP_TABLES = ['users', 'products', 'orders'];

/** The tables of SHOP_TABLES in `db` that hold a row. */
async function tablesWithRows(db: Kysely<unknown>): Promise<string[]> {
  const present = new Set((await db.introspection.getTables()).map((t) => t.name));
  const found: string[] = [];
  for (const name of SHOP_TABLES.filter((t) => present.has(t))) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    if (Number(rows[0]?.n) > 0) found.push(name);
  }
  return found;
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new RestoreRefused(`${dir} is not a Haat backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.version !== 1) throw new RestoreRefused(`${dir}: backup format ${String(manifest.version)} is not known to this version of Haat`);
  return manifest;
}

/** What stands in the way of restoring into `target`: data in the database, files in the media folder. */
export async function targetContents(target: BackupTarget): Promise<string[]> {
  const found: string[] = [];
  const dialect = dialectOf(target);
  if (dialect === 'postgres' || fs.existsSync(sqliteFile(target))) {
    const database = openDatabase(target.databaseUrl, target.dataDir);
    try {
      const tables = await tablesWithRows(database.db as unknown as Kysely<unknown>);
      if (tables.length) found.push(`the database has rows in ${tables.join(', ')}`);
    } finally {
      await database.close();
    }
  }
  const media = mediaDir(target);
  if (fs.existsSync(media) && fs.readdirSync(media).length) found.push(`${media} is not empty`);
  return found;
}

/**
 * Restores the backup folder `source` (or its manifest.json) into `target`. SQLite: the server
 * must be stopped, since the database file is replaced under it. PostgreSQL: pg_restore
 * drops and recreates every object of the backup in one transaction.
 */
export async function restoreBackup(source: string, target: BackupTarget, opts: { force?: boolean } = {}): Promise<Manifest> {
  const dir = path.basename(source) === MANIFEST ? path.dirname(source) : source;
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new RestoreRefused(`no backup folder at ${dir}`);
  const manifest = readManifest(dir);
  const dialect = dialectOf(target);
  if (manifest.dialect !== dialect) {
    throw new RestoreRefused(`the backup is of a ${manifest.dialect} database but DATABASE_URL points to ${dialect}; restore it into a ${manifest.dialect} database`);
  }
  if (!opts.force) {
    const found = await targetContents(target);
    if (found.length) throw new RestoreRefused(`refusing to restore over a shop that holds data (${found.join('; ')}); restore into an empty database and data folder, or add --force to replace them`);
  }

  if (dialect === 'postgres') {
    const { url, password } = splitPassword(target.databaseUrl!);
    await runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, path.join(dir, PG_DUMP_FILE)], password);
  } else {
    const file = sqliteFile(target);
    makePrivateDir(path.dirname(file));
    // Copied beside the target and renamed over it, with the old write-ahead log removed (its
    // pages belong to the old database).
    const tmp = `${file}.restoring-${process.pid}`;
    fs.copyFileSync(path.join(dir, SQLITE_FILE), tmp);
    for (const leftover of [`${file}-wal`, `${file}-shm`]) fs.rmSync(leftover, { force: true });
    fs.renameSync(tmp, file);
    makePrivateFile(file);
  }

  // The media folder is replaced whole: copied beside it first, then swapped in.
  const media = mediaDir(target);
  const incoming = `${media}.restoring-${process.pid}`;
  fs.rmSync(incoming, { recursive: true, force: true });
  await copyMedia(path.join(dir, 'media'), incoming, 'as-uploaded');
  fs.rmSync(media, { recursive: true, force: true });
  fs.renameSync(incoming, media);
  return manifest;
}
