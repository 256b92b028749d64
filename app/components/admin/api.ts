/**
 * The back office talks to the specification's JSON API with fetch (same origin, the session
 * cookie authenticates; browsers send the Origin header the server's CSRF check wants).
 * Every answer is read: a refusal comes back with its message and per-field errors.
 */
export type FieldErrors = Record<string, string[]>;

export interface ApiResult<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  message: string;
  errors: FieldErrors;
  body: T | null;
}

export async function sendApi<T = Record<string, unknown>>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: FormData | object): Promise<ApiResult<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (payload instanceof FormData) init.body = payload;
  else if (payload !== undefined) {
    init.body = JSON.stringify(payload);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Check the connection and try again.', errors: {}, body: null };
  }
  let body: Record<string, unknown> | null = null;
  try {
    const text = await res.text();
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  // The first version answered HTTP 200 with {status: 400}; honour both.
  const bodyStatus = typeof body?.status === 'number' ? body.status : res.status;
  const ok = res.ok && bodyStatus < 400;
  const errors = (body?.errors && typeof body.errors === 'object' ? body.errors : {}) as FieldErrors;
  const message = typeof body?.message === 'string' ? body.message : ok ? '' : `${res.status} ${res.statusText}`.trim();
  return { ok, status: ok ? res.status : bodyStatus, message, errors, body: body as T | null };
}

/** Field errors from a zod safeParse, in the server's `{field: [msg]}` shape. */
export function zodErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Refuses a non-image or a file over 2 MB before it is uploaded (the server checks again by content). */
export function checkImageFile(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Choose an image file (JPEG, PNG, WebP or GIF).';
  if (file.size > MAX_IMAGE_BYTES) return `The image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB.`;
  return null;
}

/** Runs one of the server's own zod schemas (domain/*) on the form's values; `{}` when they pass. */
export function checkWith(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } }, values: unknown): FieldErrors {
  const r = schema.safeParse(values);
  return r.success || !r.error ? {} : zodErrors(r.error.issues);
}

/** FormData as a plain object (last value wins), for schema checks. */
export function formValues(fd: FormData): Record<string, FormDataEntryValue> {
  const out: Record<string, FormDataEntryValue> = {};
  for (const [k, v] of fd.entries()) out[k] = v;
  return out;
}
