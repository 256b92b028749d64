/**
 * The couriers the shop can book with, one line each: a courier is a folder here (its client,
 * webhook, fake and settings; docs/payments-and-couriers.md, "Adding a courier") and an entry in
 * domain/providers.ts. Everything else loops over this list.
 */
import type { CourierId } from '../../../domain/providers';
import type { Courier } from '../courier';
import type { CourierOptions, CourierPlugin, CourierSettings } from './plugin';
import { complete } from '../../provider-env';
import { steadfast } from './steadfast';
import { pathao } from './pathao';

export const COURIER_PLUGINS: readonly CourierPlugin[] = [
  steadfast,
  pathao,
];

/** Each courier's settings, as server/config.ts reads them from the environment. */
export type CourierSettingsById = Readonly<Record<CourierId, CourierSettings>>;

export type Couriers = Partial<Record<CourierId, Courier>>;

/** The couriers these settings configure: a courier whose credentials are unset is absent. */
export function createCouriers(settings: CourierSettingsById, opts: CourierOptions = {}): Couriers {
  const out: Couriers = {};
  for (const plugin of COURIER_PLUGINS) {
    // A courier whose credentials are not all set is absent.
    const values = complete(plugin.env, settings[plugin.id] ?? {});
    if (values) out[plugin.id] = plugin.client(values, opts);
  }
  return out;
}

/** The plug-in of a courier id. */
export function courierPlugin(id: CourierId): CourierPlugin {
  return COURIER_PLUGINS.find((p) => p.id === id)!;
}
