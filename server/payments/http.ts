/**
 * One HTTP call to a payment gateway: a deadline on the whole exchange (AbortSignal.timeout),
 * the answer parsed as JSON, and every failure turned into a GatewayError whose message and raw
 * text never carry a secret (the callers name theirs; they are replaced by "***").
 */
import { GatewayError } from './gateway';

export interface GatewayCall {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Names the call in messages, e.g. "bKash execute". Never a URL (SSLCommerz puts the password in its query). */
  label: string;
  /** Strings that must not appear in any message or raw text. */
  secrets: readonly string[];
  fetch?: typeof fetch;
}

export interface GatewayAnswer {
  status: number;
  /** The parsed JSON body; an object for every answer the gateways document. */
  data: Record<string, unknown>;
}

/**
 * Answers the parsed JSON of any answer below 500. Throws GatewayError: `timeout` when no full
 * answer came within the deadline, `network` when no connection was made or it broke, `http`
 * for a 5xx or a body that is not a JSON object.
 */
export async function callGateway(call: GatewayCall): Promise<GatewayAnswer> {
  const doFetch = call.fetch ?? fetch;
  let status: number;
  let text: string;
  try {
    const res = await doFetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new GatewayError(`${call.label}: no answer within ${call.timeoutMs} ms`, 'timeout');
    }
    throw new GatewayError(`${call.label}: network error (${redact(networkCause(err), call.secrets)})`, 'network');
  }
  if (status >= 500) {
    throw new GatewayError(`${call.label}: HTTP ${status}`, 'http', redact(text.slice(0, 500), call.secrets));
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new GatewayError(`${call.label}: HTTP ${status}, the answer is not JSON`, 'http', redact(text.slice(0, 500), call.secrets));
  }
  return { status, data: data as Record<string, unknown> };
}

/** Runs `fn` again once if it failed with one of `kinds`; only for calls that are safe to repeat. */
export async function retryOnce<T>(fn: () => Promise<T>, kinds: readonly GatewayError['kind'][] = ['network']): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GatewayError && kinds.includes(err.kind)) return fn();
    throw err;
  }
}

/** Replaces every secret in `text` by "***". */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('***');
  return out;
}

/** A field of a gateway's JSON answer as a string ('' when absent). */
export function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** Taka as the gateways want it: a string with two decimals. */
export function taka(amount: number): string {
  if (!Number.isFinite(amount) || amount <= 0) throw new RangeError(`not an amount of taka: ${amount}`);
  return amount.toFixed(2);
}

function networkCause(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}
