/**
 * Accessibility (issue 37): axe-core finds no WCAG 2.2 A/AA violation on any storefront page or
 * back-office screen, on a 360 px phone and a 1280 px desktop. The storefront is checked signed
 * out, and signed in with a book in the cart (cart, checkout, orders, wishlist); the back office
 * as its owner, every screen of ADMIN_SCREENS with its `:id` filled from the demo shop's data.
 * Two best-practice rules the issue's audit found broken (heading order, empty table headers)
 * are checked too. A failure lists each violation's rule, impact, width and the elements it names.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN_SCREENS } from '../app/routes/admin/screens.server';
import { shopTest, type Shopper } from './harness';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Best-practice rules (no WCAG tag) the audit of issue 37 found broken, kept fixed too. */
const ALSO = ['heading-order', 'empty-table-header'];
const WIDTHS = [
  { name: 'phone', options: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 900 } } },
] as const satisfies { name: string; options: BrowserContextOptions }[];
const CUSTOMER: Shopper = { name: 'Axe Reader', phone_number: '01766000777', password: 'axe-reader-pass-1' };
const LIST_SLUG = 'axe-list';

type Session = BrowserContextOptions['storageState'];

/** The storefront's pages; `{name}` is filled from the file's `scene`. */
const STORE_PAGES = [
  '/',
  '/books',
  '/electronics',
  '/stationary',
  '/books/{book}',
  '/electronics/{electronics}',
  '/stationary/{stationery}',
  '/categories',
  '{category}',
  '/authors',
  '/publishers',
  '{author}',
  '{publisher}',
  '/search?q={query}',
  `/list/${LIST_SLUG}`,
  '/track',
  '/c/not-a-link',
  '/printing-service',
  '/custom-order',
  '/offline',
  '/cart',
  '/register',
  '/login',
  '/forget-password',
  '/verify-otp',
  '/reset-password',
  '/no-such-page',
];
/** Pages of a signed-in customer with a book in the cart. */
const CUSTOMER_PAGES = ['/cart', '/checkout', '/order', '/wishlist', `/track?order={order}&phone=${CUSTOMER.phone_number}`];

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, { customer: CUSTOMER, pageTimeout: 30_000 })
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length))
  /** A book, an electronics item and a stationery item of the demo shop, a category, an author, a publisher, a live curated list and an order. */
  .extend('scene', { scope: 'file' }, async ({ api, staff, url }) => {
    const catalogue = await api.products('page=1&page_size=100');
    const of = (type: string) => catalogue.find((p) => p.type === type && p.is_active && p.units_stock > 0 && p.price > 0)!;
    const book = of('books');
    const first = async (page: string, re: RegExp) => {
      const found = re.exec(await (await fetch(url(page))).text())?.[1];
      if (!found) throw new Error(`no link on ${page}`);
      return found;
    };
    const made = await api.json<{ id: number }>(staff, 'POST', '/api/list/', {
      title: 'সবার জন্য পড়া',
      title_en: 'Reading for everyone',
      slug: LIST_SLUG,
      products: [book.id],
      starts_at: new Date(Date.now() - 3600_000).toISOString(),
      show_on_home: true,
    });
    expect(made.status).toBe(201);
    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const order = await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }]);
    return {
      book: String(book.id),
      order: String(order),
      query: encodeURIComponent(book.english_title.split(' ')[0]!),
      electronics: String(of('electronics').id),
      stationery: String(of('stationary').id),
      category: await first('/', /data-testid="home-section"[\s\S]*?href="(\/category\/[^"]+)"/),
      author: await first('/authors', /href="(\/authors\/[^"?]+)"/),
      publisher: await first('/publishers', /href="(\/publishers\/[^"?]+)"/),
    } as Record<string, string>;
  })
  /** The signed-in customer's cookies, with the book in the cart. */
  .extend('customerSession', { scope: 'file' }, async ({ browser, url, scene }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto(url('/login?next=/'), { waitUntil: 'networkidle' });
    await page.getByLabel('ফোন নাম্বার', { exact: true }).fill(CUSTOMER.phone_number);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'সাইন ইন' }).last().click();
    await page.waitForURL(url('/'));
    await page.goto(url(`/books/${scene.book}`), { waitUntil: 'networkidle' });
    await page.getByTestId('product-actions').getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
    await page.getByTestId('cart-badge').waitFor();
    const session: Session = await context.storageState();
    await context.close();
    return session;
  })
  /** The owner's cookies, and each `:id` screen's path filled from the scene or from the first link on its list. */
  .extend('owner', { scope: 'file' }, async ({ adminPage, scene }) => {
    const { context, page } = await adminPage('/admin');
    const linkOn = async (list: string, prefix: string) => {
      await page.goto(new URL(list, page.url()).toString(), { waitUntil: 'networkidle' });
      const href = await page.locator(`a[href^="${prefix}"]:not([href$="/new"])`).first().getAttribute('href');
      if (!href) throw new Error(`no ${prefix} link on ${list}`);
      return href.split('?')[0]!;
    };
    const paths: Record<string, string> = {
      '/order-invoice/:id': `/order-invoice/${scene.order}`,
      '/update-book/:id': `/update-book/${scene.book}`,
      '/update-electronics/:id': `/update-electronics/${scene.electronics}`,
      '/update-stationary/:id': `/update-stationary/${scene.stationery}`,
      '/admin-stock-history/:id': `/admin-stock-history/${scene.book}`,
      '/update-category/:id': await linkOn('/admin-categories', '/update-category/'),
      '/update-author/:id': await linkOn('/admin-authors', '/update-author/'),
      '/update-publisher/:id': await linkOn('/admin-publishers', '/update-publisher/'),
      '/admin-promotions/:id': await linkOn('/admin-promotions', '/admin-promotions/'),
      '/admin-lists/:id': await linkOn('/admin-lists', '/admin-lists/'),
    };
    const session: Session = await context.storageState();
    await context.close();
    return { session, paths };
  });

interface Finding {
  rule: string;
  impact: string;
  width: string;
  targets: string[];
}

/**
 * Scrolls to the end and back, as a reader does. Sections below the fold (`.below-fold`:
 * content-visibility) are laid out only once near the screen, in a placeholder box until then;
 * axe would otherwise measure their text against the page behind that box.
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}

/** Opens `path` at both widths (in a session, when given), runs axe on each and answers one finding per violated rule. */
async function audit(browser: Browser, address: string, session?: Session): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const { name, options } of WIDTHS) {
    const context = await browser.newContext({ ...options, storageState: session });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto(address, { waitUntil: 'networkidle' });
    await scrollThrough(page);
    // One run of axe a page and width (it cannot take tags and rules at once): the WCAG tags and
    // best practice, keeping best practice's findings only for the rules in ALSO.
    const { violations: all } = await new AxeBuilder({ page }).withTags([...TAGS, 'best-practice']).analyze();
    const violations = all.filter((v) => ALSO.includes(v.id) || v.tags.some((tag) => TAGS.includes(tag)));
    found.push(...violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', width: name, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${contrast(n.any[0]?.data)}`) })));
    await context.close();
  }
  if (found.length) console.info(`axe on ${address}:\n${found.map((f) => `  ${f.rule} (${f.impact}) at ${f.width}: ${f.targets.join(' | ')}`).join('\n')}`);
  return found;
}

/** A contrast finding's colours and ratio, as axe measured them. */
const contrast = (d: unknown) => {
  const c = d as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
  return c?.contrastRatio ? ` (${c.fgColor} on ${c.bgColor}: ${c.contrastRatio})` : '';
};

/** `{name}` in a page's path, from the scene. */
const fill = (path: string, scene: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, k: string) => scene[k] ?? `{${k}}`);

describe('accessibility (axe, WCAG 2.2 A/AA): no violation at 360 and 1280 px', () => {
  for (const path of STORE_PAGES)
    test(`storefront ${path}, signed out`, async ({ browser, url, scene }) => {
      expect(await audit(browser, url(fill(path, scene)))).toEqual([]);
    });

  for (const path of CUSTOMER_PAGES)
    test(`storefront ${path}, signed in with a book in the cart`, async ({ browser, url, scene, customerSession }) => {
      expect(await audit(browser, url(fill(path, scene)), customerSession)).toEqual([]);
    });

  for (const screen of ADMIN_SCREENS)
    test(`back office ${screen.path}, as the owner`, async ({ browser, url, owner }) => {
      const path = screen.path.includes(':') ? owner.paths[screen.path] : screen.path;
      expect(path, `a ${screen.path} to open`).toBeTruthy();
      expect(await audit(browser, url(path!), owner.session)).toEqual([]);
    });
});
