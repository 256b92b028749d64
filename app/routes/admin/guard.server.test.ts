import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { FORBIDDEN_MESSAGE, SCREEN_FORBIDDEN_MESSAGE, listParams, requireAdminPage } from './guard.server';
import { screenOf, sidebarFor } from './screens.server';

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
    const err = thrown(() => requireAdminPage(ctx({ id: 2, name: 'C', phone_number: '01812345678', is_admin: false, role: 'customer' as const }), req('/admin-books')));
    expect(err).toMatchObject({ init: { status: 403 }, data: { message: FORBIDDEN_MESSAGE } });
  });

  it('lets an admin through and returns the admin', () => {
    const admin = { id: 1, name: 'A', phone_number: '01711000000', is_admin: true, role: 'owner' as const };
    expect(requireAdminPage(ctx(admin), req('/admin'))).toBe(admin);
  });

  it("answers staff 403 on a screen their role does not open (screens.server.ts), by the URL's path, edit pages and .data requests included", () => {
    const packer = { id: 3, name: 'P', phone_number: '01911000000', is_admin: true, role: 'packer' as const };
    expect(requireAdminPage(ctx(packer), req('/admin-orders?status=Pending'))).toBe(packer);
    for (const path of ['/admin-settings', '/update-book/12', '/admin-books.data', '/admin-staff', '/admin-something-new']) {
      expect(thrown(() => requireAdminPage(ctx(packer), req(path))), path).toMatchObject({ init: { status: 403 }, data: { message: SCREEN_FORBIDDEN_MESSAGE } });
    }
  });
});

describe('screens', () => {
  it('shows each role only its own screens in the sidebar', () => {
    expect(sidebarFor('packer').map((l) => l.to)).toEqual(['/admin', '/admin-orders', '/admin-couriers', '/admin-packing', '/admin-pos']);
    expect(sidebarFor('owner').map((l) => l.to)).toContain('/admin-settings');
    expect(sidebarFor('accountant').map((l) => l.to)).not.toContain('/admin-settings');
    expect(sidebarFor('customer')).toEqual([]);
  });

  it('a static path wins over a parameter, as in the router', () => {
    expect(screenOf('/admin-promotions/new')?.path).toBe('/admin-promotions/new');
    expect(screenOf('/admin-promotions/7')?.path).toBe('/admin-promotions/:id');
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
