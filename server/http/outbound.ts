/**
 * One HTTP call to an outside service (payment gateway, courier): a deadline on the whole exchange
 * (AbortSignal.timeout) and every failure turned into the caller's error type, whose message and
 * raw text never carry a secret (the callers name theirs; they are replaced by "***").
 */
export type FailureKind = 'timeout' | 'http' | 'refused' | 'network';

/** The caller's error class (GatewayError, CourierError): message, kind, raw answer. */
export type FailureClass = new (message: string, kind: FailureKind, raw?: unknown) => Error;

export interface OutboundCall {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  timeoutMs: number;
  /** Names the call in messages, e.g. "bKash execute". Never a URL (some put secrets in the query). */
  label: string;
  /** Strings that must not appear in any message or raw text. */
  secrets: readonly string[];
  fetch?: typeof fetch | undefined;
}

/**
 * The status and body of any answer below 500. Throws `Failure`: `timeout` when no full answer
 * came within the deadline, `network` when no connection was made or it broke, `http` for a 5xx.
 */
export async function fetchText(call: OutboundCall, Failure: FailureClass): Promise<{ status: number; text: string }> {
  const doFetch = call.fetch ?? fetch;
  let status: number;
  let text: string;
  try {
    // No redirects: fetch would forward our key headers to another origin, and turn a POST into a GET.
    const res = await doFetch(call.url, { method: call.method, headers: call.headers, body: call.body, redirect: 'error', signal: AbortSignal.timeout(call.timeoutMs) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw new Failure(`${call.label}: no answer within ${call.timeoutMs} ms`, 'timeout');
    throw new Failure(`${call.label}: network error (${redact(networkCause(err), call.secrets)})`, 'network');
  }
  if (status >= 500) throw new Failure(`${call.label}: HTTP ${status}`, 'http', redact(text.slice(0, 500), call.secrets));
  return { status, text };
}

/** The JSON in `text`, or `Failure` (`http`) when it is not JSON (or not what `accept` takes). */
export function parseAnswer(call: OutboundCall, status: number, text: string, Failure: FailureClass, accept: (data: unknown) => boolean = () => true): unknown {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (data === undefined || !accept(data)) throw new Failure(`${call.label}: HTTP ${status}, the answer is not JSON`, 'http', redact(text.slice(0, 500), call.secrets));
  return data;
}

/** Replaces every secret in `text` by "***". */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('***');
  return out;
}

/** A field of a JSON answer as a string ('' when absent). */
export function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** Runs `fn` again once if it failed with an error `retryable` accepts; only for calls safe to repeat. */
export async function retryOnce<T>(fn: () => Promise<T>, retryable: (err: unknown) => boolean): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (retryable(err)) return fn();
    throw err;
  }
}

function networkCause(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}
