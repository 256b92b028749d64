/**
 * How a provider plug-in (a courier, a payment gateway) declares the environment variables it
 * reads, and how they are read: server/config.ts calls `readProviderEnv` for every registered
 * plug-in (the only place the environment is read) and hands the values to the plug-in. One shape
 * for couriers and gateways, so a newcomer learns it once.
 */

export type EnvSetting =
  /** A credential: the provider is there only when every one is set (not blank); used as given, never trimmed. */
  | { env: string; kind: 'secret' }
  /** Optional text (a webhook's secret): used as given; blank or unset is undefined. */
  | { env: string; kind: 'optional' }
  /** An address: trimmed; blank or unset, the default. */
  | { env: string; kind: 'url'; default: string }
  /** Milliseconds: a whole number above 0, else the default. */
  | { env: string; kind: 'ms'; default: number };

export type EnvSettings = Record<string, EnvSetting>;

/** What was read for each declared setting. */
export type SettingValues<S extends EnvSettings> = {
  [K in keyof S]: S[K] extends { kind: 'ms' } ? number : S[K] extends { kind: 'optional' } ? string | undefined : string;
};

/** Values read with credentials possibly missing (a courier's webhook secrets are read even then). */
export type ReadValues = Readonly<Record<string, string | number | undefined>>;

/** Every declared setting's value (a missing credential or optional text is undefined). */
export function readProviderEnv(settings: EnvSettings, env: Readonly<Record<string, string | undefined>>): ReadValues {
  const values: Record<string, string | number | undefined> = {};
  for (const [key, setting] of Object.entries(settings)) {
    const raw = env[setting.env];
    // Present means not blank; the value itself is used as given (a secret is not trimmed).
    const set = raw?.trim() ? raw : undefined;
    if (setting.kind === 'url') values[key] = set?.trim() || setting.default;
    else if (setting.kind === 'ms') {
      const n = Number(raw);
      values[key] = raw && Number.isInteger(n) && n > 0 ? n : setting.default;
    } else values[key] = set;
  }
  return values;
}

/** The values when every credential is set (the provider can be connected), else undefined. */
export function complete<S extends EnvSettings>(settings: S, values: ReadValues): SettingValues<S> | undefined {
  const missing = Object.entries(settings).some(([key, s]) => s.kind === 'secret' && values[key] === undefined);
  return missing ? undefined : (values as SettingValues<S>);
}
