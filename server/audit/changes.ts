/**
 * What an audit row says, as pure functions: which fields changed between two answers of the
 * same resource, with secrets and noise left out, and a readable name for an action.
 */

/** `{field: [before, after]}`; a create has `null` befores, a delete `null` afters. */
export type Changes = Record<string, [unknown, unknown]>;

/** Keys never stored, whatever their value: passwords, codes, tokens, keys. */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase();
  return k === 'password' || k === 'password2' || k === 'token' || k === 'otp' || k.includes('secret') || k.endsWith('_key') || k === 'access' || k === 'refresh';
}

/** Fields every write touches or that follow from others (`price` is the price charged, from regular and discount): they would bury the real change. */
const NOISY = new Set(['price', 'updated_at', 'created_at', 'image_url', 'pdf_url', 'thumbnail', 'search_text', 'rating_average', 'rating_count']);

const MAX_TEXT = 500;

/** A value as stored: secrets inside objects dropped, long text cut. */
export function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, depth + 1));
  return Object.fromEntries(Object.entries(value).filter(([k]) => !isSecretKey(k)).map(([k, v]) => [k, clean(v, depth + 1)]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level fields that differ between `before` and `after` (either may be null: a create or a delete). */
export function diff(before: unknown, after: unknown): Changes {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (NOISY.has(key) || isSecretKey(key)) continue;
    const was = key in b ? clean(b[key]) : null;
    const now = key in a ? clean(a[key]) : null;
    if (!same(was, now)) changes[key] = [was, now];
  }
  return changes;
}

/**
 * The object a create answered with: the answer itself when it has an id, or the one object with
 * an id inside it (`{status, message, product: {...}}`), with the key it came under.
 */
export function createdObject(answer: unknown): { key: string | null; object: Record<string, unknown> } | null {
  if (!isRecord(answer)) return null;
  if (typeof answer.id === 'number') return { key: null, object: answer };
  for (const [key, value] of Object.entries(answer)) {
    if (isRecord(value) && typeof value.id === 'number') return { key, object: value };
  }
  return null;
}

/** The resource a route addresses: the last fixed segment before its first parameter, or its last one (`/create-book/` → book). */
export function resourceOf(pattern: string): string {
  const segments = pattern.split('/').filter(Boolean);
  const param = segments.findIndex((s) => s.startsWith(':'));
  const fixed = (param >= 0 ? segments.slice(0, param) : segments).filter((s) => s !== 'api');
  return (fixed.at(-1) ?? 'shop').replace(/^create-/, '');
}

const ACCOUNT_ACTIONS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  password_reset: 'Password reset',
};

/** A readable name for an action: `PUT /api/product/:id/` → "Update product". */
export function describeAction(action: string): string {
  if (ACCOUNT_ACTIONS[action]) return ACCOUNT_ACTIONS[action];
  const [method, pattern = ''] = action.split(' ');
  const segments = pattern.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const resource = resourceOf(pattern);
  // An action on one resource (`POST /api/order/:id/refund/`): its own name.
  if (method === 'POST' && segments.some((s) => s.startsWith(':')) && !last.startsWith(':')) return `${capitalise(last.replace(/[-_]/g, ' '))} ${resourceOf(pattern)}`;
  if (method === 'POST' && !last.startsWith('create-') && !/^[a-z]+$/.test(last)) return capitalise(last.replace(/([A-Z])/g, ' $1').replace(/[-_]/g, ' ').toLowerCase());
  const verb = method === 'POST' ? 'Create' : method === 'DELETE' ? 'Delete' : 'Update';
  return `${verb} ${resource}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
