/**
 * Refuses, at the edge, text no handler should ever see: control characters (NUL included),
 * text-direction overrides and lone surrogates, in any string or key of the query, the path
 * parameters or a parsed (JSON or form) body. The answer is the usual 400 with one message per
 * field path (`{"errors": {"items.0.name": [...]}}`), before any handler or database runs.
 *
 * Multipart forms are read by their handlers, so those call `assertSafeTexts` on what they read.
 * Pages take no form posts of their own (their forms send JSON or multipart to the API routes,
 * which this covers); a page's query string and path are checked here like any other route's.
 * A page module that adds an `action` must check its form's text itself.
 *
 * It also keeps the app's route table (`routeTable`), read by the fuzz and authorisation tests.
 */
import type { FastifyInstance } from 'fastify';
import { unsafeTextProblem } from '../../domain/queries';
import { HttpError, firstMessage, type FieldErrors } from './errors';

/** Deeper than any form the shop takes; a deeper body is refused rather than walked. */
const MAX_DEPTH = 32;

/** Adds a message under `field`; a field may be named `valueOf` or `__proto__`, so only own entries count. */
function add(errors: FieldErrors, field: string, message: string): void {
  const key = field || 'non_field_errors';
  if (Object.hasOwn(errors, key)) errors[key]!.push(message);
  else Object.defineProperty(errors, key, { value: [message], enumerable: true, writable: true, configurable: true });
}

function walk(value: unknown, path: string, errors: FieldErrors, depth: number): void {
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    if (problem) add(errors, path, problem);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  // Streams (page bodies, multipart) are read later by their handlers.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return;
  if (depth > MAX_DEPTH) {
    add(errors, path, 'Nested too deeply.');
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const keyProblem = unsafeTextProblem(key);
    if (keyProblem) {
      add(errors, path, `A field name: ${keyProblem}`);
      continue;
    }
    walk(inner, at, errors, depth + 1);
  }
}

/** The per-field problems of every string in `values` (keys included), or an empty object. */
export function unsafeTexts(values: unknown, path = ''): FieldErrors {
  const errors: FieldErrors = {};
  walk(values, path, errors, 0);
  return errors;
}

/** Whether there is anything to walk: a string, or an object with at least one key. */
function hasContent(values: unknown): boolean {
  if (values === null || values === undefined) return false;
  if (typeof values !== 'object') return true;
  // The first key answers (an empty key counts: `?=…` has one); no array of keys is made.
  for (const key in values) return key === key;
  return false;
}

/** Throws the 400 for `values` when any of its text is refused. */
export function assertSafeTexts(values: unknown): void {
  const errors = unsafeTexts(values);
  if (Object.keys(errors).length) throw new HttpError(400, firstMessage(errors), errors);
}

export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every method and path registered on `app` after the guard was installed. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app) ?? [])];
}

export function installInputGuard(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });

  // A callback, not an async hook: it runs on every request, and most carry nothing to check
  // (no query, no path parameters, no body), so those leave at once without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      for (const values of [request.params, request.query, request.body]) if (hasContent(values)) assertSafeTexts(values);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
