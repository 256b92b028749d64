/** The list envelope of decisions §2: `{count, next, previous, results}`, 20 a page, `page_size` up to 100. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuery = z.object({
  page: z.coerce.number({ message: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be 1 or more.').optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}.`).optional(),
});

export interface Page {
  page: number;
  size: number;
  offset: number;
}

export function toPage(q: { page?: number | undefined; page_size?: number | undefined }): Page {
  const page = q.page ?? 1;
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: (page - 1) * size };
}

export interface Envelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

export function envelope<T>(request: FastifyRequest, page: Page, count: number, results: T[]): Envelope<T> {
  return {
    count,
    next: page.offset + results.length < count ? pageUrl(request, page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(request, page.page - 1) : null,
    results,
  };
}
