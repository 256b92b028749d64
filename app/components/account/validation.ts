/**
 * Form checks in the browser use the same zod schemas as the API (domain/accounts.ts,
 * domain/orders.ts), so the messages are the spec's Bengali ones (`<field> আবশ্যক*`). The server
 * checks everything again; its per-field `errors` are shown the same way.
 */
import type { z } from 'zod';
import type { FieldErrors } from './api';

/** The first message per field of a failed parse (`{}` when it passed). */
export function schemaErrors(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    out[key] ??= issue.message;
  }
  return out;
}

/** Browsers' form values as plain strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** The phone fields accept digits only (spec §5). */
export function digitsOnly(event: React.FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const cleaned = input.value.replace(/\D/g, '');
  if (cleaned !== input.value) input.value = cleaned;
}

/** A field's error goes away as soon as the shopper edits that field (form-level `onInput`/`onChange`). */
export function dropError(errors: FieldErrors, event: React.SyntheticEvent<HTMLFormElement>): FieldErrors {
  const name = (event.target as HTMLInputElement).name;
  if (!name || !(name in errors)) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}
