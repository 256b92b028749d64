/**
 * The online gateways this server can use, from its environment. A gateway is there only when
 * every one of its credentials is set; the shop offers only the gateways that are there.
 *
 *   BKASH_BASE_URL (default: the sandbox), BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME,
 *   BKASH_PASSWORD, BKASH_TIMEOUT_MS (default 30000);
 *   SSLCOMMERZ_BASE_URL (default: the sandbox), SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD,
 *   SSLCOMMERZ_TIMEOUT_MS (default 30000).
 */
import { BKASH_SANDBOX_URL, BkashGateway } from './bkash';
import type { GatewayId, PaymentGateway } from './gateway';
import { SSLCOMMERZ_SANDBOX_URL, SslcommerzGateway } from './sslcommerz';

export type Gateways = Partial<Record<GatewayId, PaymentGateway>>;

export function createGateways(env: NodeJS.ProcessEnv = process.env): Gateways {
  const gateways: Gateways = {};
  // Present means not blank; the value itself is used as given (a secret is not trimmed).
  const set = (name: string) => (env[name]?.trim() ? env[name]! : '');

  const appKey = set('BKASH_APP_KEY');
  const appSecret = set('BKASH_APP_SECRET');
  const username = set('BKASH_USERNAME');
  const password = set('BKASH_PASSWORD');
  if (appKey && appSecret && username && password) {
    gateways.bkash_online = new BkashGateway({
      baseUrl: set('BKASH_BASE_URL').trim() || BKASH_SANDBOX_URL,
      appKey,
      appSecret,
      username,
      password,
      timeoutMs: milliseconds(env.BKASH_TIMEOUT_MS),
    });
  }

  const storeId = set('SSLCOMMERZ_STORE_ID');
  const storePassword = set('SSLCOMMERZ_STORE_PASSWORD');
  if (storeId && storePassword) {
    gateways.sslcommerz = new SslcommerzGateway({
      baseUrl: set('SSLCOMMERZ_BASE_URL').trim() || SSLCOMMERZ_SANDBOX_URL,
      storeId,
      storePassword,
      timeoutMs: milliseconds(env.SSLCOMMERZ_TIMEOUT_MS),
    });
  }
  return gateways;
}

function milliseconds(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : 30_000;
}
