// The couriers' environment variables, as each plug-in declares them (server/provider-env.ts) and
// server/config.ts reads them: the names, the defaults, and the webhook secrets read even when
// the courier's credentials are not set.
import { describe, expect, it } from 'vitest';
import { courierSettings } from '../../config';
import { STEADFAST_DEFAULT_BASE_URL } from './steadfast/client';
import { PATHAO_DEFAULT_BASE_URL } from './pathao/client';

describe('courierSettings', () => {
  it('reads every declared variable, credentials as given, the defaults for the rest', () => {
    const read = courierSettings({ STEADFAST_API_KEY: ' k ', STEADFAST_SECRET_KEY: 's', STEADFAST_TIMEOUT_MS: '5000', PATHAO_BASE_URL: ' https://pathao.example ' });
    expect(read.steadfast).toEqual({ apiKey: ' k ', secretKey: 's', baseUrl: STEADFAST_DEFAULT_BASE_URL, timeoutMs: 5000, webhookToken: undefined });
    expect(read.pathao).toMatchObject({ clientId: undefined, baseUrl: 'https://pathao.example', timeoutMs: 30_000 });
    expect(courierSettings({}).pathao).toMatchObject({ baseUrl: PATHAO_DEFAULT_BASE_URL });
  });

  it('takes a blank value as unset, and a timeout only as a whole number of milliseconds above 0', () => {
    const read = courierSettings({ STEADFAST_API_KEY: '  ', STEADFAST_TIMEOUT_MS: '1.5', PATHAO_TIMEOUT_MS: '-1' });
    expect(read.steadfast).toMatchObject({ apiKey: undefined, timeoutMs: 30_000 });
    expect(read.pathao).toMatchObject({ timeoutMs: 30_000 });
  });

  it('reads the webhook secrets whether or not the credentials are set', () => {
    const read = courierSettings({ STEADFAST_WEBHOOK_TOKEN: 'sf', PATHAO_WEBHOOK_SECRET: 'pw', PATHAO_WEBHOOK_INTEGRATION_SECRET: 'pi' });
    expect(read.steadfast).toMatchObject({ webhookToken: 'sf' });
    expect(read.pathao).toMatchObject({ webhookSecret: 'pw', webhookIntegrationSecret: 'pi' });
  });
});
