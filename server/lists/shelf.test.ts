/**
 * Issue 36, curated lists for shoppers: `GET /api/list/{slug}/products/` answers a live list's
 * active products in its order, in the envelope, with the same product answers as the other
 * product lists; a list switched off, not yet started or ended is 404. The home page's sections
 * and the sitemap take only live lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertProduct } from '../test/orders-fixtures';

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe(`curated lists for shoppers (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;
  let slugs = 0;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.signIn({ role: 'manager' });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.services.database.db;
  const make = async (fields: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/list/', headers: manager.headers, payload: { title: 'নতুন বই', slug: `fair-${++slugs}`, ...fields } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string };
  };
  const products = (slug: string, query = '') => t.app.inject({ url: `/api/list/${slug}/products/${query}` });
  const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((p) => p.id);

  it("answers a live list's products in its order, in the envelope, as the product list answers them", async () => {
    const [a, b, c] = [await insertProduct(db(), { title: 'Alpha' }), await insertProduct(db(), { title: 'Beta' }), await insertProduct(db(), { title: 'Gamma' })];
    const list = await make({ products: [b, c, a] });
    const res = await products(list.slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 3, next: null, previous: null });
    expect(ids(res)).toEqual([b, c, a]);
    const same = (await t.app.inject({ url: `/api/product/${b}/` })).json();
    expect(res.json().results[0]).toEqual(same);
  });

  it('pages in the list order with next and previous', async () => {
    const all = [];
    for (let i = 0; i < 5; i++) all.push(await insertProduct(db()));
    const list = await make({ products: all });
    const second = await products(list.slug, '?page=2&page_size=2');
    expect(ids(second)).toEqual(all.slice(2, 4));
    expect(second.json()).toMatchObject({ count: 5, next: `/api/list/${list.slug}/products/?page=3&page_size=2`, previous: `/api/list/${list.slug}/products/?page=1&page_size=2` });
  });

  it('inactive products are skipped, and counted out', async () => {
    const a = await insertProduct(db());
    const off = await insertProduct(db(), { is_active: false });
    const b = await insertProduct(db());
    const list = await make({ products: [a, off, b] });
    const res = await products(list.slug);
    expect(ids(res)).toEqual([a, b]);
    expect(res.json().count).toBe(2);
  });

  it('a list switched off, not yet started or ended is 404; an unknown or malformed slug too', async () => {
    const a = await insertProduct(db());
    const off = await make({ products: [a], is_active: false });
    const later = await make({ products: [a], starts_at: at(HOUR) });
    const ended = await make({ products: [a], starts_at: at(-2 * HOUR), ends_at: at(-HOUR) });
    const open = await make({ products: [a], starts_at: at(-HOUR), ends_at: at(HOUR) });
    for (const slug of [off.slug, later.slug, ended.slug, 'no-such-list', 'Not%20A%20Slug']) expect((await products(slug)).statusCode, slug).toBe(404);
    expect((await products(open.slug)).statusCode).toBe(200);
  });

  it('a product in two lists shows in both; deleted, it leaves both without breaking them', async () => {
    const [a, b] = [await insertProduct(db()), await insertProduct(db())];
    const one = await make({ products: [a, b] });
    const two = await make({ products: [b, a] });
    expect(ids(await products(one.slug))).toEqual([a, b]);
    expect(ids(await products(two.slug))).toEqual([b, a]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${a}/`, headers: manager.headers })).statusCode).toBe(200);
    expect(ids(await products(one.slug))).toEqual([b]);
    expect(ids(await products(two.slug))).toEqual([b]);
  });

  it('anyone may read a live list: no sign-in needed', async () => {
    const list = await make({ products: [await insertProduct(db())] });
    const customer = await t.signIn();
    expect((await t.app.inject({ url: `/api/list/${list.slug}/products/`, headers: customer.headers })).statusCode).toBe(200);
    expect((await products(list.slug)).statusCode).toBe(200);
  });

  it('the home page takes live lists marked for it, lowest position first, their first products, at once after a write', async () => {
    const [a, b, c] = [await insertProduct(db()), await insertProduct(db()), await insertProduct(db())];
    const second = await make({ products: [c, a], show_on_home: true, home_position: 5 });
    const first = await make({ title: 'প্রথম', title_en: 'First', products: [a, b, c], show_on_home: true, home_position: 1 });
    await make({ products: [a], show_on_home: false });
    await make({ products: [a], show_on_home: true, is_active: false });
    await make({ products: [a], show_on_home: true, ends_at: at(-HOUR), starts_at: at(-2 * HOUR) });
    const sections = await t.services.lists.shelf.homeSections(2);
    expect(sections.map((s) => [s.slug, s.products.map((p) => p.id)])).toEqual([
      [first.slug, [a, b]],
      [second.slug, [c, a]],
    ]);
    expect(sections[0]).toMatchObject({ title: 'প্রথম', title_en: 'First' });
    await t.app.inject({ method: 'PUT', url: `/api/list/${first.id}/`, headers: manager.headers, payload: { show_on_home: false } });
    expect((await t.services.lists.shelf.homeSections(2)).map((s) => s.slug)).toEqual([second.slug]);
  });

  it('the sitemap names live lists only', async () => {
    const live = await make({ products: [] });
    const off = await make({ products: [], is_active: false });
    const slugsLive = (await t.services.lists.shelf.liveLists()).map((l) => l.slug);
    expect(slugsLive).toContain(live.slug);
    expect(slugsLive).not.toContain(off.slug);
  });
});
