/**
 * The registry agrees with domain/providers.ts: one plug-in per courier, in the same order; the
 * credentials the back office names are exactly those without which the plug-in makes no client;
 * each webhook has its own path.
 */
import { describe, expect, it } from 'vitest';
import { COURIER_PLUGINS } from '.';
import { courierSettings } from '../../config';
import { COURIER_IDS, COURIERS } from '../../../domain/providers';

describe('the courier registry', () => {
  it('has one plug-in per courier of domain/providers.ts, in its order', () => {
    expect(COURIER_PLUGINS.map((p) => p.id)).toEqual(COURIER_IDS);
  });

  it.each(COURIER_IDS)('%s makes a client exactly when all its credentials are set', (id) => {
    const plugin = COURIER_PLUGINS.find((p) => p.id === id)!;
    const credentials = COURIERS[id].credentials;
    const declared = Object.values(plugin.env).map((s) => s.env);
    for (const name of credentials) expect(declared).toContain(name);
    const all = Object.fromEntries(credentials.map((name) => [name, 'x']));
    expect(plugin.client(courierSettings(all)[id], {})).not.toBeNull();
    for (const name of credentials) expect(plugin.client(courierSettings({ ...all, [name]: '' })[id], {})).toBeNull();
  });

  it('gives each webhook its own path', () => {
    const paths = COURIER_PLUGINS.map((p) => p.webhook.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
