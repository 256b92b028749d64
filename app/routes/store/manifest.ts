/** /manifest.webmanifest: what a phone needs to install the shop, from the shop's settings (its Bengali name first). */
import type { Route } from './+types/manifest';

export const THEME_COLOR = '#0f766e';
/** The page background (Tailwind's stone-50), shown on the splash screen while the shop opens. */
export const BACKGROUND_COLOR = '#fafaf9';

/** A launcher label: the whole name when short, else its first word, else its first 12 characters. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if ([...trimmed].length <= 12) return trimmed;
  const first = trimmed.split(/\s+/)[0]!;
  return [...first].length <= 12 ? first : [...first].slice(0, 12).join('');
}

export function webManifest(settings: { shop_name: string; description: string }) {
  return {
    id: '/',
    name: settings.shop_name,
    short_name: shortNameOf(settings.shop_name),
    description: settings.description,
    lang: 'bn',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return new Response(JSON.stringify(webManifest(settings)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
