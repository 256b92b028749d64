/**
 * The pages talk to the JSON API with fetch on the same origin: the HttpOnly session cookie
 * authenticates, and browsers send the Origin header the server's CSRF check wants. Every
 * answer is read into one shape, the server's own: `{status, message, errors?: {field: [msgs]}}`.
 */

/** Messages per field, as the server sends them (`non_field_errors` for the form as a whole). */
export type FieldErrors = Record<string, string[]>;

export interface ApiResult<T = Record<string, unknown>> {
  ok: boolean;
  /** HTTP status; 0 when the request never reached the server. */
  status: number;
  /** The server's message ('' when it sent none). */
  message: string;
  errors: FieldErrors;
  body: T | null;
}

export type ApiMethod = 'POST' | 'PUT' | 'DELETE';

/** An answer's `errors`, each field's messages as a list (older answers sent a lone string). */
function readErrors(value: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!value || typeof value !== 'object') return out;
  for (const [field, list] of Object.entries(value)) {
    const messages = (Array.isArray(list) ? list : [list]).filter((m): m is string => typeof m === 'string');
    if (messages.length) out[field] = messages;
  }
  return out;
}

/** `signal` aborts the request (e.g. a timeout): it then answers as unreached, status 0. */
export async function sendApi<T = Record<string, unknown>>(method: ApiMethod, url: string, payload?: FormData | object, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<ApiResult<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json', ...headers }, signal };
  if (payload instanceof FormData) init.body = payload;
  else if (payload !== undefined) {
    init.body = JSON.stringify(payload);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    return { ok: false, status: 0, message: '', errors: {}, body: null };
  }
  let body: Record<string, unknown> | null = null;
  try {
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    /* an empty or non-JSON body: the status says enough */
  }
  // The first version answered HTTP 200 with {status: 400}; the worse of the two counts.
  const bodyStatus = typeof body?.status === 'number' ? body.status : res.status;
  const ok = res.ok && bodyStatus < 400;
  return {
    ok,
    status: res.ok && !ok ? bodyStatus : res.status,
    message: typeof body?.message === 'string' ? body.message : '',
    errors: readErrors(body?.errors),
    body: body as T | null,
  };
}

/** What to tell the user when a request fails: the server's message, else a plain fallback. */
export function failureText(res: Pick<ApiResult, 'status' | 'message'>, t: (bn: string, en: string) => string): string {
  if (res.status === 0) return t('সার্ভারের সাথে যোগাযোগ করা যাচ্ছে না। আবার চেষ্টা করুন।', 'Could not reach the server. Please try again.');
  if (res.message) return res.message;
  if (res.status === 429) return t('অনেকবার চেষ্টা করা হয়েছে, একটু পরে আবার চেষ্টা করুন।', 'Too many attempts; please try again later.');
  return t('কিছু একটা ভুল হয়েছে, আবার চেষ্টা করুন।', 'Something went wrong; please try again.');
}
