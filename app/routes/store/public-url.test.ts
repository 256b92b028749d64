/**
 * Absolute links come from PUBLIC_URL, never from the client's Host or X-Forwarded-Host: the
 * sitemap, robots.txt and a product's canonical link are read through the real page adapter
 * (server/http/react-router.ts) with forged host headers, on a build holding just these routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createTestApp, type TestApp } from '../../../server/test/app';
import { miniServerBuild } from '../../../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../../../server/test/pages-app';
import { loadCatalogFixture, type CatalogFixture } from '../../../server/test/catalog-fixture';
import { loader as sitemapLoader } from './sitemap';
import { loader as robotsLoader } from './robots';
import { loader as productLoader } from './product';

const PUBLIC_URL = 'https://haat.example';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** A server build with the root and three data routes (no documents are rendered). */
function miniBuild(): ServerBuild {
  const document = () => new Response('document', { headers: { 'content-type': 'text/html' } });
  return miniServerBuild(document, {
    root: { path: '', module: { default: () => null } },
    sitemap: { path: 'sitemap.xml', module: { loader: sitemapLoader } },
    robots: { path: 'robots.txt', module: { loader: robotsLoader } },
    product: { path: 'books/:id', module: { loader: productLoader } },
  });
}

describe('absolute URLs on the public origin', () => {
  let t: TestApp;
  let f: CatalogFixture;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    f = await loadCatalogFixture(t.services.database.db);
    pages = await startPagesApp(t, miniBuild());
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  it('sitemap.xml: every <loc> on PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(locs).toContain(`${PUBLIC_URL}/books/${f.ids.pride}`);
  });

  it('robots.txt points at the sitemap on PUBLIC_URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt', headers: FORGED });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("a product's canonical link (and its JSON-LD url) is on PUBLIC_URL", async () => {
    const res = await app.inject({ method: 'GET', url: `/books/${f.ids.riversOfBengal}.data`, headers: FORGED });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`${PUBLIC_URL}/books/${f.ids.riversOfBengal}`);
  });
});
