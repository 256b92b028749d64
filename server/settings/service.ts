/** Shop settings, stored as one JSON value per key in `settings`; missing keys fall back to the defaults. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../domain/settings';

export function createSettingsService(db: Kysely<DB>) {
  return {
    async get(): Promise<ShopSettings> {
      const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
      const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
      return { ...DEFAULT_SETTINGS, ...stored } as ShopSettings;
    },

    async update(patch: Partial<ShopSettings>): Promise<ShopSettings> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) continue;
          await trx
            .insertInto('settings')
            .values({ key, value: JSON.stringify(value), updated_at: nowIso() })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: nowIso() }))
            .execute();
        }
      });
      return this.get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
