/**
 * The back office's one server-side guard (issue 8). Every admin loader calls it first:
 * nobody signed in → /login?next=<this page>; a signed-in customer → a 403 page.
 * The API routes guard themselves as well (requireAdmin); this keeps the pages from ever
 * rendering shop data to someone who may not see it.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import type { AuthUser } from '../../../server/accounts/sessions';
import type { Page } from '../../../server/http/pagination';

export const FORBIDDEN_MESSAGE = 'You do not have permission to open the back office.';

export function requireAdminPage(context: AppLoadContext, request: Request): AuthUser {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!user.is_admin) throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return user;
}

export const ADMIN_PAGE_SIZE = 20;

/** `?page=` and `?search=` of an admin list, read leniently: a bad page number is page 1. */
export function listParams(request: Request, pageKey = 'page'): { page: Page; search: string } {
  const url = new URL(request.url);
  const n = Number(url.searchParams.get(pageKey) ?? '1');
  const page = Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  return { page: { page, size: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }, search };
}

export function notFoundPage(what: string): never {
  throw data({ message: `${what} not found.` }, { status: 404 });
}

/** A route id parameter as a positive integer, or a 404. */
export function idParam(raw: string | undefined, what: string): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) notFoundPage(what);
  return id;
}
