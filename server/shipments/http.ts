/** One HTTP call to a courier (server/http/outbound.ts), its failures as CourierError; answer readers. */
import { fetchText, parseAnswer, redact, retryOnce, str, type OutboundCall } from '../http/outbound';
import { CourierError, type BookedParcel, type ParcelState } from './courier';

export { str } from '../http/outbound';

export interface CourierCall extends Omit<OutboundCall, 'body'> {
  /** Sent as JSON. */
  body?: unknown;
}

export interface CourierAnswer {
  status: number;
  data: unknown;
}

/**
 * Answers the parsed JSON of any answer below 500 (an object or an array: Steadfast's bulk order
 * answers an array). Throws CourierError: `timeout`, `network`, or `http` for a 5xx or a body
 * that is not JSON.
 */
export async function callCourier(call: CourierCall): Promise<CourierAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const outbound: OutboundCall = { ...call, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
  const { status, text } = await fetchText(outbound, CourierError);
  return { status, data: parseAnswer(outbound, status, text, CourierError) };
}

/** Runs `fn` again once if it failed with a network error; only for reads, which are safe to repeat. */
export function readTwice<T>(fn: () => Promise<T>): Promise<T> {
  return retryOnce(fn, (err) => err instanceof CourierError && err.kind === 'network');
}

/** The object at `v`, or an empty one. */
export function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
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

/** The parcel a courier's booking answer describes: its ids, its own status word read into our state, its message. */
export function bookedParcel(ids: { consignmentId: unknown; trackingCode: unknown }, courierStatus: string, stateOf: (word: string) => ParcelState, message: unknown, raw: unknown): BookedParcel {
  return { consignmentId: str(ids.consignmentId), trackingCode: str(ids.trackingCode), state: stateOf(courierStatus), courierStatus, message: str(message), raw };
}
