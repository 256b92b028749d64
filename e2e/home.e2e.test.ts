import { describe, expect } from 'vitest';
import { screenshot, shopTest as test } from './harness';

describe('home page', () => {
  test('is rendered on the server with demo books before any JavaScript runs', async ({ url }) => {
    const html = await (await fetch(url('/'))).text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('data-testid="product-card"');
  });

  test('hydrates in the browser and shows the book sections', async ({ visit }) => {
    const { page, errors } = await visit('/');
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(10);
    await screenshot(page, 'foundation-home-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('answers an unknown page with the 404 page and a link home', async ({ url }) => {
    const res = await fetch(url('/no-such-page'));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('href="/"');
  });
});
