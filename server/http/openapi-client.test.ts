/**
 * A client can be built on the OpenAPI document: openapi-typescript turns it into types, and a
 * small program using them through openapi-fetch compiles (tsc), reading the product's fields,
 * an order page's totals and the error shape, and refusing a string where an id is an integer.
 * The generated files go under node_modules/.cache (not committed), made afresh each run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { insertProduct } from '../test/orders-fixtures';
import { buildOpenApiDocument } from './openapi';

const DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/haat-openapi-client');

/** A client program that must compile against the generated types. */
const SAMPLE = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });

export async function productTitle(id: number): Promise<string> {
  const { data, error } = await client.GET('/api/product/{id}/', { params: { path: { id } } });
  if (error) return error.message;
  const price: number = data.price;
  return \`\${data.english_title} (\${price})\`;
}

export async function orderTotals(): Promise<number[]> {
  const { data } = await client.GET('/api/order/', { params: { query: { page: 1 } } });
  return (data?.results ?? []).map((order) => order.total + order.items.reduce((n, item) => n + item.quantity, 0));
}

export async function wrongId() {
  // @ts-expect-error an id is an integer, not a string
  await client.GET('/api/product/{id}/', { params: { path: { id: 'one' } } });
}
`;

/** The part of the generated `paths` the runtime call below uses, as openapi-typescript writes it. */
interface ProductPaths {
  '/api/product/{id}/': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { english_title: string; price: number } } };
        404: { headers: Record<string, unknown>; content: { 'application/json': { status: number; message: string } } };
      };
    };
  };
}

describe('a TypeScript client generated from the OpenAPI document', () => {
  it('compiles: openapi-typescript types with openapi-fetch read the product, orders and errors as typed', async () => {
    const types = astToString(await openapiTS(JSON.stringify(await buildOpenApiDocument())));
    fs.rmSync(DIR, { recursive: true, force: true });
    fs.mkdirSync(DIR, { recursive: true });
    fs.writeFileSync(path.join(DIR, 'schema.d.ts'), types);
    fs.writeFileSync(path.join(DIR, 'client.ts'), SAMPLE);
    const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, types: [] };
    fs.writeFileSync(path.join(DIR, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts'] }));
    // The product's fields are in the types, not `unknown`.
    expect(types).toMatch(/english_title: string/);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', DIR]).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`, failed: true }));
    expect(run.stdout, 'tsc on the generated client').toBe('');
    expect('failed' in run).toBe(false);
  }, 120_000);

  it("reaches the real routes: openapi-fetch fills the documented path and reads the product's and the error's fields", async () => {
    const t = await createTestApp();
    try {
      const id = await insertProduct(t.services.database.db, { regular_price: 250 });
      // openapi-fetch's requests go to the test app instead of the network.
      const fetch = async (request: Request) => {
        const res = await t.app.inject({ method: request.method as 'GET', url: new URL(request.url).pathname + new URL(request.url).search });
        return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
      };
      const client = createClient<ProductPaths>({ baseUrl: 'http://shop.test', fetch });
      const found = await client.GET('/api/product/{id}/', { params: { path: { id } } });
      expect(found.data).toMatchObject({ price: 250 });
      const missing = await client.GET('/api/product/{id}/', { params: { path: { id: 999_999 } } });
      expect(missing.error).toMatchObject({ status: 404, message: 'Product not found.' });
    } finally {
      await t.close();
    }
  });
});
