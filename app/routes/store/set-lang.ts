/**
 * The language switch: sets the `lang` cookie for a year and goes back to the page
 * the shopper was on (`?back=`, else the Referer), never to another site.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/set-lang';
import { LANG_COOKIE } from '../../lib/i18n';

function sameSitePath(candidate: string | null, origin: string): string | null {
  if (!candidate) return null;
  try {
    const url = new URL(candidate, origin);
    return url.origin === origin && !url.pathname.startsWith('/set-lang/') ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export function loader({ params, request }: Route.LoaderArgs) {
  const lang = params.lang === 'en' ? 'en' : 'bn';
  const url = new URL(request.url);
  const target = sameSitePath(url.searchParams.get('back'), url.origin) ?? sameSitePath(request.headers.get('referer'), url.origin) ?? '/';
  return redirect(target, { headers: { 'set-cookie': `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax` } });
}
