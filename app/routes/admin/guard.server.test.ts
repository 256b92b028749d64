import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { FORBIDDEN_MESSAGE, listParams, requireAdminPage } from './guard.server';

const ctx = (user: AppLoadContext['user']) => ({ user }) as AppLoadContext;
const req = (path: string) => new Request(`http://shop.test${path}`);

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('requireAdminPage', () => {
  it('sends a visitor to /login with this page (and its query) as next', () => {
    const res = thrown(() => requireAdminPage(ctx(null), req('/admin-books?page=3&search=x'))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fadmin-books%3Fpage%3D3%26search%3Dx');
  });

  it('answers a signed-in customer with a 403, not the page', () => {
    const err = thrown(() => requireAdminPage(ctx({ id: 2, name: 'C', phone_number: '01812345678', is_admin: false }), req('/admin-books')));
    expect(err).toMatchObject({ init: { status: 403 }, data: { message: FORBIDDEN_MESSAGE } });
  });

  it('lets an admin through and returns the admin', () => {
    const admin = { id: 1, name: 'A', phone_number: '01711000000', is_admin: true };
    expect(requireAdminPage(ctx(admin), req('/admin'))).toBe(admin);
  });
});

describe('listParams', () => {
  it('pages at 20 and reads a bad page number as page 1', () => {
    expect(listParams(req('/admin-books?page=3&search=%20rabindranath%20'))).toEqual({ page: { page: 3, size: 20, offset: 40 }, search: 'rabindranath' });
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999']) expect(listParams(req(`/x?page=${bad}`)).page.page).toBe(1);
  });

  it('reads a second pager under its own key', () => {
    expect(listParams(req('/admin-books?page=2&spage=4'), 'spage').page).toEqual({ page: 4, size: 20, offset: 60 });
  });
});
