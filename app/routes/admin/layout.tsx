/** The back office frame: the sidebar of its screens, the Profile dialog, and the 403 page. */
import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { requireAdminPage } from './guard.server';
import { sidebarFor } from './screens.server';
import { ROLE_LABELS } from '../../../domain/roles';
import { sendApi } from '../../components/form/api';
import { FieldLook } from '../../components/form/field';
import { Button } from '../../components/admin/buttons';
import { AdminErrorPage } from '../../components/admin/error-page';
import { LangProvider } from '../../lib/i18n';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const settings = await context.services.settings.get();
  // Each role sees only its own screens (screens.server.ts); the shop's front page is everyone's.
  const links = [{ to: '/', label: 'Shop' }, ...sidebarFor(user.role)];
  return { user: { name: user.name, phone_number: user.phone_number, role: ROLE_LABELS[user.role].en }, shopName: settings.shop_name, links };
}

export function meta() {
  return [{ title: 'Back office' }, { name: 'robots', content: 'noindex' }];
}


// The storefront's header and footer belong to the shop, not the back office (and never to
// a printed invoice). The root layout renders them around every page, so they are hidden here.
const HIDE_STORE_CHROME = 'body > header, body > footer, [data-store-chrome] { display: none !important; }';

function ProfileDialog({ phone, name }: { phone: string; name: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" onClick={() => ref.current?.showModal()} className="w-full rounded px-3 py-2 text-left text-sm hover:bg-white/10">
        Profile
      </button>
      <dialog ref={ref} className="m-auto w-full max-w-sm rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="profile-dialog">
        <h2 className="mb-3 text-lg font-bold">Profile</h2>
        {name && <p className="text-sm">{name}</p>}
        <p className="text-sm">
          Phone: <span data-testid="profile-phone">{phone}</span>
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button kind="secondary" onClick={() => ref.current?.close()}>
            Close
          </Button>
          <Button
            kind="danger"
            onClick={async () => {
              await sendApi('POST', '/logout/', {});
              window.location.assign('/');
            }}
          >
            Logout
          </Button>
        </div>
      </dialog>
    </>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-100 md:flex-row">
      <style>{HIDE_STORE_CHROME}</style>
      <aside className="no-print top-0 z-30 flex shrink-0 flex-col bg-stone-900 text-stone-100 md:sticky md:h-screen md:w-44" data-testid="admin-sidebar">
        <div className="hidden border-b border-white/10 px-3 py-4 md:block">
          <div className="text-base font-bold">{loaderData.shopName}</div>
          <div className="text-xs text-stone-400">
            Back office · <span data-testid="admin-role">{loaderData.user.role}</span>
          </div>
        </div>
        <nav className="flex overflow-x-auto py-1 md:block md:flex-1 md:overflow-y-auto md:py-2" aria-label="Back office">
          {loaderData.links.map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              end
              // The counter loads as a document of its own: only its page may ask for the camera (Permissions-Policy is per document).
              reloadDocument={to === '/' || to === '/admin-pos'}
              className={({ isActive }) => `block px-3 py-1.5 text-sm whitespace-nowrap ${isActive && to !== '/' ? 'bg-brand font-semibold text-white' : 'hover:bg-white/10'}`}
            >
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-white/10 p-1 md:p-2">
          <ProfileDialog phone={loaderData.user.phone_number} name={loaderData.user.name} />
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-3 md:p-5 print:p-0">
        {/* The back office is written in English and its forms are long: its screens say so once, here. */}
        <LangProvider value="en">
          <FieldLook value="compact">
            <Outlet />
          </FieldLook>
        </LangProvider>
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <AdminErrorPage error={error} />
    </main>
  );
}
