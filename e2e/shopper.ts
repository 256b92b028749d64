/**
 * What several journeys do as a shopper: register over the API, open a signed-out browser
 * context, sign in on /login, and fill the checkout form for one book in the cart.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './harness';

export interface Shopper {
  name: string;
  phone_number: string;
  password: string;
}

/** Registers the shopper through the API (as the sign-up form would). */
export async function registerShopper(baseUrl: string, shopper: Shopper): Promise<void> {
  const res = await fetch(`${baseUrl}/register_user/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shopper) });
  expect(res.status).toBeLessThan(300);
}

/** A desktop-sized context and page whose page errors land in `errors`. */
export async function openShopperPage(browser: Browser, errors: string[], timeoutMs = 15_000): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(timeoutMs);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

/** Signs in on /login and waits to be sent on to `next`. */
export async function signInAs(page: Page, baseUrl: string, shopper: Shopper, next: string): Promise<void> {
  await page.goto(`${baseUrl}/login?next=${next}`, { waitUntil: 'networkidle' });
  await page.getByLabel('ফোন নাম্বার', { exact: true }).fill(shopper.phone_number);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'সাইন ইন' }).last().click();
  await page.waitForURL(`${baseUrl}${next}`);
}

/** Puts the book in the cart, opens checkout, fills the address (ঢাকা, মিরপুর) and chooses `paymentOption`. */
export async function fillCheckout(page: Page, baseUrl: string, bookId: number, paymentOption: string): Promise<void> {
  await page.goto(`${baseUrl}/books/${bookId}`, { waitUntil: 'networkidle' });
  await page.getByTestId('product-actions').getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await page.goto(`${baseUrl}/checkout`, { waitUntil: 'networkidle' });
  await page.getByTestId('place-order').waitFor();
  await page.getByLabel('জেলা', { exact: true }).fill('ঢাকা');
  await page.getByLabel('উপজেলা/থানা', { exact: true }).fill('মিরপুর');
  await page.getByLabel('ডেলিভারি এড্রেস', { exact: true }).fill('বাড়ি ১২, রোড ৩, মিরপুর ১০');
  await page.getByLabel(paymentOption, { exact: true }).check();
}

/**
 * The shop's admin in a wide context of their own, signed in on /login and sent on to `next`
 * (a back-office path, with its query); page errors land in `errors`.
 */
export async function openAdminPage(browser: Browser, baseUrl: string, next: string, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl}/login?next=${next}`, { waitUntil: 'networkidle' });
  const form = page.getByRole('form', { name: /সাইন ইন|Sign in/ });
  await form.locator('input[name="phone_number"]').fill(ADMIN.phone);
  await form.locator('input[name="password"]').fill(ADMIN.password);
  await form.locator('button[type="submit"]').click();
  const path = next.split('?')[0];
  await page.waitForURL((u) => u.pathname === path, { timeout: 20_000 });
  return { context, page };
}
