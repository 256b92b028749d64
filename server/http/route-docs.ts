/** What a routes file declares about its routes for the OpenAPI document (server/http/openapi.ts builds it). */
import type { z } from 'zod';
import type { StaffAccess } from '../../domain/roles';

/**
 * Who may call a route: `public`, `signed` (any signed-in user, for their own data), a staff
 * level of domain/roles.ts (which staff roles), or `secret` (a gateway or courier with its own
 * proof). http/route-guard.ts enforces it for every route; the authorisation matrix checks it.
 */
export type Audience = 'public' | 'signed' | 'secret' | StaffAccess;

export interface RouteDoc {
  summary: string;
  audience: Audience;
  /** The query schema the handler reads (a zod object); its keys become query parameters. */
  query?: z.ZodObject;
  /** A JSON body, parsed with this schema. */
  body?: z.ZodType;
  /** A form: multipart/form-data (with uploads) or the same fields as JSON, as the handler's form schema reads them. */
  form?: z.ZodType;
  /** What a success answers, when it is not a JSON object (a CSV file, a redirect…). */
  produces?: string;
  /** A POST that only reads (a scan that looks an order up): not audited as a write. */
  readOnly?: boolean;
  /** The success status, when not 200. */
  status?: number;
  /** What a success answers (JSON), described with zod; without it the document says only "JSON". */
  response?: z.ZodType;
  /** The operation's id in the document, when the one made from the method and path reads badly. */
  operationId?: string;
  /** Refusals the route can answer beyond the ones its audience, path and input imply (403 a signed user asking for what is not theirs, 409 a conflict with the current state, 429 a limit). */
  refusals?: readonly (403 | 409 | 429)[];
}

/** A module's routes, keyed "METHOD /path/" exactly as the route is declared. */
export type RouteDocs = Record<string, RouteDoc>;
