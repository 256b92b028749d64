/** The language switch (issue 7): sets the `lang` cookie for a year and goes back where the shopper was. */
import { redirect } from 'react-router';
import type { Route } from './+types/set-lang';
import { LANG_COOKIE } from '../../lib/i18n';

export function loader({ params, request }: Route.LoaderArgs) {
  const lang = params.lang === 'en' ? 'en' : 'bn';
  const back = new URL(request.url).searchParams.get('back') ?? '/';
  // Only a path on this site: never an open redirect.
  const target = back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\') ? back : '/';
  return redirect(target, { headers: { 'set-cookie': `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax` } });
}
