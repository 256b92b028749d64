/**
 * `npm run backup -- [--to DIR]`: one backup of the configured shop (DATABASE_URL, DATA_DIR)
 * into DIR, by default BACKUP_DIR or `$DATA_DIR/backups`. Safe while the server runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { bucketNotCopied, makeBackup } from './backup';

export async function main(): Promise<void> {
  let values: { to?: string };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' } }, strict: true }));
  } catch {
    console.error('usage: npm run backup -- [--to DIR]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const to = path.resolve(values.to ?? config.backupDir ?? path.join(config.dataDir, 'backups'));
  const database = openDatabase(config.databaseUrl, config.dataDir);
  try {
    const { path: made, manifest } = await makeBackup(config, to, { db: database.db as unknown as Kysely<unknown> });
    console.log(`backup made: ${made} (${manifest.dialect}, ${manifest.migrations.length} migrations)`);
    const note = bucketNotCopied(config.media);
    if (note) console.log(note);
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
