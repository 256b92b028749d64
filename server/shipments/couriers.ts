/**
 * The couriers the environment configures: a courier whose credentials are unset is absent.
 * Steadfast: STEADFAST_API_KEY, STEADFAST_SECRET_KEY (STEADFAST_BASE_URL, STEADFAST_TIMEOUT_MS).
 * Pathao: PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD, PATHAO_STORE_ID
 * (PATHAO_BASE_URL, PATHAO_TIMEOUT_MS).
 */
import type { Courier, CourierId } from './courier';
import { PathaoCourier } from './pathao';
import { SteadfastCourier } from './steadfast';

export interface CouriersOptions {
  /** For Pathao's place matching: a stored (e.g. Bengali) district or upazila name in English. */
  toEnglish?: (name: string) => string;
}

export function createCouriers(env: Record<string, string | undefined> = process.env, opts: CouriersOptions = {}): Partial<Record<CourierId, Courier>> {
  const out: Partial<Record<CourierId, Courier>> = {};
  const steadfast = SteadfastCourier.fromEnv(env);
  if (steadfast) out.steadfast = steadfast;
  const pathao = PathaoCourier.fromEnv(env, opts.toEnglish);
  if (pathao) out.pathao = pathao;
  return out;
}
