/**
 * Reading a form's values and checking them in the browser with the server's own zod schemas
 * (domain/*), so the messages are the ones the API would answer with. The server checks
 * everything again.
 */
import type { FieldErrors } from './api';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface SchemaLike {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/**
 * Runs `schema` on the values (a FormData is read first); `{}` when they pass. Each field keeps
 * its first message: one thing to fix at a time, and the required-field message before the
 * format one.
 */
export function checkWith(schema: SchemaLike, values: unknown): FieldErrors {
  const result = schema.safeParse(values instanceof FormData ? formValues(values) : values);
  if (result.success || !result.error) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    out[key] ??= [issue.message];
  }
  return out;
}

/** A form's values as a plain object (the last value of a repeated name wins). */
export function formValues(source: HTMLFormElement | FormData): Record<string, FormDataEntryValue> {
  const out: Record<string, FormDataEntryValue> = {};
  for (const [k, v] of (source instanceof FormData ? source : new FormData(source)).entries()) out[k] = v;
  return out;
}

/** The named text fields, as typed ('' for a missing one). */
export function textFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const fd = new FormData(form);
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = fd.get(name);
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}

/** One text field, trimmed. */
export function formText(form: HTMLFormElement, name: string): string {
  const v = new FormData(form).get(name);
  return typeof v === 'string' ? v.trim() : '';
}

/** FormData without empty file inputs (an update sends an image only when a new one was chosen). */
export function multipart(form: HTMLFormElement, extra: Record<string, string> = {}): FormData {
  const fd = new FormData(form);
  for (const [key, value] of [...fd.entries()]) if (value instanceof File && value.size === 0) fd.delete(key);
  for (const [k, v] of Object.entries(extra)) fd.set(k, v);
  return fd;
}

/** Phone and code inputs keep digits only, as they are typed. */
export function digitsOnly(event: React.FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const cleaned = input.value.replace(/\D/g, '');
  if (cleaned !== input.value) input.value = cleaned;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Refuses a non-image or a file over 2 MB before it is uploaded (the server checks again by content). */
export function checkImageFile(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Choose an image file (JPEG, PNG, WebP or GIF).';
  if (file.size > MAX_IMAGE_BYTES) return `The image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB.`;
  return null;
}

/**
 * The server's schema, fetched by the browser only when a form is first touched: zod weighs
 * ~23 KiB compressed, a fifth of a page's budget (issue 32). `load` imports the domain module
 * that defines the schema (`() => import('…/domain/accounts').then((m) => m.loginSchema)`), so
 * the browser checks with the very schema the server uses. The module must not be imported
 * statically by the page too, or it (and zod) would load with the page. Unreachable (offline,
 * a new deployment): nothing is checked here and the server's answer shows the errors instead.
 */
export function lazySchema(load: () => Promise<SchemaLike>) {
  let loading: Promise<SchemaLike | null> | null = null;
  const schema = () => (loading ??= load().catch(() => ((loading = null), null)));
  return {
    preload: () => void schema(),
    /** `checkWith` once the schema is here; `{}` when it cannot be fetched. */
    check: async (values: unknown): Promise<FieldErrors> => {
      const loaded = await schema();
      return loaded ? checkWith(loaded, values) : {};
    },
  };
}

export type LazySchema = ReturnType<typeof lazySchema>;

/** The options of a form that POSTs the named text fields as JSON, checked first with the server's schema. */
export function postTextFields<K extends string>(url: string, names: readonly K[], schema: LazySchema) {
  return {
    method: 'POST' as const,
    url,
    payload: (form: HTMLFormElement) => textFields(form, names),
    validate: (body: Record<K, string>) => schema.check(body),
    preload: schema.preload,
  };
}
