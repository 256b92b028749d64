/**
 * One HTTP call to a courier: a deadline on the whole exchange (AbortSignal.timeout), the answer
 * parsed as JSON (an object or an array: Steadfast's bulk order answers an array), and every
 * failure turned into a CourierError whose message and raw text never carry a secret.
 */
import { redact } from '../payments/http';
import { CourierError } from './courier';

export interface CourierCall {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs: number;
  /** Names the call in messages, e.g. "Steadfast create_order". */
  label: string;
  /** Strings that must not appear in any message or raw text. */
  secrets: readonly string[];
  fetch?: typeof fetch;
}

export interface CourierAnswer {
  status: number;
  data: unknown;
}

/**
 * Answers the parsed JSON of any answer below 500. Throws CourierError: `timeout` when no full
 * answer came within the deadline, `network` when no connection was made or it broke, `http`
 * for a 5xx or a body that is not JSON.
 */
export async function callCourier(call: CourierCall): Promise<CourierAnswer> {
  const doFetch = call.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let text: string;
  try {
    const res = await doFetch(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new CourierError(`${call.label}: no answer within ${call.timeoutMs} ms`, 'timeout');
    }
    throw new CourierError(`${call.label}: network error (${redact(networkCause(err), call.secrets)})`, 'network');
  }
  if (status >= 500) {
    throw new CourierError(`${call.label}: HTTP ${status}`, 'http', redact(text.slice(0, 500), call.secrets));
  }
  try {
    return { status, data: JSON.parse(text) as unknown };
  } catch {
    throw new CourierError(`${call.label}: HTTP ${status}, the answer is not JSON`, 'http', redact(text.slice(0, 500), call.secrets));
  }
}

/** Runs `fn` again once if it failed with a network error; only for reads, which are safe to repeat. */
export async function readTwice<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CourierError && err.kind === 'network') return fn();
    throw err;
  }
}

/** The object at `v`, or an empty one. */
export function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A field as a string ('' when absent). */
export function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The courier's own words in an error answer: `message` and every `errors` field's messages. */
export function courierWords(data: unknown, secrets: readonly string[]): string {
  const d = obj(data);
  const parts: string[] = [];
  if (typeof d.message === 'string' && d.message) parts.push(d.message);
  for (const [field, msgs] of Object.entries(obj(d.errors))) {
    parts.push(`${field}: ${(Array.isArray(msgs) ? msgs : [msgs]).map(str).join(' ')}`);
  }
  return redact(parts.join('; ') || 'no message', secrets);
}

/** An answer's raw body, without secrets, for CourierError.raw. */
export function rawOf(data: unknown, secrets: readonly string[]): string {
  return redact(JSON.stringify(data ?? null).slice(0, 1000), secrets);
}

/** A timeout from the environment: a positive integer of milliseconds, else the default 30 s. */
export function timeoutFrom(value: string | undefined, fallback = 30_000): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function networkCause(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}
