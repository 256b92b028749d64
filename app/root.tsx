import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './app.css';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await context.services.settings.get(), user: context.user };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="bn">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900">
        <header className="bg-brand text-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
            <a href="/" className="text-xl font-bold">
              {data?.settings.shop_name ?? 'হাট'}
            </a>
            <nav className="flex gap-4 text-sm">
              <a href="/books">বই</a>
              <a href="/electronics">ইলেক্ট্রনিক্স</a>
              <a href="/stationary">স্টেশনারি</a>
            </nav>
          </div>
        </header>
        {children}
        <footer className="mt-12 border-t border-stone-200 bg-white">
          <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-stone-600">
            <p>{data?.settings.description}</p>
            <p>{data?.settings.address}</p>
          </div>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? 'পেজটি পাওয়া যায়নি (404)' : 'কিছু একটা ভুল হয়েছে'}</h1>
      <p className="mt-4">
        <a className="text-brand underline" href="/">
          হোমে ফিরে যান
        </a>
      </p>
    </main>
  );
}
