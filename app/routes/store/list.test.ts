/**
 * Issue 36, a curated list's page and where it is linked from: `/list/{slug}` loads a live list's
 * cards in its order with a description and a canonical address, and is the 404 page otherwise;
 * the sitemap names live lists only; the home page shows live lists marked for it, linking to
 * their pages. Loaders against the real services (both dialects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { createTestApp, type Signed, type TestApp } from '../../../server/test/app';
import { testDialect } from '../../../server/test/database';
import { insertProduct } from '../../../server/test/orders-fixtures';
import { loader as listLoader, meta as listMeta } from './list';
import { loader as sitemapLoader } from './sitemap';
import { loader as homeLoader } from '../home';

const BASE = 'http://shop.test';
type AnyLoader = (args: never) => unknown;
async function run<L extends AnyLoader>(loader: L, path: string, context: AppLoadContext, params: Record<string, string> = {}) {
  return (await (loader as unknown as (a: unknown) => unknown)({ request: new Request(BASE + path), params, context })) as Awaited<ReturnType<L>>;
}
async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    const init = (e as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw e;
  }
  return 200;
}

describe(`the curated list's page (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;
  let context: AppLoadContext;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.signIn({ role: 'manager' });
    context = { services: t.services, user: null } as unknown as AppLoadContext;
  });
  afterAll(async () => {
    await t.close();
  });

  const make = async (fields: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/list/', headers: manager.headers, payload: { title: 'বইমেলা ২০২৬', title_en: 'Book fair 2026', ...fields } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };

  it('loads a live list: its cards in order, its titles, a canonical address; meta names it in Bengali or English', async () => {
    const [a, b] = [await insertProduct(t.services.database.db, { title: 'First book' }), await insertProduct(t.services.database.db, { title: 'Second book' })];
    const list = await make({ slug: 'fair-page', products: [b, a] });
    const d = await run(listLoader, '/list/fair-page', context, { slug: 'fair-page' });
    expect(d.results.map((p) => p.id)).toEqual([b, a]);
    expect(d.list).toEqual({ title: 'বইমেলা ২০২৬', title_en: 'Book fair 2026', slug: list.slug });
    expect(d.url).toBe(`${BASE}/list/fair-page`);
    const tags = (lang: 'bn' | 'en') => listMeta({ data: d, matches: [{ data: { lang, settings: { shop_name: 'হাট' } } }] } as never) as unknown as Record<string, string>[];
    expect(tags('bn')).toEqual(expect.arrayContaining([{ title: 'বইমেলা ২০২৬ | হাট' }, { tagName: 'link', rel: 'canonical', href: `${BASE}/list/fair-page` }]));
    expect(tags('bn').find((m) => m.name === 'description')?.content).toBe('বইমেলা ২০২৬ — ২টি পণ্য: Second book, First book');
    expect(tags('en')[0]).toEqual({ title: 'Book fair 2026 | হাট' });
    const second = await run(listLoader, '/list/fair-page?page=2', context, { slug: 'fair-page' });
    expect(second.url).toBe(`${BASE}/list/fair-page?page=2`);
  });

  it('a list switched off, ended or unknown is the 404 page', async () => {
    await make({ slug: 'fair-off', is_active: false });
    await make({ slug: 'fair-ended', starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-02-01T00:00:00Z' });
    for (const slug of ['fair-off', 'fair-ended', 'no-such-list']) expect(await status(run(listLoader, `/list/${slug}`, context, { slug })), slug).toBe(404);
  });

  it('the sitemap names live lists and not the others', async () => {
    await make({ slug: 'fair-mapped' });
    await make({ slug: 'fair-hidden', is_active: false });
    const body = await ((await run(sitemapLoader, '/sitemap.xml', context)) as Response).text();
    expect(body).toContain(`<loc>${BASE}/list/fair-mapped</loc>`);
    expect(body).not.toContain('/list/fair-hidden');
  });

  it('the home page shows live lists marked for it as sections with their cards', async () => {
    const a = await insertProduct(t.services.database.db);
    await make({ slug: 'fair-home', show_on_home: true, products: [a] });
    await make({ slug: 'fair-not-home', products: [a] });
    const d = await run(homeLoader, '/', context);
    expect(d.lists.map((l) => [l.slug, l.title, l.title_en, l.products.map((p) => p.id)])).toEqual([['fair-home', 'বইমেলা ২০২৬', 'Book fair 2026', [a]]]);
  });
});
