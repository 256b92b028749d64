/**
 * One backup of the shop while it runs: a folder `haat-YYYYMMDD-HHMMSS-<dialect>` (UTC) holding
 * `manifest.json`, the database (`haat.db`, a copy made with SQLite's online backup API, or
 * `haat.pgdump`, `pg_dump --format=custom`) and `media/`, a copy of `$DATA_DIR/media`. It is
 * written under a hidden name and renamed when complete, so a folder with the backup name is
 * always a whole backup. A backup holds every customer's details: its folders are 0700 and its
 * files 0600 whatever the umask (server/db/private-files.ts); BACKUP_DIR is made 0700 when missing.
 *
 * The backup module reads no table of another module's: it copies the database whole, and
 * reads only Kysely's migration list for the manifest.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { isPostgresUrl, type DialectName } from '../db/database';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, makePrivateDir, makePrivateFile } from '../db/private-files';
import type { MediaConfig } from '../config';

export interface BackupTarget {
  /** DATABASE_URL: a postgres:// URL, a `sqlite:` path, or unset for `$DATA_DIR/haat.db`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface Manifest {
  /** The layout of this folder. */
  version: 1;
  haat_version: string | null;
  dialect: DialectName;
  created_at: string;
  /** The migrations the copied database had run. */
  migrations: string[];
}

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'haat.db';
export const PG_DUMP_FILE = 'haat.pgdump';
const NAME = /^haat-(\d{8})-(\d{6})-(sqlite|postgres)(?:-\d+)?$/;

export function dialectOf(target: BackupTarget): DialectName {
  return target.databaseUrl && isPostgresUrl(target.databaseUrl) ? 'postgres' : 'sqlite';
}

/** The SQLite file the server opens (server/db/database.ts chooses it the same way). */
export function sqliteFile(target: BackupTarget): string {
  const url = target.databaseUrl;
  return url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(target.dataDir, 'haat.db');
}

/**
 * With MEDIA_DRIVER=s3 the uploads are in a bucket a backup does not copy (only what is left in
 * `$DATA_DIR/media`): the commands and the nightly backup say so.
 */
export function bucketNotCopied(media: MediaConfig | undefined): string | null {
  return media?.driver === 's3' ? `media are in the S3 bucket ${media.bucket}: a backup does not copy them; back the bucket up with the storage provider` : null;
}

export function mediaDir(target: BackupTarget): string {
  return path.join(target.dataDir, 'media');
}

/** `haat-20261123-210000-sqlite` for a backup begun at that UTC time. */
export function backupName(at: Date, dialect: DialectName): string {
  const iso = at.toISOString(); // 2026-11-23T21:00:00.000Z
  return `haat-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${dialect}`;
}

export interface BackupEntry {
  name: string;
  path: string;
  /** When the backup began, from its name. */
  at: Date;
}

/** The complete backups in `dir`, newest first (half-written ones have a hidden name and are not listed). */
export function listBackups(dir: string): BackupEntry[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const m = entry.isDirectory() ? NAME.exec(entry.name) : null;
      if (!m) return [];
      const [d, t] = [m[1]!, m[2]!];
      const at = new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`);
      return [{ name: entry.name, path: path.join(dir, entry.name), at }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups in `dir`; answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(keep, 1));
  for (const b of old) fs.rmSync(b.path, { recursive: true, force: true });
  return old.map((b) => b.name);
}

/** A postgres:// URL without its password, and the password (for PGPASSWORD: never on a command line or in a log). */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

/** Runs a PostgreSQL client program; its error output (which names no password) becomes the error. */
export function runPgTool(program: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    if (password !== undefined) env.PGPASSWORD = password;
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${program} could not be started (is the PostgreSQL client installed?): ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

async function migrationNames(db: Kysely<unknown>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return []; // never migrated
  }
}

function haatVersion(): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/**
 * Copies the SQLite database with the online backup API on a connection of its own. The copy is
 * made a few thousand pages per turn of the event loop so the server keeps answering; SQLite
 * starts over when another connection writes meanwhile, so after a few restarts the rest is
 * copied in one step (one read transaction: a consistent copy however busy the shop is).
 */
async function copySqlite(source: string, dest: string): Promise<string[]> {
  if (!fs.existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  const connection = new SQLite(source, { fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    let restarts = 0;
    let remaining = Infinity;
    await connection.backup(dest, {
      progress: ({ remainingPages }) => {
        if (remainingPages > remaining) restarts += 1;
        remaining = remainingPages;
        return restarts >= 3 ? 0x7fffffff : 4096;
      },
    });
  } finally {
    connection.close();
  }
  const copy = new SQLite(dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE'); // one self-contained file
    try {
      return (copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
    } catch {
      return [];
    }
  } finally {
    copy.close();
  }
}

/**
 * How copied media files are written: `private` into a backup (folders 0700, files 0600);
 * `as-uploaded` back into `$DATA_DIR/media` by a restore, made as an upload makes them (the
 * process's default modes), so a restored shop serves its pictures as before.
 */
export type MediaCopyMode = 'private' | 'as-uploaded';

const ignoreGone = (error: NodeJS.ErrnoException) => {
  // A file deleted since the folder was read is simply not copied.
  if (error.code !== 'ENOENT') throw error;
};

/**
 * Copies the folder `from` into `to` (absent is empty), leaving out the half-written `.tmp` files
 * of uploads under way. File by file and asynchronously, so a large media folder does not stop
 * the server answering while the nightly backup copies it.
 */
export async function copyMedia(from: string, to: string, mode: MediaCopyMode): Promise<void> {
  await fsp.mkdir(to, { recursive: true, ...(mode === 'private' ? { mode: PRIVATE_DIR_MODE } : {}) });
  if (mode === 'private' && process.platform !== 'win32') await fsp.chmod(to, PRIVATE_DIR_MODE);
  if (!fs.existsSync(from)) return;
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const [src, dest] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await copyMedia(src, dest, mode);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      if (mode === 'private') {
        await fsp
          .copyFile(src, dest, fs.constants.COPYFILE_FICLONE)
          .then(() => (process.platform === 'win32' ? undefined : fsp.chmod(dest, PRIVATE_FILE_MODE)))
          .catch(ignoreGone);
      } else {
        // A new file, not a copy of the backup's 0600 one: the mode an upload gets (storage.ts writes with the defaults).
        await pipeline(fs.createReadStream(src), fs.createWriteStream(dest)).catch(async (error: NodeJS.ErrnoException) => {
          await fsp.rm(dest, { force: true });
          ignoreGone(error);
        });
      }
    }
  }
}

export interface BackupResult {
  path: string;
  manifest: Manifest;
}

/**
 * Makes one backup of the shop at `target` into the folder `to` (created when missing). `db` is
 * the server's open database, used on PostgreSQL to read the migration list (SQLite reads it from
 * the copy).
 */
export async function makeBackup(target: BackupTarget, to: string, opts: { db?: Kysely<unknown>; now?: Date } = {}): Promise<BackupResult> {
  const dialect = dialectOf(target);
  const at = opts.now ?? new Date();
  makePrivateDir(to);
  let name = backupName(at, dialect);
  // Two backups begun in the same second (a manual one beside the nightly): the later gets a suffix.
  for (let n = 2; fs.existsSync(path.join(to, name)); n++) name = `${backupName(at, dialect)}-${n}`;
  const partial = path.join(to, `.${name}.partial-${process.pid}`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: PRIVATE_DIR_MODE });
  try {
    makePrivateDir(partial); // 0700 whatever the umask
    let migrations: string[];
    if (dialect === 'postgres') {
      migrations = opts.db ? await migrationNames(opts.db) : [];
      const { url, password } = splitPassword(target.databaseUrl!);
      // pg_dump reads one snapshot of the whole database, so orders written meanwhile are either whole or absent.
      await runPgTool('pg_dump', ['--format=custom', `--file=${path.join(partial, PG_DUMP_FILE)}`, `--dbname=${url}`], password);
      makePrivateFile(path.join(partial, PG_DUMP_FILE));
    } else {
      migrations = await copySqlite(sqliteFile(target), path.join(partial, SQLITE_FILE));
      makePrivateFile(path.join(partial, SQLITE_FILE));
    }
    // Media after the database: a file a copied row names was there before the copy began
    // (uploads are written before their row), unless it was deleted meanwhile.
    await copyMedia(mediaDir(target), path.join(partial, 'media'), 'private');
    const manifest: Manifest = { version: 1, haat_version: haatVersion(), dialect, created_at: at.toISOString(), migrations };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    makePrivateFile(path.join(partial, MANIFEST));
    const final = path.join(to, name);
    fs.renameSync(partial, final);
    return { path: final, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}
