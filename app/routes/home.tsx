/** Home: banners, popular categories, the curated lists marked for it, one book carousel per home section, authors and publishers. */
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import type { loader as rootLoader } from '../root';
import { cutTitle } from '../../domain/catalog';
import { useT } from '../lib/i18n';
import { Carousel } from '../components/carousel';
import { ProductCard, cardFields } from '../components/product-card';
import { PersonGrid, personFields } from '../components/person-card';
import { categoryPath } from '../../domain/store-paths';
import { BANNER_SIZES, BANNER_WIDTHS, CAROUSEL_CARD_SIZES, srcSetOf } from '../lib/images';
import { Picture } from '../components/picture';

export function meta({ matches, data }: Route.MetaArgs) {
  const settings = (matches[0]?.data as { settings?: { shop_name: string; description: string } } | undefined)?.settings;
  const banner = data?.banners[0]?.images;
  return [
    { title: settings?.shop_name ?? '' },
    { name: 'description', content: settings?.description ?? '' },
    // The first banner is the phone's largest paint: asked for at the top of <head>, ahead of the
    // scripts, the same file the <img> picks (same srcset and sizes). React's own hoisted preload
    // of the <img> has no href and was fetched ~400 ms later on a 1.6 Mbit/s phone (LCP 2.1 s → 1.0 s).
    ...(banner ? [{ tagName: 'link', rel: 'preload', as: 'image', href: banner.card, imageSrcSet: srcSetOf(banner, BANNER_WIDTHS), imageSizes: BANNER_SIZES, fetchPriority: 'high' }] : []),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [home, lists] = await Promise.all([context.services.catalog.home(12), context.services.lists.shelf.homeSections(12)]);
  // Only what the cards show travels to the browser: the page stays light on a phone.
  return {
    banners: home.banners.map((b) => ({ id: b.id, image: b.image, images: b.images, alt_text: b.alt_text, url: b.url })),
    sections: home.sections.map((s) => ({ id: s.id, name: s.name, products: s.products.map(cardFields) })),
    lists: lists.map((l) => ({ id: l.id, slug: l.slug, title: l.title, title_en: l.title_en, products: l.products.map(cardFields) })),
    authors: home.authors.slice(0, 6).map(personFields),
    publishers: home.publishers.slice(0, 6).map(personFields),
  };
}

function SectionHeading({ title, to }: { title: string; to: string }) {
  const t = useT();
  return (
    <div className="h-sec">
      <h2 className="text-lg font-bold">{title}</h2>
      <Link to={to} className="shrink-0 text-sm text-brand hover:underline">
        {t('সবগুলো দেখুন', 'See all')} →
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { banners, sections, lists, authors, publishers } = loaderData;
  return (
    <main className="wrap space-y-10 py-6">
      <h1 className="sr-only">{root?.settings.shop_name}</h1>
      {banners.length > 0 && (
        <Carousel
          single
          interval={1000}
          label={t('ব্যানার', 'Banners')}
          slides={banners.map((b, i) => {
            // The first banner is the page's largest picture on a phone: fetched first, never lazily.
            const img = (
              <Picture
                images={b.images}
                widths={BANNER_WIDTHS}
                sizes={BANNER_SIZES}
                fallback={b.image ?? ''}
                alt={b.alt_text}
                width={1440}
                height={480}
                priority={i === 0}
                className="aspect-[3/1] w-full rounded-lg bg-stone-200 object-cover"
              />
            );
            return b.url ? (
              <a href={b.url} className="block">
                {img}
              </a>
            ) : (
              img
            );
          })}
        />
      )}

      {root && root.menu.length > 0 && (
        <section>
          <SectionHeading title={t('জনপ্রিয় ক্যাটাগরি', 'Popular categories')} to="/categories" />
          <Carousel
            interval={2000}
            label={t('জনপ্রিয় ক্যাটাগরি', 'Popular categories')}
            slides={root.menu.map((c) => (
              <Link to={categoryPath(c.name)} className="card block p-2 text-center hover:ring-brand" title={c.name}>
                <img src="/placeholder-category.svg" alt="" width={240} height={160} loading="lazy" decoding="async" className="aspect-[3/2] w-full rounded" />
                <span className="mt-1 block text-sm font-semibold">{cutTitle(c.name)}</span>
              </Link>
            ))}
          />
        </section>
      )}

      {lists.map((l) => (
        <section key={`list-${l.id}`} data-testid="home-list" className="below-fold">
          <SectionHeading title={t(l.title, l.title_en || l.title)} to={`/list/${l.slug}`} />
          <Carousel interval={1000} label={t(l.title, l.title_en || l.title)} slides={l.products.map((p) => <ProductCard p={p} cut sizes={CAROUSEL_CARD_SIZES} />)} />
        </section>
      ))}

      {sections.filter((s) => s.products.length).map((s) => (
        <section key={s.id} data-testid="home-section" className="below-fold">
          <SectionHeading title={s.name} to={categoryPath(s.name)} />
          <Carousel interval={1000} label={s.name} slides={s.products.map((p) => <ProductCard p={p} cut sizes={CAROUSEL_CARD_SIZES} />)} />
        </section>
      ))}

      <section className="below-fold">
        <SectionHeading title={t('আমাদের লেখক', 'Our authors')} to="/authors" />
        <PersonGrid people={authors.slice(0, 6)} base="/authors" six />
      </section>
      <section className="below-fold">
        <SectionHeading title={t('আমাদের প্রকাশক', 'Our publishers')} to="/publishers" />
        <PersonGrid people={publishers.slice(0, 6)} base="/publishers" six />
      </section>
    </main>
  );
}
