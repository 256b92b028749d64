import { createContext, useContext } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { BOOKS_CATEGORY } from '../domain/catalog';
import { publicSettings } from '../domain/settings';
import { LangProvider, langFromCookie, useT } from './lib/i18n';
import { Notices } from './components/notices';
import { Header, type MenuCategory } from './components/header';
import { Footer } from './components/footer';
import { ServerOnly } from './components/server-only';
import { srcSetOf } from './lib/images';
import { ScrollTopButton } from './components/scroll-top';
import { catalog } from './routes/store/catalog.server';
import type { ApiCategory } from './lib/api-types.server';
import './app.css';
// The Bengali text face, preloaded so text shows in it early on a slow phone (the same hashed file app.css names).
import bengaliFont from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';

/** The request's Content-Security-Policy nonce, given by app/entry.server.tsx; none in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

const ZOD_JITLESS = '(globalThis.__zod_globalConfig ||= {}).jitless = true;';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: bengaliFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // Installable: the manifest (app/routes/store/manifest.ts) and the home-screen icon for iOS.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

function menuOf(tree: ApiCategory | null): MenuCategory[] {
  return (tree?.children ?? []).map((c) => ({ id: c.id, name: c.name, children: (c.children ?? []).map((s) => ({ id: s.id, name: s.name })) }));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = catalog(context);
  // The header's menu and logo must never take a page down with them.
  const [settings, tree, logos, promotions] = await Promise.all([
    context.services.settings.get(),
    c.categoryTree(BOOKS_CATEGORY).catch(() => null),
    c.listLogos().catch(() => []),
    // The automatic promotions' badges on product cards (remembered for seconds by the service).
    context.services.promotions.badges().catch(() => []),
  ]);
  const logo = logos[0];
  return {
    // Every page carries these to the browser: staff-only settings stay out.
    settings: publicSettings(settings),
    user: context.user,
    lang: langFromCookie(request.headers.get('cookie')),
    menu: menuOf(tree),
    promotions,
    // The logo is laid out at most 120 px wide: a DPR 2 phone takes the 360 px file, not the blurry 160.
    logo: logo?.images ? { src: logo.images.thumb, srcSet: srcSetOf(logo.images), alt: logo.alt_text } : null,
  };
}

// The layout's data changes with the session and the language, not with each page visited:
// plain navigations (links, GET forms) don't reload it; actions and explicit revalidations do.
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((!formMethod || formMethod === 'GET') && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = data?.lang ?? 'bn';
  // The back office has its own frame. The shop's header and footer stay in the page, hidden,
  // because their server-rendered parts cannot be rebuilt in the browser.
  const matches = useMatches();
  const backOffice = matches.some((m) => m.id === 'routes/admin/layout');
  // The offline page ships no scripts: the service worker shows its kept copy at any address,
  // where hydrating would not match (app/routes/store/offline.tsx).
  const offline = matches.some((m) => m.id === 'offline');
  const nonce = useContext(NonceContext);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        {/* Before any module: zod must not probe `new Function`, which the CSP reports as a violation. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 font-sans text-stone-900">
        <LangProvider value={lang}>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
            {lang === 'en' ? 'Skip to content' : 'মূল অংশে যান'}
          </a>
          <div hidden={backOffice}>{data && <Header settings={data.settings} user={data.user} logo={data.logo} menu={data.menu} lang={lang} />}</div>
          <div id="main" className="flex-1">
            {children}
          </div>
          <div hidden={backOffice}>{data && <ServerOnly>{import.meta.env.SSR && <Footer settings={data.settings} />}</ServerOnly>}</div>
          <ScrollTopButton />
          <Notices />
        </LangProvider>
        {!offline && <ScrollRestoration nonce={nonce} />}
        {!offline && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? t('৪০৪ — দুঃখিত, পেজটি পাওয়া যায়নি', '404 — Sorry, this page was not found') : t('কিছু একটা ভুল হয়েছে', 'Something went wrong');
  return (
    <main className="wrap py-16 text-center">
      {/* The route that failed gives no meta: the page still needs a title (React puts it in the head). */}
      <title>{heading}</title>
      <h1 data-testid={notFound ? 'not-found' : 'error'} className="text-2xl font-bold">
        {heading}
      </h1>
      <a className="btn-lg mt-6 inline-block" href="/">
        {t('হোমে ফিরে যান', 'Back to home')}
      </a>
    </main>
  );
}
