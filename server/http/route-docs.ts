/** What a routes file declares about its routes for the OpenAPI document (server/http/openapi.ts builds it). */
import type { z } from 'zod';

/** Who may call a route (as in the authorisation matrix); `secret`: a gateway or courier with its own proof. */
export type Audience = 'public' | 'signed' | 'admin' | 'secret';

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
  /** The success status, when not 200. */
  status?: number;
}

/** A module's routes, keyed "METHOD /path/" exactly as the route is declared. */
export type RouteDocs = Record<string, RouteDoc>;
