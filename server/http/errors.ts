/**
 * One error shape for the whole API, `{status, message, errors?}` with a real HTTP status, so
 * every client shows a refusal the same way. Bad input never becomes a 500 and no stack trace
 * leaves the server.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

export type FieldErrors = Record<string, string[]>;

const HTTP_ERROR = 'HttpError';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = HTTP_ERROR;
  }
}

/**
 * The HttpError a page's action caught, by its shape: the pages' server bundle and the server's
 * are built apart, so an error thrown by a service is not `instanceof` the pages' HttpError.
 */
export function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  return error instanceof Error && error.name === HTTP_ERROR && typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as HttpError) : null;
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, extra);

/** Per-field messages from a zod error: `{field: [message, …]}`; form-level problems go under `non_field_errors`. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    // A field may be named `valueOf` or `__proto__`: only own entries count.
    if (Object.hasOwn(out, key)) out[key]!.push(issue.message);
    else Object.defineProperty(out, key, { value: [issue.message], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The first field message, for clients of the first version that only show `message`. */
export function firstMessage(errors: FieldErrors): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'Invalid input.';
}

export function errorBody(statusCode: number, message: string, errors?: FieldErrors, extra?: Record<string, unknown>) {
  return { status: statusCode, message, ...(errors ? { errors } : {}), ...extra };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.errors, error.extra));
    }
    if (error instanceof ZodError) {
      const errors = zodFieldErrors(error);
      return reply.status(400).send(errorBody(400, firstMessage(errors), errors));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}
