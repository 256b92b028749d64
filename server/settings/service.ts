/**
 * Shop settings, stored as one JSON value per key in `settings`; missing keys fall back to the
 * defaults. The online payment options are not settings: they are added to `payment_options`
 * for each configured gateway, and an update neither stores nor removes them.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { badRequest } from '../http/errors';
import { DEFAULT_SETTINGS, ONLINE_PAYMENT_OPTIONS, isOnlineOption, isSocialUrl, type ShopSettings } from '../../domain/settings';
import type { OnlineGateway } from '../../domain/payments';

export interface SettingsOptions {
  /** The online gateways configured on this server, offered after the stored payment options. */
  onlineGateways?: readonly OnlineGateway[];
}

export function createSettingsService(db: Kysely<DB>, opts: SettingsOptions = {}) {
  const online = (opts.onlineGateways ?? []).map((id) => ONLINE_PAYMENT_OPTIONS[id]);

  return {
    /** `q`: the caller's transaction when it holds one (on SQLite it holds the one connection). */
    async get(q: Kysely<DB> = db): Promise<ShopSettings> {
      const rows = await q.selectFrom('settings').select(['key', 'value']).execute();
      const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
      const settings = { ...DEFAULT_SETTINGS, ...stored } as ShopSettings;
      // A link stored before links were checked is not shown.
      if (typeof settings.social_url !== 'string' || !isSocialUrl(settings.social_url)) settings.social_url = '';
      return { ...settings, payment_options: [...settings.payment_options.filter((o) => !isOnlineOption(o)), ...online] };
    },

    async update(patch: Partial<ShopSettings>): Promise<ShopSettings> {
      const values: Partial<ShopSettings> = { ...patch };
      if (patch.payment_options) {
        // The form sends back every option it showed, the online ones too: those are not stored.
        values.payment_options = patch.payment_options.filter((o) => !isOnlineOption(o)).map(({ id, label, wallet }) => ({ id, label, wallet }));
        if (values.payment_options.length === 0) {
          throw badRequest('At least one payment option besides the online gateways is needed.', {
            payment_options: ['অনলাইন পেমেন্ট ছাড়া অন্তত একটি পেমেন্ট অপশন দিন। (Keep at least one payment option besides the online gateways.)'],
          });
        }
      }
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(values)) {
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
