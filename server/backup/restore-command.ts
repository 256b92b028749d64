/**
 * `npm run restore -- FILE [--force]`: restores the backup folder FILE (or its manifest.json)
 * into the configured shop (DATABASE_URL, DATA_DIR). Exits with 2, changing nothing, when the
 * target already holds a shop and --force is not given. With SQLite, stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { isPostgresUrl } from '../db/database';
import { RestoreRefused, restoreBackup } from './restore';
import { bucketNotCopied } from './backup';

export async function main(): Promise<void> {
  let args: { values: { force?: boolean }; positionals: string[] } | undefined;
  try {
    args = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch {
    // reported below with the usage
  }
  if (!args || args.positionals.length !== 1) {
    console.error('usage: npm run restore -- BACKUP_FOLDER [--force]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (!isPostgresUrl(config.databaseUrl ?? '')) console.log('SQLite: the server must be stopped while its database is restored.');
  try {
    const manifest = await restoreBackup(args.positionals[0]!, config, { force: args.values.force });
    console.log(`restored the ${manifest.dialect} backup of ${manifest.created_at} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}; start the server to run any newer migrations`);
    const note = bucketNotCopied(config.media);
    if (note) console.log(note);
  } catch (error) {
    console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof RestoreRefused ? 2 : 1;
  }
}
