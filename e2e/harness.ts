/**
 * `shopTest`: the browser journeys' fixtures (vitest's `test.extend`, as the Epic Stack's
 * tests/playwright-utils.ts does for Playwright), so that a journey file holds its journeys and
 * no setup. Once per file: the built server on a fresh demo shop and headless Chromium (both
 * started before the first journey), the shopper's desktop `page`, whose page errors land in
 * `errors`, the `api` helpers, sign-in for a customer and the admin, and loopback fakes of the
 * gateways and couriers, started only where a file asks for them. What differs per file it
 * says in `shopOptions` (`shopTest.extend('shopOptions', { scope: 'file' }, …)`).
 */
import { test, type TestAPI } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFakeBkash, type FakeBkash } from '../server/payments/gateways/bkash/fake';
import { startFakePathao, type FakePathao } from '../server/shipments/couriers/pathao/fake';
import { startFakeSslcommerz, type FakeSslcommerz } from '../server/payments/gateways/sslcommerz/fake';
import { startFakeSteadfast, type FakeSteadfast } from '../server/shipments/couriers/steadfast/fake';
import { fromBengaliDigits } from '../domain/bengali-digits';
import { ADMIN, launchBrowser, startServer, type RunningServer } from './processes';
import { shopApi, type ShopApi, type Shopper } from './shop-api';

export { ADMIN, screenshot } from './processes';
export type { ApiProduct, ShopApi, Shopper } from './shop-api';

interface ShopOptions {
  /** Added to the server's environment (the fakes' addresses, say). */
  env?: Record<string, string>;
  /** The host the shop is reached as (see startServer). */
  publicHost?: string;
  /** A customer registered over the API before the first journey. */
  customer?: Shopper;
  /** The shopper page's default wait, in ms. */
  pageTimeout?: number;
}

type Viewport = { width: number; height: number };

interface ShopFixtures {
  shopOptions: ShopOptions;
  server: RunningServer;
  browser: Browser;
  /** The shop's address for a path. */
  url: (path: string) => string;
  /** Page errors of the file's shopper and admin pages; a journey expects none at its end. */
  errors: string[];
  api: ShopApi;
  /** The customer of `shopOptions`, registered. */
  customer: Shopper;
  /** A desktop context of its own and its page, whose page errors land in `errors`. */
  shopperPage: () => Promise<{ context: BrowserContext; page: Page }>;
  /** The shopper's page (a `shopperPage`), signed out until `signIn`. */
  page: Page;
  /** Signs in on /login and waits to be sent on to `next`. */
  signIn: (page: Page, shopper: Shopper, next: string) => Promise<void>;
  /** The admin in a wide context of their own, signed in on /login and sent on to `next` (a back-office path with its query). */
  adminPage: (next: string, options?: { acceptDownloads?: boolean; timeout?: number }) => Promise<{ context: BrowserContext; page: Page }>;
  /** Opens `path` in a page of its own (in `context`, or a fresh one); its page and console errors land in the answer's `errors`. */
  visit: (path: string, options?: { viewport?: Viewport; timeout?: number; context?: BrowserContext }) => Promise<{ page: Page; errors: string[] }>;
  /** On `page`: puts the book in the cart, opens checkout, fills the address (ঢাকা, মিরপুর) and chooses `paymentOption`. */
  fillCheckout: (bookId: number, paymentOption: string) => Promise<void>;
  bkash: FakeBkash;
  sslcommerz: FakeSslcommerz;
  steadfast: FakeSteadfast;
  pathao: FakePathao;
}

/** Fills the sign-in form with the admin's phone and password, and sends it. */
export async function submitAdminSignIn(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: /সাইন ইন|Sign in/ });
  await form.locator('input[name="phone_number"]').fill(ADMIN.phone);
  await form.locator('input[name="password"]').fill(ADMIN.password);
  await form.locator('button[type="submit"]').click();
}

/** Fills the checkout's address: district, upazila or thana, and the delivery address. */
export async function fillAddress(page: Page, district: string, upazila: string, address: string): Promise<void> {
  await page.getByLabel('জেলা', { exact: true }).fill(district);
  await page.getByLabel('উপজেলা/থানা', { exact: true }).fill(upazila);
  await page.getByLabel('ডেলিভারি এড্রেস', { exact: true }).fill(address);
}

/** The page's toast saying `text`. */
export const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text }).first();

/** '১,২৩৪' or '1,234' → 1234; NaN when there is no digit. */
export const numberIn = (text: string | null) => Number(fromBengaliDigits(text ?? '').replace(/\D/g, '') || 'NaN');

/** "৳ ১,২৩৪" or "৳ 1,234" → 1234; 0 when there is no digit. */
export const taka = (text: string | null) => Number(fromBengaliDigits(text ?? '').replace(/[^\d]/g, ''));

/** Starts a loopback fake as a file fixture, closed after the file's journeys. */
const fake =
  <T extends { close(): Promise<void> }>(start: () => Promise<T>) =>
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its destructured first parameter
  async ({}, use: (fake: T) => Promise<void>) => {
    const started = await start();
    await use(started);
    await started.close();
  };

const file = { scope: 'file' } as const;

/**
 * Typed as vitest's builder chain types its own file fixtures, so that a file's
 * `shopTest.extend(name, { scope: 'file' }, ({ api, … }) => …)` sees these.
 */
export const shopTest = test.extend<{ $file: ShopFixtures }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its destructured first parameter
  shopOptions: [async ({}, use) => use({}), file],
  bkash: [fake(startFakeBkash), file],
  sslcommerz: [fake(startFakeSslcommerz), file],
  steadfast: [fake(startFakeSteadfast), file],
  pathao: [fake(startFakePathao), file],
  server: [
    async ({ shopOptions }, use) => {
      const server = await startServer(shopOptions.env, { publicHost: shopOptions.publicHost });
      await use(server);
      await server.stop();
    },
    { scope: 'file', auto: true },
  ],
  browser: [
    async ({ server }, use) => {
      const browser = await launchBrowser();
      await use(browser);
      try {
        // Fails the file on any Content-Security-Policy violation (see launchBrowser).
        await browser.close();
      } catch (error) {
        // The cleanups after a failed one do not run: the server is stopped here instead.
        await server.stop();
        throw error;
      }
    },
    { scope: 'file', auto: true },
  ],
  url: [async ({ server }, use) => use((p) => `${server.baseUrl}${p}`), file],
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its destructured first parameter
  errors: [async ({}, use) => use([]), file],
  api: [async ({ server }, use) => use(shopApi(server)), file],
  customer: [
    async ({ shopOptions, api }, use) => {
      if (shopOptions.customer) await api.register(shopOptions.customer);
      await use(shopOptions.customer as Shopper);
    },
    { scope: 'file', auto: true },
  ],
  shopperPage: [
    async ({ browser, errors, shopOptions }, use) =>
      use(async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(shopOptions.pageTimeout ?? 15_000);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        return { context, page };
      }),
    file,
  ],
  page: [async ({ shopperPage }, use) => use((await shopperPage()).page), file],
  signIn: [
    async ({ url }, use) =>
      use(async (page, shopper, next) => {
        await page.goto(url(`/login?next=${next}`), { waitUntil: 'networkidle' });
        await page.getByLabel('ফোন নাম্বার', { exact: true }).fill(shopper.phone_number);
        await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(shopper.password);
        await page.getByRole('button', { name: 'সাইন ইন' }).last().click();
        await page.waitForURL(url(next));
      }),
    file,
  ],
  adminPage: [
    async ({ browser, errors, url }, use) =>
      use(async (next, options = {}) => {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: options.acceptDownloads });
        context.setDefaultTimeout(options.timeout ?? 15_000);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(url(`/login?next=${next}`), { waitUntil: 'networkidle' });
        await submitAdminSignIn(page);
        const pathname = next.split('?')[0];
        await page.waitForURL((u) => u.pathname === pathname, { timeout: 20_000 });
        return { context, page };
      }),
    file,
  ],
  visit: [
    async ({ browser, url }, use) =>
      use(async (path, options = {}) => {
        const page = options.context ? await options.context.newPage() : await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 900 } });
        if (options.timeout) page.setDefaultTimeout(options.timeout);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await page.goto(url(path), { waitUntil: 'networkidle' });
        return { page, errors };
      }),
    file,
  ],
  fillCheckout: [
    async ({ page, url }, use) =>
      use(async (bookId, paymentOption) => {
        await page.goto(url(`/books/${bookId}`), { waitUntil: 'networkidle' });
        await page.getByTestId('product-actions').getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
        await page.goto(url('/checkout'), { waitUntil: 'networkidle' });
        await page.getByTestId('place-order').waitFor();
        await fillAddress(page, 'ঢাকা', 'মিরপুর', 'বাড়ি ১২, রোড ৩, মিরপুর ১০');
        await page.getByLabel(paymentOption, { exact: true }).check();
      }),
    file,
  ],
}) as unknown as TestAPI<ShopFixtures & { readonly $__file?: ShopFixtures }>;
