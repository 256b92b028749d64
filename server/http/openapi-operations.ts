/**
 * What the OpenAPI document says about each operation beyond its request (openapi.ts builds the
 * rest): its id, its path parameters' types, and its answers, success and refusal alike.
 *
 * Refusals documented (all in the `Error` shape of http/errors.ts), by a rule the routes follow:
 * - 400 when the route reads a body, a form, a query or a path parameter that is not an id;
 * - 401 for every audience but `public` and `secret`, 403 for the staff levels;
 * - 404 when the path has a parameter (an id nothing has, or a name);
 * - 409 for staff writes (the current state may refuse them: a category with products, a booked
 *   order) and where a route declares it (`refusals`); 429 where a route declares a limit.
 * An operation none of these fit (a public read with no input) documents `4XX`, the client errors
 * any route can answer (a malformed request, one too large).
 */
import { z } from 'zod';
import { MAX_ID } from '../../domain/queries';
import { isStaffAccess } from '../../domain/roles';
import type { RouteDoc } from './route-docs';

/** Every refusal's body (http/errors.ts errorBody): a real status, a message, per-field messages on a 400. */
export const errorSchema = z
  .object({
    status: z.int().describe('The HTTP status again, for clients that only read the body'),
    message: z.string().describe('What went wrong, ready to show (Bengali first where the shop wrote one)'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('On a 400: messages per field (`a.0.b` for nested ones); form-level ones under `non_field_errors`'),
    retry_after: z.int().optional().describe('On a 429: seconds until a new try is counted (the Retry-After header says it too)'),
  })
  .loose()
  .meta({ id: 'Error', description: 'An error answer. Some 409s add what the conflict is about (e.g. the lines out of stock).' });

/** Path parameters that are record ids (http/pagination.ts readId): whole numbers from 1. */
const ID_PARAM = /^(id|pid|\w+Id)$/;
const idParam = z.int().min(1).max(MAX_ID);

/** A route path's parameters (`:id` and the wildcard's `path`), ids as integers. */
export function pathParameters(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (path.endsWith('*')) names.push('path');
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, ID_PARAM.test(n) ? idParam : z.string()]))) : undefined;
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * An operation's id from its method and path, stable while the route is: the path's segments
 * (without `api`) in PascalCase, a parameter as `By<Name>`, after the method, `list` for a GET
 * that pages (`listProduct`, `getProductById`, `putOrderById`). A route may declare its own.
 */
export function operationIdOf(method: string, path: string, doc: RouteDoc): string {
  if (doc.operationId) return doc.operationId;
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words = segments.map((s) => (s === '*' ? 'ByPath' : s.startsWith(':') ? `By${pascal(s.slice(1))}` : pascal(s)));
  const pages = method === 'GET' && doc.query && 'page' in doc.query.shape;
  return `${pages ? 'list' : method.toLowerCase()}${words.join('') || 'Root'}`;
}

interface Answer {
  description: string;
  content?: Record<string, { schema: z.ZodType }>;
}

const refusal = (description: string): Answer => ({ description, content: { 'application/json': { schema: errorSchema } } });

/** Every answer an operation documents: its success (with its schema) and the refusals the rule above gives it. */
export function operationAnswers(method: string, path: string, doc: RouteDoc): Record<string, Answer> {
  const status = doc.status ?? 200;
  const produces = doc.produces ?? 'application/json';
  const json = produces === 'application/json';
  const success: Answer =
    status === 204
      ? { description: 'Done, no content' }
      : status >= 300 && status < 400
        ? { description: 'Redirects (the Location header) to the page that shows the result' }
        : { description: 'Success', content: { [produces]: { schema: doc.response ?? (json ? z.unknown() : z.string()) } } };
  const staff = isStaffAccess(doc.audience);
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (path.endsWith('*')) params.push('path');
  const declared = new Set(doc.refusals ?? []);
  const refusals: Record<string, Answer> = {
    ...(doc.body || doc.form || doc.query || params.some((p) => !ID_PARAM.test(p)) ? { 400: refusal('The input is refused: `errors` says why, per field') } : {}),
    ...(doc.audience === 'signed' || staff ? { 401: refusal('Not signed in (no session, or it ended)') } : {}),
    ...(staff || declared.has(403) ? { 403: refusal("Signed in, but the user's role may not do this") } : {}),
    ...(params.length ? { 404: refusal('Nothing has this id (or name)') } : {}),
    ...((staff && method !== 'GET') || declared.has(409) ? { 409: refusal('The current state refuses it (e.g. already done, or still in use)') } : {}),
    ...(declared.has(429) ? { 429: refusal('Too many tries: `retry_after` (and the Retry-After header) says when to try again') } : {}),
  };
  const clientErrors: Record<string, Answer> = Object.keys(refusals).length ? {} : { '4XX': refusal('A malformed request (bad JSON, too large, a wrong media type)') };
  // A redirect-only operation (a gateway's return) still answers an error when something breaks.
  const otherwise: Record<string, Answer> = status >= 300 && status < 400 ? { default: refusal('Anything else: an error (a 500 when something broke on our side)') } : {};
  return { [String(status)]: success, ...refusals, ...clientErrors, ...otherwise };
}
