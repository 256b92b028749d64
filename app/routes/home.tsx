import type { Route } from './+types/home';
import { cutTitle } from '../../domain/catalog';

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.shopName ?? 'হাট' }, { name: 'description', content: data?.description ?? '' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [home, settings] = await Promise.all([context.services.catalog.home(6), context.services.settings.get()]);
  return { ...home, shopName: settings.shop_name, description: settings.description };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      {loaderData.banners[0] && (
        <img src={loaderData.banners[0].image ?? ''} alt={loaderData.banners[0].alt_text} className="aspect-[3/1] w-full rounded object-cover" />
      )}
      {loaderData.sections.map((section) => (
        <section key={section.id} className="mt-8">
          <h2 className="mb-3 text-lg font-bold">{section.name}</h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {section.products.map((p) => (
              <li key={p.id} className="rounded bg-white p-2 shadow-sm" data-testid="product-card">
                <a href={`/books/${p.id}`}>
                  <img src={p.images?.card ?? ''} alt={p.alt_text} loading="lazy" className="aspect-[3/4] w-full object-cover" />
                  <span className="mt-2 block text-sm font-semibold">{cutTitle(p.english_title)}</span>
                </a>
                <span className="text-sm">৳ {p.price}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
