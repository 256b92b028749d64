import { describe, expect, it } from 'vitest';
import { authorised, client, fake, input, withFakeBkash } from './fake-harness';
import { GatewayError } from '../../gateway';
import { gatewaySettings } from '../../../config';
import { connectGateways } from '..';

/** The gateways a server with this environment has (config.ts reads it, gateways/index.ts connects them). */
const createGateways = (env: NodeJS.ProcessEnv) => connectGateways(gatewaySettings(env));

// The bKash client's tokens and credentials, and the gateway a server builds from its environment
// (payments: client.test.ts).
withFakeBkash();

describe('bKash tokens', () => {
  it('one grant serves 20 payments (bKash blocks a grant per payment)', async () => {
    const gw = client();
    for (let i = 0; i < 20; i++) {
      const started = await authorised(gw);
      expect((await gw.confirm(started.gatewayRef)).state).toBe('paid');
    }
    expect(fake.grants).toBe(1);
    expect(fake.refreshes).toBe(0);
  });

  it('concurrent first calls share one grant', async () => {
    const gw = client();
    await Promise.all(Array.from({ length: 20 }, () => gw.start(input())));
    expect(fake.grants).toBe(1);
  });

  it('after the token expires it is refreshed once, not granted again', async () => {
    let clock = Date.parse('2025-01-01T00:00:00Z');
    const gw = client({ now: () => clock });
    await gw.start(input());
    clock += 30 * 60_000;
    await gw.start(input());
    expect(fake.refreshes).toBe(0);
    clock += 30 * 60_000; // 3600 s after the grant: inside the renewal margin
    await Promise.all([gw.start(input()), gw.start(input()), gw.start(input())]);
    await gw.start(input());
    expect(fake.grants).toBe(1);
    expect(fake.refreshes).toBe(1);
    const refresh = fake.requests.find((r) => r.path === '/token/refresh')!;
    expect(refresh.body).toMatchObject({ app_key: fake.credentials.appKey, app_secret: fake.credentials.appSecret, refresh_token: expect.any(String) });
    expect(refresh.headers).toMatchObject({ username: fake.credentials.username, password: fake.credentials.password });
  });

  it('a refresh bKash refuses falls back to one new grant', async () => {
    let clock = 0;
    const gw = client({ now: () => clock });
    await gw.start(input());
    clock += 3600_000;
    fake.refreshFails = { statusCode: '2079', statusMessage: 'Invalid refresh token' };
    await gw.start(input());
    expect(fake.grants).toBe(2);
  });

  it('a token bKash stops accepting (401) is renewed and the call sent once more', async () => {
    const gw = client();
    await gw.start(input());
    fake.revokeTokens();
    const started = await gw.start(input());
    expect(started.gatewayRef).toMatch(/^TR0011/);
    expect(fake.grants + fake.refreshes).toBe(2);
    expect(fake.requests.filter((r) => r.path === '/create')).toHaveLength(3);
  });

  it('wrong credentials are a GatewayError that names no secret', async () => {
    for (const wrong of [{ appSecret: 'wrong-app-secret-123' }, { password: 'wrong-password-456' }, { appKey: 'wrong-key' }]) {
      const gw = client(wrong);
      const err = await gw.start(input()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      const e = err as GatewayError;
      expect(e.kind).toBe('refused');
      const text = `${e.message} ${JSON.stringify(e.raw ?? null)}`;
      for (const secret of ['wrong-app-secret-123', 'wrong-password-456', fake.credentials.appSecret, fake.credentials.password]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(fake.grants).toBe(0);
  });

  it('no token appears in any error', async () => {
    const gw = client();
    const started = await gw.start(input());
    fake.queryFails = { httpStatus: 502 };
    const err = (await gw.lookup({ gatewayRef: started.gatewayRef, invoice: '' }).catch((e: unknown) => e)) as GatewayError;
    const create = fake.requests.find((r) => r.path === '/create')!;
    expect(err).toBeInstanceOf(GatewayError);
    expect(`${err.message} ${JSON.stringify(err.raw ?? null)}`).not.toContain(String(create.headers.authorization));
  });
});

describe('createGateways', () => {
  it('has bKash only when all four credentials are set', () => {
    const env = { BKASH_APP_KEY: 'k', BKASH_APP_SECRET: 's', BKASH_USERNAME: 'u', BKASH_PASSWORD: 'p' };
    expect(createGateways(env).bkash_online?.id).toBe('bkash_online');
    expect(createGateways({ ...env, BKASH_PASSWORD: '' }).bkash_online).toBeUndefined();
    expect(createGateways({}).bkash_online).toBeUndefined();
  });

  it('the gateway it builds talks to BKASH_BASE_URL', async () => {
    const gw = createGateways({ ...fake.env, BKASH_TIMEOUT_MS: '5000' }).bkash_online!;
    expect((await gw.start(input())).paymentUrl).toContain(fake.origin);
  });
});
