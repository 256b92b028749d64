import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchText, parseAnswer, type FailureKind } from './outbound';

class Failure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly raw?: unknown,
  ) {
    super(message);
  }
}

let server: http.Server;
let base = '';
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/redirect') return void res.writeHead(302, { location: '/elsewhere' }).end();
    if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 500);
    if (req.url === '/boom') return void res.writeHead(503).end('down: key-123');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, timeoutMs = 2000) => ({ url: `${base}${path}`, method: 'POST' as const, headers: { 'api-key': 'key-123' }, body: '{}', timeoutMs, label: 'Test call', secrets: ['key-123'] });

describe('one outbound call', () => {
  it('answers the status and body of an answer below 500', async () => {
    const c = call('/ok');
    const { status, text } = await fetchText(c, Failure);
    expect(status).toBe(200);
    expect(parseAnswer(c, status, text, Failure)).toEqual({ ok: true });
  });

  it('never follows a redirect (the key headers would go to the new address, the POST become a GET)', async () => {
    seen.length = 0;
    await expect(fetchText(call('/redirect'), Failure)).rejects.toMatchObject({ kind: 'network' });
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
  });

  it('a deadline: no full answer in time is a timeout', async () => {
    await expect(fetchText(call('/slow', 100), Failure)).rejects.toMatchObject({ kind: 'timeout', message: 'Test call: no answer within 100 ms' });
  });

  it('a 5xx is an http failure whose raw text has the secrets replaced', async () => {
    const error = await fetchText(call('/boom'), Failure).catch((e: unknown) => e as Failure);
    expect(error).toMatchObject({ kind: 'http', raw: 'down: ***' });
  });
});
