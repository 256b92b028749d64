import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';

describe('home page', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is rendered on the server with demo books before any JavaScript runs', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('data-testid="product-card"');
  });

  it('hydrates in the browser and shows the book sections', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(10);
    await screenshot(page, 'foundation-home-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers an unknown page with the 404 page and a link home', async () => {
    const res = await fetch(`${server.baseUrl}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('href="/"');
  });
});
