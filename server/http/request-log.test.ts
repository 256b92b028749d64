import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { requestForLog } from './request-log';

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
