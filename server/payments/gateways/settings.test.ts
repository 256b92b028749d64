// The gateways' environment variables, as each plug-in declares them and server/config.ts reads
// them: the names, what makes a gateway present, and the defaults.
import { describe, expect, it } from 'vitest';
import { gatewaySettings } from '../../config';
import { BKASH_SANDBOX_URL } from './bkash/client';
import { SSLCOMMERZ_SANDBOX_URL } from './sslcommerz/client';

const BKASH = { BKASH_APP_KEY: 'k', BKASH_APP_SECRET: ' s ', BKASH_USERNAME: 'u', BKASH_PASSWORD: 'p' };
const SSLCOMMERZ = { SSLCOMMERZ_STORE_ID: 'store', SSLCOMMERZ_STORE_PASSWORD: 'pass' };

describe('gatewaySettings', () => {
  it('reads each gateway with every credential set, secrets as given, the defaults for the rest', () => {
    expect(gatewaySettings({ ...BKASH, ...SSLCOMMERZ })).toEqual({
      bkash_online: { baseUrl: BKASH_SANDBOX_URL, appKey: 'k', appSecret: ' s ', username: 'u', password: 'p', timeoutMs: 30_000 },
      sslcommerz: { baseUrl: SSLCOMMERZ_SANDBOX_URL, storeId: 'store', storePassword: 'pass', timeoutMs: 30_000 },
    });
  });

  it('leaves out a gateway with a credential missing or blank', () => {
    expect(gatewaySettings({ ...BKASH, BKASH_USERNAME: ' ', SSLCOMMERZ_STORE_ID: 'store' })).toEqual({});
  });

  it('takes the base URL trimmed and a timeout that is a whole number of milliseconds above 0', () => {
    const env = { ...BKASH, ...SSLCOMMERZ, BKASH_BASE_URL: ' https://bkash.example/checkout ', BKASH_TIMEOUT_MS: '5000', SSLCOMMERZ_BASE_URL: '  ', SSLCOMMERZ_TIMEOUT_MS: '1.5' };
    const read = gatewaySettings(env);
    expect(read.bkash_online).toMatchObject({ baseUrl: 'https://bkash.example/checkout', timeoutMs: 5000 });
    expect(read.sslcommerz).toMatchObject({ baseUrl: SSLCOMMERZ_SANDBOX_URL, timeoutMs: 30_000 });
    expect(gatewaySettings({ ...BKASH, BKASH_TIMEOUT_MS: '-1' }).bkash_online?.timeoutMs).toBe(30_000);
  });
});
