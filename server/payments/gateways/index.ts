/**
 * The payment gateways this shop has: one line per plug-in (gateways/plugin.ts). Adding a
 * gateway is its folder, a line here and its entry in domain/providers.ts
 * (docs/payments-and-couriers.md, "Adding a payment gateway").
 */
import type { OnlineGateway } from '../../../domain/providers';
import type { PaymentGateway } from '../gateway';
import type { GatewayPlugin } from './plugin';
import type { EnvSettings, SettingValues } from '../../provider-env';
import { bkashPlugin } from './bkash';
import { sslcommerzPlugin } from './sslcommerz';

export const GATEWAY_PLUGINS: readonly GatewayPlugin[] = [
  bkashPlugin,
  sslcommerzPlugin,
];

/** What config.ts read for each gateway whose credentials are all set (Config.gateways). */
export type GatewaySettings = Partial<Record<OnlineGateway, Record<string, string | number>>>;

/** The gateways this server can use: a client for each one configured. */
export type Gateways = Partial<Record<OnlineGateway, PaymentGateway>>;

export function connectGateways(settings: GatewaySettings): Gateways {
  const gateways: Gateways = {};
  for (const plugin of GATEWAY_PLUGINS) {
    const values = settings[plugin.id];
    if (values) gateways[plugin.id] = plugin.connect(values as SettingValues<EnvSettings>);
  }
  return gateways;
}
