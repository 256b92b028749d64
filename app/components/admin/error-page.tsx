/** The back office's error page: a clear 403 for customers and for staff whose role does not open the screen, 404 for a missing record, and a generic failure. */
import { isRouteErrorResponse } from 'react-router';
import { ROLE_MESSAGES } from '../../../domain/roles';

export function AdminErrorPage({ error, hideStoreChrome }: { error: unknown; hideStoreChrome?: string }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null) : null;
  const message = typeof data?.message === 'string' ? data.message : null;
  // Staff are refused a screen their role does not open: they keep the way back to the dashboard.
  const staffRefused = status === 403 && message === ROLE_MESSAGES.screenForbidden;
  const title = staffRefused ? '403 — Not for your role' : status === 403 ? '403 — Admins only' : status === 404 ? '404 — Not found' : 'Something went wrong';
  const text = staffRefused
    ? message
    : status === 403
      ? 'This page is part of the back office. Your account is a customer account, so it cannot open it. Sign in with an admin account, or go back to the shop.'
      : (message ?? 'The page could not be loaded. Try again in a moment.');
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid={`admin-error-${status}`}>
      {hideStoreChrome && <style>{hideStoreChrome}</style>}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <p className="mt-6 flex justify-center gap-4">
        <a className="text-brand underline" href="/">
          Back to the shop
        </a>
        {(status !== 403 || staffRefused) && (
          <a className="text-brand underline" href="/admin">
            Dashboard
          </a>
        )}
      </p>
    </div>
  );
}

/** Child screens re-export this so a missing record keeps the sidebar around the message. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return <AdminErrorPage error={error} />;
}
