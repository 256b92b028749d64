/**
 * The back office's server-side guard and the URL reading its loaders share.
 *
 * Nobody signed in → /login?next=<this page>; a signed-in customer, or staff whose role may not
 * open this screen (screens.server.ts), → a 403 page. The admin
 * layout's loader calls it, and so must every admin loader and action: React Router runs a
 * page's loaders side by side, so a child loader that skipped the check would still compute
 * (and, on a client navigation, send) its data even though the layout refused the visitor.
 * admin-routes.test.ts walks routes.ts and fails for any admin module that forgets. The API
 * routes guard themselves as well.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { lenientQuery, pageQuery, parseId, searchTerm, toPage, type Page } from '../../../domain/queries';
import type { AuthUser } from '../../../server/accounts/sessions';
import { mayOpen } from './screens.server';
import { ROLE_MESSAGES } from '../../../domain/roles';

export const FORBIDDEN_MESSAGE = 'You do not have permission to open the back office.';
export const SCREEN_FORBIDDEN_MESSAGE = ROLE_MESSAGES.screenForbidden;

export function requireAdminPage(context: AppLoadContext, request: Request): AuthUser {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!user.is_admin) throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  if (!mayOpen(user.role, new URL(request.url).pathname)) throw data({ message: SCREEN_FORBIDDEN_MESSAGE }, { status: 403 });
  return user;
}

export const ADMIN_PAGE_SIZE = 20;

/**
 * `?page=` and `?search=` of an admin list, read leniently with the API's schemas: a bad page
 * number is page 1. A second list on the same screen pages under its own key (`?spage=`).
 */
export function listParams(request: Request, pageKey = 'page'): { page: Page; search: string } {
  const schema = z.object({ [pageKey]: pageQuery.shape.page, search: searchTerm.optional() });
  const q = lenientQuery(schema, new URL(request.url)) as { search?: string } & Record<string, number | undefined>;
  return { page: toPage({ page: q[pageKey] }, ADMIN_PAGE_SIZE), search: (q.search ?? '').trim() };
}

/** Other query values of an admin screen (a status filter, a phone number), read with `schema` leniently. */
export function filterParams<S extends z.ZodObject>(request: Request, schema: S): z.infer<S> {
  return lenientQuery(schema, new URL(request.url));
}

export function notFoundPage(what: string): never {
  throw data({ message: `${what} not found.` }, { status: 404 });
}

/** A route id parameter as an id, or a 404. */
export function idParam(raw: string | undefined, what: string): number {
  return parseId(raw) ?? notFoundPage(what);
}
