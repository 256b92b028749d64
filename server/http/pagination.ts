/**
 * How the REST routes read a request's query and path, and answer a list. The schemas are the
 * shared ones of domain/queries.ts, so the pages' loaders read URLs the same way.
 * The list envelope is `{count, next, previous, results}`, 20 a page.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from './errors';
import { parseId, queryValues, type Page } from '../../domain/queries';

export { pageQuery, toPage, type Page } from '../../domain/queries';

/** The request's query read with `schema`; a refused value answers 400 with per-field messages. */
export function readQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  return schema.parse(queryValues(request.query as Record<string, unknown>));
}

/** The `:id` (or another) path parameter as an id; anything that is not a plausible id is simply not found. */
export function readId(request: FastifyRequest, notFoundMessage = 'Not found.', param = 'id'): number {
  const id = parseId((request.params as Record<string, unknown>)[param]);
  if (id === null) throw notFound(notFoundMessage);
  return id;
}

export interface Envelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function envelope<T>(request: FastifyRequest, page: Page, count: number, results: T[]): Envelope<T> {
  const hasNext = page.offset + results.length < count;
  const hasPrevious = page.page > 1;
  // The request's URL is parsed once for both links.
  const url = hasNext || hasPrevious ? new URL(request.url, 'http://local') : null;
  const pageUrl = (n: number) => {
    url!.searchParams.set('page', String(n));
    return `${url!.pathname}${url!.search}`;
  };
  return { count, next: hasNext ? pageUrl(page.page + 1) : null, previous: hasPrevious ? pageUrl(page.page - 1) : null, results };
}
