/**
 * The shapes every module's answers share, in zod for the OpenAPI document (route-docs.ts
 * `response`): the list envelope of pagination.ts and the `{status, message}` of a done write.
 */
import { z } from 'zod';

/** A page of a list: `{count, next, previous, results}` (pagination.ts envelope); the links keep the query. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.int().min(0).describe('How many there are in all'),
    next: z.string().nullable().describe("The next page's address (path and query), null on the last"),
    previous: z.string().nullable().describe("The previous page's address, null on the first"),
    results: z.array(item),
  });
}

/** A write done: `{status: 200, message}` and what the route adds. */
export const messageAnswer = z.object({ status: z.int(), message: z.string() });
