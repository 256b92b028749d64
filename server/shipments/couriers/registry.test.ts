/**
 * The registry agrees with domain/providers.ts: one plug-in per courier, in the same order; the
 * credentials the back office names are exactly those without which the plug-in makes no client;
 * each webhook has its own path.
 */
import { describe, expect, it } from 'vitest';
import { COURIER_PLUGINS, createCouriers } from '.';
import { courierSettings } from '../../config';
import { COURIER_IDS, COURIERS } from '../../../domain/providers';

describe('the courier registry', () => {
  it('has one plug-in per courier of domain/providers.ts, in its order', () => {
    expect(COURIER_PLUGINS.map((p) => p.id)).toEqual(COURIER_IDS);
  });

  it.each(COURIER_IDS)('%s makes a client exactly when all its credentials (its `secret` settings) are set', (id) => {
    const plugin = COURIER_PLUGINS.find((p) => p.id === id)!;
    const credentials = COURIERS[id].credentials;
    const secrets = Object.values(plugin.env).flatMap((s) => (s.kind === 'secret' ? [s.env] : []));
    expect([...secrets].sort()).toEqual([...credentials].sort());
    const all = Object.fromEntries(credentials.map((name) => [name, 'x']));
    expect(createCouriers(courierSettings(all))[id]).toBeDefined();
    for (const name of credentials) expect(createCouriers(courierSettings({ ...all, [name]: ' ' }))[id]).toBeUndefined();
  });

  it('gives each webhook its own path', () => {
    const paths = COURIER_PLUGINS.map((p) => p.webhook.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
