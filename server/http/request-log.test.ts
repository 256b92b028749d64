import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { OneLineRequestLog, requestForLog } from './request-log';

describe('the request log line', () => {
  it('masks a confirmation link token in the logged URL and keeps everything else', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestForLog } } });
    app.get('/c/:token', async () => 'ok');
    app.get('/books', async () => 'ok');
    const token = 'T'.repeat(43);
    await app.inject({ url: `/c/${token}` });
    await app.inject({ url: '/books?page=2' });
    await app.close();
    const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string; method: string } }).flatMap((l) => (l.req ? [l.req] : []));
    expect(urls.map((r) => r.url)).toEqual(['/c/••••••', '/books?page=2']);
    expect(lines.join('')).not.toContain(token);
    expect(urls[0]!.method).toBe('GET');
  });
});

describe('one log line per request', () => {
  async function logged(urls: string[], level = 'info') {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
    const app = Fastify({ logger: { level, stream }, logController: new OneLineRequestLog() });
    app.get('/api/product/:id/', async () => ({ ok: true }));
    app.get('/*', async () => 'page');
    for (const url of urls) await app.inject({ url });
    await app.close();
    return lines.filter((l) => l.msg !== 'Server listening');
  }

  it('writes method, route pattern, status, time and request id once, without the values in the path', async () => {
    const lines = await logged(['/api/product/42/?secret=1']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/product/:id/', status: 200, reqId: expect.any(String) });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
    // The path's value, not any 42: the line's pid, time or ms may hold those digits (CI read pid 4229).
    expect(lines[0]).not.toHaveProperty('path');
    expect(JSON.stringify(lines[0])).not.toContain('/42');
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('adds the path for the pages and unmatched paths, never the query, with a confirmation token masked', async () => {
    const token = 'T'.repeat(43);
    const lines = await logged([`/c/${token}?x=1`, '/books?page=2']);
    expect(lines.map((l) => [l.route, l.path])).toEqual([['/*', '/c/••••••'], ['/*', '/books']]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('writes nothing for requests above the configured level', async () => {
    expect(await logged(['/books'], 'warn')).toEqual([]);
  });
});
