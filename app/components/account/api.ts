/**
 * The account screens talk to the JSON API with fetch on the same origin; the HttpOnly
 * `haat_session` cookie authenticates. Answers follow decisions §2: `{status, message, errors?}`.
 */
export type FieldErrors = Record<string, string>;

export interface ApiAnswer {
  ok: boolean;
  /** HTTP status; 0 when the request never reached the server. */
  status: number;
  body: Record<string, unknown> & { message?: string; errors?: Record<string, string[] | string> };
}

export async function postJson(url: string, data: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(data),
    });
  } catch {
    return { ok: false, status: 0, body: {} };
  }
  let body: ApiAnswer['body'] = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as ApiAnswer['body'];
  } catch {
    /* an empty or non-JSON body: the status says enough */
  }
  // The first version's clients read a `status` field too; trust the worse of the two.
  const bodyStatus = typeof body.status === 'number' ? body.status : 0;
  return { ok: res.ok && bodyStatus < 400, status: res.ok && bodyStatus >= 400 ? bodyStatus : res.status, body };
}

/** The first message per field of a refused request, for showing under each field. */
export function fieldErrorsOf(answer: ApiAnswer): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(answer.body.errors ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

/** The words to show when a request fails: the server's message, or a Bengali/English fallback. */
export function failureText(answer: ApiAnswer, t: (bn: string, en: string) => string): string {
  if (answer.status === 0) return t('সার্ভারের সাথে যোগাযোগ করা যাচ্ছে না। আবার চেষ্টা করুন।', 'Could not reach the server. Please try again.');
  if (typeof answer.body.message === 'string' && answer.body.message) return answer.body.message;
  if (answer.status === 429) return t('অনেকবার চেষ্টা করা হয়েছে, একটু পরে আবার চেষ্টা করুন।', 'Too many attempts; please try again later.');
  return t('কিছু একটা ভুল হয়েছে, আবার চেষ্টা করুন।', 'Something went wrong; please try again.');
}
