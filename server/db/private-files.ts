/**
 * Files only the shop's own user may read: the SQLite database with its `-wal` and `-shm`, the
 * data folder when the server makes it, and the backups (server/backup), which hold every
 * customer's phone number, address and password hash. Folders are 0700 and files 0600, set with
 * chmod after they are made so the process's umask (often 022: readable by everyone) cannot widen
 * them. Uploaded media keep their own modes (server/media/storage.ts): the shop serves them to anyone.
 *
 * Windows has no such modes: there, nothing is changed.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const POSIX = process.platform !== 'win32';

/**
 * Makes `dir` (and any missing parents) 0700. A folder that was already there keeps its mode: it
 * is the operator's (a mounted volume, /var/backups).
 */
export function makePrivateDir(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!POSIX || first === undefined) return;
  // Every folder made, from the deepest up to the first one that was missing.
  const top = path.resolve(first);
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    fs.chmodSync(d, PRIVATE_DIR_MODE);
    if (d === top || path.dirname(d) === d) break;
  }
}

/** Sets a file the shop made to 0600. */
export function makePrivateFile(file: string): void {
  if (POSIX) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Before SQLite opens `file`: a missing database is made empty with mode 0600 (SQLite takes an
 * empty file for a new database, and gives its `-wal` and `-shm` the database's mode); one already
 * there is narrowed to 0600 when it can be (a file of another owner is left as it is).
 */
export function prepareDatabaseFile(file: string): void {
  makePrivateDir(path.dirname(file));
  if (!POSIX) return;
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  narrow(file);
}

/** After SQLite opened in WAL mode: its `-wal` and `-shm` as private as the database (files from before this version). */
export function narrowDatabaseCompanions(file: string): void {
  if (!POSIX) return;
  for (const companion of [`${file}-wal`, `${file}-shm`]) narrow(companion);
}

function narrow(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    // Gone meanwhile, or not ours to change (a read-only volume, another owner): left as it is.
    if (!['ENOENT', 'EPERM', 'EACCES', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}
