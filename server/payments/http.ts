/** One HTTP call to a payment gateway (server/http/outbound.ts), its failures as GatewayError. */
import { GatewayError } from './gateway';
import { fetchText, parseAnswer, retryOnce as retryIf, type OutboundCall } from '../http/outbound';

export { redact, str } from '../http/outbound';

export type GatewayCall = OutboundCall;

export interface GatewayAnswer {
  status: number;
  /** The parsed JSON body; an object for every answer the gateways document. */
  data: Record<string, unknown>;
}

const isObject = (data: unknown) => !!data && typeof data === 'object' && !Array.isArray(data);

/**
 * Answers the parsed JSON of any answer below 500. Throws GatewayError: `timeout` when no full
 * answer came within the deadline, `network` when no connection was made or it broke, `http`
 * for a 5xx or a body that is not a JSON object.
 */
export async function callGateway(call: GatewayCall): Promise<GatewayAnswer> {
  const { status, text } = await fetchText(call, GatewayError);
  return { status, data: parseAnswer(call, status, text, GatewayError, isObject) as Record<string, unknown> };
}

/** Runs `fn` again once if it failed with one of `kinds`; only for calls that are safe to repeat. */
export function retryOnce<T>(fn: () => Promise<T>, kinds: readonly GatewayError['kind'][] = ['network']): Promise<T> {
  return retryIf(fn, (err) => err instanceof GatewayError && kinds.includes(err.kind));
}

/** Taka as the gateways want it: a string with two decimals. */
export function taka(amount: number): string {
  if (!Number.isFinite(amount) || amount <= 0) throw new RangeError(`not an amount of taka: ${amount}`);
  return amount.toFixed(2);
}
