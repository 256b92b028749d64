/**
 * The OpenAPI document covers the whole API: every route the app declares has an entry in the
 * docs registry (a route without one fails, named), every entry a route, and the document has
 * the OpenAPI 3.1 shape, with the handlers' own schemas in it.
 */
import { STAFF_ACCESS_LEVELS } from '../../domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { routeTable } from './input-guard';
import { ROUTE_DOCS, buildOpenApiDocument, openApiPath } from './openapi';

type Operation = { operationId?: string; summary?: string; responses?: Record<string, unknown>; parameters?: { name: string; in: string; schema?: { type?: string } }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; 'x-haat-audience'?: string };
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, unknown> } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

describe(`OpenAPI 3.1 document of the whole API (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  // Every route but HEAD (fastify's automatic twin of GET) and the pages' catch-all (absent without pages).
  const routes = () => [...new Set(routeTable(t.app).filter((r) => r.method !== 'HEAD' && r.url !== '/*').map((r) => `${r.method} ${r.url}`))];

  it('every route has a docs entry, and every entry a route', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((r) => !(r in ROUTE_DOCS)), 'routes without documentation (add them to the module\'s RouteDocs)').toEqual([]);
    expect(Object.keys(ROUTE_DOCS).filter((r) => !all.includes(r)), 'documentation without a route').toEqual([]);
  });

  it('is OpenAPI 3.1 in shape: every operation has a summary, responses and its path parameters', async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['bearer', 'session']);
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        operations += 1;
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path} responses`).toBeGreaterThan(0);
        expect(['public', 'signed', 'secret', ...STAFF_ACCESS_LEVELS]).toContain(op['x-haat-audience']);
        const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath.sort(), `${method} ${path} path parameters`).toEqual([...names].sort());
      }
    }
    expect(operations).toBe(Object.keys(ROUTE_DOCS).length);
  });

  it("carries the handlers' schemas: the promotion's fields, the product list's query parameters", async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc;
    const create = doc.paths[openApiPath('/api/promotion/')]!.post!;
    const fields = Object.keys(create.requestBody!.content['application/json']!.schema.properties ?? {});
    expect(fields).toEqual(expect.arrayContaining(['name', 'kind', 'value', 'code', 'starts_at', 'ends_at', 'applies_to']));
    expect(create['x-haat-audience']).toBe('manager');
    expect((create as { 'x-haat-roles'?: string[] })['x-haat-roles']).toEqual(['owner', 'manager']);
    const list = doc.paths['/api/product/']!.get!;
    const query = list.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['type', 'category', 'author', 'publisher', 'search', 'ordering', 'page', 'page_size']));
    expect(doc.paths['/api/product/{id}/']!.get!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    // Forms the library cannot read (uploads are z.custom) fall back to zod's own JSON Schema, and so do queries with .catch().
    const book = doc.paths['/create-book/']!.post!.requestBody!.content['multipart/form-data']!.schema.properties ?? {};
    expect(Object.keys(book)).toEqual(expect.arrayContaining(['english_title', 'price', 'category', 'image', 'pdf']));
    expect(book.image).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
    expect(doc.paths['/payment/bkash/callback']!.get!.parameters!.map((p) => p.name)).toEqual(['paymentID', 'status']);
  });

  it('gives every operation a unique operationId made from its method and path', async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc;
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)), ids.join(' ')).toBe(true);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'operationIds used twice').toEqual([]);
    expect(doc.paths['/api/product/{id}/']!.get!.operationId).toBe('getProductById');
    expect(doc.paths['/api/product/']!.get!.operationId).toBe('listProducts');
  });

  it('types id path parameters as integers and names as strings', async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc;
    const param = (path: string, method: string, name: string) => doc.paths[path]![method]!.parameters!.find((p) => p.in === 'path' && p.name === name)!.schema;
    expect(param('/api/product/{id}/', 'get', 'id')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('/api/order/{id}/payments/{pid}/reject/', 'post', 'pid')).toMatchObject({ type: 'integer' });
    expect(param('/api/product/{id}/reviews/{reviewId}/', 'put', 'reviewId')).toMatchObject({ type: 'integer' });
    expect(param('/category-book/{name}/', 'get', 'name')).toMatchObject({ type: 'string' });
  });

  it('documents the refusals by the rule: 404 with a path id, 401/403 by audience, 400 with input, 409/429 where declared, all in the Error shape', async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc;
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses ?? {}).sort();
    expect(codes('/api/product/{id}/', 'get')).toEqual(['200', '404']);
    expect(codes('/api/product/', 'get')).toEqual(['200', '400']);
    expect(codes('/api/promotion/{id}/', 'put')).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(codes('/checkout/', 'post')).toEqual(['200', '400', '401', '409', '429']);
    expect(codes('/api/settings/', 'get')).toEqual(['200', '4XX']);
    const notFound = doc.paths['/api/product/{id}/']!.get!.responses!['404'] as { content: Record<string, { schema: unknown }> };
    expect(notFound.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it("describes the product's fields in its answer", async () => {
    const doc = (await buildOpenApiDocument()) as unknown as Doc & { components: { schemas: Record<string, { properties: Record<string, { type?: unknown }> }> } };
    const ok = doc.paths['/api/product/{id}/']!.get!.responses!['200'] as { content: Record<string, { schema: unknown }> };
    expect(ok.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Product' });
    expect(doc.components.schemas.Product!.properties).toMatchObject({ id: { type: 'integer' }, english_title: { type: 'string' }, price: { type: 'integer' } });
  });

  it('serves the document at /api/openapi.json and a page to browse it at /api/docs, with no outside assets', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expect((json.json() as Doc).openapi).toBe('3.1.0');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    // The inline script runs under this request's CSP nonce.
    const nonce = /<script nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
  });
});
