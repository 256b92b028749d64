/**
 * Shop settings, stored as one JSON value per key in `settings`; missing keys fall back to the
 * defaults. The online payment options are not settings: they are added to `payment_options`
 * for each configured gateway, and an update neither stores nor removes them.
 *
 * Nearly every request reads them (each checkout did twice), so they are kept in memory, frozen,
 * under their version: the number of keys stored and the latest `updated_at`. A read asks only
 * for the version (one row) and reads the keys again when it moved, so a change made by another
 * process is seen at its next read. `update` writes every key it changes at a time strictly past
 * the stored ones, one update at a time (PostgreSQL: an advisory lock), so the version always moves.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { lockKey } from '../db/dialect';
import { badRequest } from '../http/errors';
import { DEFAULT_SETTINGS, ONLINE_PAYMENT_OPTIONS, isOnlineOption, isSocialUrl, type ShopSettings } from '../../domain/settings';
import type { OnlineGateway } from '../../domain/payments';

export interface SettingsOptions {
  /** The online gateways configured on this server, offered after the stored payment options. */
  onlineGateways?: readonly OnlineGateway[];
  /** On PostgreSQL updates take turns (several processes may save at once); SQLite has one writer. */
  dialect?: DialectName;
}

/** Frozen all the way down: every caller shares the one object kept. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A timestamp column as text that orders as time (PostgreSQL's driver gives a Date). */
const stamp = (at: unknown) => (at instanceof Date ? at.toISOString() : String(at ?? ''));

export function createSettingsService(db: Kysely<DB>, opts: SettingsOptions = {}) {
  const online = (opts.onlineGateways ?? []).map((id) => ONLINE_PAYMENT_OPTIONS[id]);
  let kept: { version: string; settings: ShopSettings } | null = null;

  async function versionOf(q: Kysely<DB>): Promise<string> {
    const row = await q
      .selectFrom('settings')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('at')])
      .executeTakeFirstOrThrow();
    return `${Number(row.n)} ${stamp(row.at)}`;
  }

  async function read(q: Kysely<DB>): Promise<ShopSettings> {
    const rows = await q.selectFrom('settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const settings = { ...DEFAULT_SETTINGS, ...stored } as ShopSettings;
    // A link stored before links were checked is not shown.
    if (typeof settings.social_url !== 'string' || !isSocialUrl(settings.social_url)) settings.social_url = '';
    return deepFreeze({ ...settings, payment_options: [...settings.payment_options.filter((o) => !isOnlineOption(o)), ...online] });
  }

  return {
    /**
     * The settings, the same frozen object while they are unchanged. `q`: the caller's
     * transaction when it holds one (on SQLite it holds the one connection).
     */
    async get(q: Kysely<DB> = db): Promise<ShopSettings> {
      const version = await versionOf(q);
      if (kept?.version === version) return kept.settings;
      // The version is read before the keys: a change between the two makes the next read read again.
      const settings = await read(q);
      kept = { version, settings };
      return settings;
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
        if (opts.dialect) await lockKey(trx, opts.dialect, 'settings:update');
        // Past every stored time, so the version moves even for two saves in one millisecond.
        const { at: last } = await trx.selectFrom('settings').select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirstOrThrow();
        const at = new Date(Math.max(Date.now(), last ? Date.parse(stamp(last)) + 1 : 0)).toISOString();
        for (const [key, value] of Object.entries(values)) {
          if (value === undefined) continue;
          await trx
            .insertInto('settings')
            .values({ key, value: JSON.stringify(value), updated_at: at })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: at }))
            .execute();
        }
      });
      kept = null;
      return this.get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
