import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { mediaFiles, multipart, pngFile } from '../test/media-fixtures';
import { installInputGuard, unsafeTexts } from './input-guard';

describe('unsafeTexts', () => {
  it('refuses C0 and C1 controls, DEL, NUL, bidi overrides and isolates, lone surrogates; keeps tab, newline, CR, emoji and Bengali', () => {
    for (const bad of ['a\u0000b', '\u0001', '\u000b', '\u001f', '\u007f', '\u0085', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800', 'x\udc00'])
      expect(Object.keys(unsafeTexts({ name: bad })), JSON.stringify(bad)).toEqual(['name']);
    expect(unsafeTexts({ name: 'line\none\ttab\r', emoji: '😀 বই', n: 5, ok: null })).toEqual({});
  });

  it('names the nested field path, and a refused key under its parent', () => {
    expect(unsafeTexts({ items: [{ name: 'ok' }, { name: '\u0000' }] })).toEqual({ 'items.1.name': ['Must not contain control characters.'] });
    expect(Object.keys(unsafeTexts({ a: { 'b\u202e': 1 } }))).toEqual(['a']);
  });
});

describe(`the input guard refuses dangerous text at the edge (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => ({ t, admin } = await openAdminApp()));
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status: number; message: string; errors: Record<string, string[]> };
    expect(body.status).toBe(400);
    expect(body.errors[field]?.length).toBeGreaterThan(0);
  };

  it('answers 400 with the field for NUL in a search query (a 500 on PostgreSQL and in SQLite full-text search before)', async () => {
    for (const url of ['/api/product/?search=a%00b', '/api/search/?q=a%00b', '/api/search/?q=%00', '/api/author/?search=a%00b', '/api/publisher/?search=%00'])
      refused(await t.app.inject({ method: 'GET', url }), url.includes('q=') ? 'q' : 'search');
    refused(await t.app.inject({ method: 'GET', url: '/api/order/?phone_number=a%00', headers: admin }), 'phone_number');
  });

  it('answers 400 for NUL in a path parameter (a 500 on PostgreSQL before)', async () => {
    for (const url of ['/category-book/a%00b/', '/category-all-book/%00/', '/author-book/a%00b/', '/publisher-book/a%00/'])
      refused(await t.app.inject({ method: 'GET', url }), 'name');
  });

  it('answers 400 for NUL, controls and bidi overrides in JSON bodies, and writes nothing', async () => {
    refused(await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name: 'x\u0000y' } }), 'name');
    refused(await t.app.inject({ method: 'POST', url: '/create-author/', headers: admin, payload: { name: 'evil\u202etxt.exe' } }), 'name');
    refused(await t.app.inject({ method: 'POST', url: '/create-publisher/', headers: admin, payload: { name: 'a', description: 'b\u0085' } }), 'description');
    refused(await t.app.inject({ method: 'POST', url: '/login/', payload: { phone_number: '01712345678', password: 'x\u0000xxxxxxxx' } }), 'password');
    const db = t.services.database.db;
    expect(await db.selectFrom('categories').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('authors').select('id').execute()).toEqual([]);
  });

  it('answers 400 for dangerous text in multipart fields and stores no file', async () => {
    const before = mediaFiles(t.database.dataDir).length;
    const res = await t.app.inject({ method: 'POST', url: '/create-author/', ...multipart({ name: 'a\u2066b', image: await pngFile() }, admin) });
    refused(res, 'name');
    expect(mediaFiles(t.database.dataDir)).toHaveLength(before);
  });

  it('names fields called valueOf, toString or __proto__ without a 500 (found by the fuzz suite)', async () => {
    refused(await t.app.inject({ method: 'GET', url: '/api/track/?valueOf=%E2%81%A6x' }), 'valueOf');
    refused(await t.app.inject({ method: 'GET', url: '/api/product/?toString=%00' }), 'toString');
    const res = await t.app.inject({ method: 'POST', url: '/login/', headers: { 'content-type': 'application/json' }, payload: '{"constructor":"\\u0000"}' });
    refused(res, 'constructor');
  });

  it('still takes Bengali, emoji, tabs and newlines', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-author/', headers: admin, payload: { name: 'হুমায়ূন 📚', description: 'line one\nline two\ttabbed' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('zodFieldErrors', () => {
  it('keeps a field named like an Object method as its own entry', async () => {
    const { z } = await import('zod');
    const { zodFieldErrors } = await import('./errors');
    const r = z.object({ valueOf: z.string(), toString: z.string() }).safeParse({});
    expect(zodFieldErrors(r.error!)).toEqual({ valueOf: [expect.any(String)], toString: [expect.any(String)] });
  });
});

describe('the input guard on a query with an empty key', () => {
  it('still checks the value', async () => {
    const { default: Fastify } = await import('fastify');
    const { installErrorHandler } = await import('./errors');
    const app = Fastify();
    installErrorHandler(app);
    installInputGuard(app);
    app.get('/q', async () => 'ok');
    expect((await app.inject({ url: '/q?=%00' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/q' })).statusCode).toBe(200);
    await app.close();
  });
});
