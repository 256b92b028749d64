/**
 * Generated bad requests against every route Fastify knows (and the pages, when built), as a
 * visitor, a customer and an admin: none may answer 5xx, API refusals carry the JSON error shape,
 * and a refused request leaves no row and no file behind. HAAT_FUZZ_RUNS sets how many requests
 * (default 1,200); HAAT_FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDialect } from '../database';
import { routeTable, type RouteEntry } from '../../http/input-guard';
import { audience, body, encode, nastyText, pathOf, queryString, spoiled, templates } from './fuzz-kit';
import { isClientFile, fuzzAppWithPages, snapshot, type Snapshot } from './fuzz-app';

const RUNS = Number(process.env.HAAT_FUZZ_RUNS ?? 1200);
const SEED = process.env.HAAT_FUZZ_SEED ? Number(process.env.HAAT_FUZZ_SEED) : undefined;

/** Page paths tried when the pages are built (a sample of each kind; the rest are alike). */
const PAGE_PATHS = ['/', '/books', '/books/:id', '/category/:name', '/authors/:name', '/search', '/cart-products', '/login', '/register', '/checkout', '/order', '/track', '/set-lang/:lang', '/admin', '/admin-books', '/update-book/:id', '/update-category/:id', '/admin-orders', '/order-invoice/:id', '/admin-settings', '/no-such-page'];

interface Sent {
  options: InjectOptions;
  route: RouteEntry;
  page: boolean;
}

function safeMessage(res: LightMyRequestResponse): string | undefined {
  try {
    return (res.json() as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** What a request may never do, whatever it carried. */
function problems(sent: Sent, res: LightMyRequestResponse, before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  // Pages answer HTML; the API answers its JSON shape. An API path no route matches (a parameter
  // over Fastify's 100 characters) falls through to the pages' 404, also HTML.
  const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
  if (res.statusCode >= 400 && res.statusCode < 500 && !sent.page && !html && !sent.route.url.startsWith('/media/')) {
    let shape: { status?: unknown; message?: unknown; errors?: unknown } | undefined;
    try {
      shape = res.json();
    } catch {
      out.push(`a ${res.statusCode} whose body is not JSON: ${res.body.slice(0, 200)}`);
    }
    if (shape && (shape.status !== res.statusCode || typeof shape.message !== 'string' || (shape.errors !== undefined && typeof shape.errors !== 'object')))
      out.push(`a ${res.statusCode} without {status, message, errors?}: ${res.body.slice(0, 200)}`);
  }
  if (res.statusCode >= 400) {
    for (const [table, n] of Object.entries(after.rows)) if (before.rows[table] !== n) out.push(`refused, yet ${table} went from ${before.rows[table]} to ${n} rows`);
    const stray = after.files.filter((f) => !before.files.includes(f));
    if (stray.length) out.push(`refused, yet left files: ${stray.join(', ')}`);
  }
  return out;
}

describe(`fuzz: no bad request answers 5xx or half-writes (${testDialect})`, () => {
  const f = fuzzAppWithPages();

  it(`answers ${RUNS} generated bad requests across every route with a 2xx–4xx, the JSON error shape, and no stray rows or files`, { timeout: 600_000 }, async () => {
    // The client build's files (one static route each) are plain files; the pages are sampled below.
    const api = routeTable(f.app).filter((r) => r.method !== 'HEAD' && r.url !== '/*' && !isClientFile(r.url));
    const pages: RouteEntry[] = f.withPages ? PAGE_PATHS.flatMap((url) => ['GET', 'POST'].map((method) => ({ method, url }))) : [];
    const keyed = new Map([...api, ...pages].map((r) => [`${r.method} ${r.url}`, r]));
    const routes = [...keyed.values()];
    const pageSet = new Set(pages);
    expect(api.length).toBeGreaterThan(60);

    const request: fc.Arbitrary<Sent> = fc.oneof(
      {
        weight: 20,
        arbitrary: fc.constantFrom(...routes).chain((route) =>
          fc.record({ path: pathOf(route, f.ids), query: queryString, body, who: audience, page: fc.constant(pageSet.has(route)) }).map(({ path, query, body, who, page }) => ({
            route,
            page,
            options: {
              method: route.method as InjectOptions['method'],
              url: path + query,
              ...(route.method === 'GET' ? {} : body),
              // Signing out would end the session the rest of the run uses.
              headers: { ...(route.url.startsWith('/logout') ? {} : f.headers[who]), ...(route.method === 'GET' ? {} : body.headers) },
            },
          })),
        ),
      },
      {
        weight: 6,
        // Valid writes with a field or two spoiled, so requests pass the first checks and reach the services.
        arbitrary: spoiled(templates(f.known)).map((t) => ({
          route: { method: t.method, url: t.url.replace(/\/\d+\//, '/:id/') },
          page: false,
          options: { method: t.method, url: t.url, headers: f.headers[t.who], payload: t.payload as Record<string, never> },
        })),
      },
      {
        weight: 1,
        // Over-long and malformed paths, which no route matches as it stands.
        arbitrary: fc.tuple(fc.constantFrom('/api/product/', '/category/', '/create-book/', '/books/', '/'), nastyText, fc.nat(20_000), audience).map(([prefix, text, n, who]) => ({
          route: { method: 'GET', url: prefix },
          page: true,
          options: { method: 'GET', url: `${prefix}${encode(text.slice(0, 50))}${'a'.repeat(n)}`, headers: f.headers[who] },
        })),
      },
    );

    let before = await snapshot(f);
    let sent = 0;
    // Every kind of failure once, with its first example, rather than only the first failure.
    const failures = new Map<string, string>();
    const statuses = new Map<string, number>();
    const timing = { inject: 0, snapshot: 0 };
    const perRoute = new Map<string, number>();
    const seed = SEED ?? Date.now() ^ (Math.random() * 0x100000000);
    await fc.assert(
      fc.asyncProperty(request, async (s) => {
        const t0 = performance.now();
        const res = await f.app.inject(s.options);
        const t1 = performance.now();
        sent += 1;
        const kind = `${res.statusCode} ${String(res.json === undefined ? '' : (safeMessage(res) ?? '')).slice(0, 60)}`;
        statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
        const after = await snapshot(f);
        timing.inject += t1 - t0;
        const slow = `${s.route.method} ${s.route.url}`;
        perRoute.set(slow, (perRoute.get(slow) ?? 0) + t1 - t0);
        timing.snapshot += performance.now() - t1;
        const found = problems(s, res, before, after);
        before = after;
        const example = `${s.options.method} ${String(s.options.url).slice(0, 200)} ${JSON.stringify(s.options.headers?.['content-type'] ?? '')} ${String(s.options.payload ?? '').slice(0, 200)}`;
        for (const problem of found) {
          const kind = `${s.route.method} ${s.route.url}: ${problem.replace(/\d+/g, 'N').slice(0, 80)}`;
          if (!failures.has(kind)) failures.set(kind, `${problem}\n    e.g. ${example}`);
        }
      }),
      { numRuns: RUNS, seed },
    );
    if (process.env.HAAT_FUZZ_VERBOSE) console.log([...perRoute].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, ms]) => `${Math.round(ms)}ms\t${k}`).join('\n'));
    if (process.env.HAAT_FUZZ_VERBOSE) console.log(`ms in requests ${Math.round(timing.inject)}, in snapshots ${Math.round(timing.snapshot)}`);
    if (process.env.HAAT_FUZZ_VERBOSE) console.log([...statuses].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n'));
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect([...failures.values()], `seed ${seed}`).toEqual([]);
  });
});
