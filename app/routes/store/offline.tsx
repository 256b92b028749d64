/**
 * /offline: what the service worker shows when the network is gone — the shop's name and its
 * phone numbers, so the shopper can order by phone. The worker keeps a copy fetched without
 * cookies (no signed-in shopper in it); the page ships no scripts (see root.tsx), so the copy
 * also serves, as is, at whatever address the shopper was opening.
 */
import { data, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/offline';
import type { loader as rootLoader } from '../../root';
import { useT } from '../../lib/i18n';

export function loader({ context }: Route.LoaderArgs) {
  // Public only when nobody is signed in: then the page names no one. Otherwise the server's
  // default holds (a signed-in answer is private, no-store).
  return data(null, { headers: context.user ? {} : { 'cache-control': 'public, max-age=300' } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: 'ইন্টারনেট সংযোগ নেই' }, { name: 'robots', content: 'noindex' }];
}

export default function Offline() {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="offline">
      {root && <p className="text-lg font-bold text-brand">{root.settings.shop_name}</p>}
      <h1 className="mt-2 text-2xl font-bold">{t('ইন্টারনেট সংযোগ নেই', 'No internet connection')}</h1>
      <p className="mt-4">
        {t('সংযোগ ফিরে এলে পেজটি আবার লোড করুন। এখনই অর্ডার করতে আমাদের ফোন করুন:', 'Reload the page when you are back online. To order now, call us:')}
      </p>
      {root && root.settings.phones.length > 0 && (
        <ul className="mt-4 space-y-2 text-xl">
          {root.settings.phones.map((p) => (
            <li key={p}>
              ☎{' '}
              <a href={`tel:${p}`} className="font-bold text-brand underline" data-testid="offline-phone">
                {p}
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
