/**
 * One client address (issue 30, item 5): the peer, or X-Forwarded-For only from a peer that
 * TRUST_PROXY names (default `loopback`), walked right to left past trusted proxies; fastify's
 * request.ip/host/protocol follow the same rule; one warning per process for forwarded headers
 * from an untrusted peer.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { TRACK_LIMIT } from '../shipments/tracking';
import { clientAddress, compileTrustProxy, installForwardedWarning, resetForwardedWarning } from './client-address';

/** A bare fastify app under `setting`, answering what the request looks like from inside. */
async function echoApp(setting?: string, logLines?: string[]) {
  const trust = compileTrustProxy(setting);
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines?.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ trustProxy: trust, logger: logLines ? { level: 'warn', stream } : false });
  installForwardedWarning(app, trust, setting ?? '');
  app.get('/', async (request) => ({ address: clientAddress(request), ip: request.ip, host: request.host, protocol: request.protocol }));
  await app.ready();
  return app;
}

describe('TRUST_PROXY compiles to one trust rule', () => {
  it('defaults to loopback: a Docker bridge (172.17.0.1) or private-network peer is not a proxy', () => {
    const trust = compileTrustProxy(undefined);
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    for (const peer of ['172.17.0.1', '10.0.0.5', '192.168.1.2', 'fd00::1', '203.0.113.9']) expect(trust(peer, 0), peer).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe('loopback');
  });

  it('takes the forms fastify takes: names, addresses, CIDR ranges, comma lists, true, false', () => {
    const list = compileTrustProxy('loopback, 172.16.0.0/12,203.0.113.7, fd00::/8');
    expect(['127.0.0.1', '172.17.0.1', '203.0.113.7', 'fd00::2'].every((a) => list(a, 0))).toBe(true);
    expect(['203.0.113.8', '10.0.0.1'].some((a) => list(a, 0))).toBe(false);
    expect(compileTrustProxy('uniquelocal')('10.1.2.3', 0)).toBe(true);
    expect(compileTrustProxy('10.0.0.1/255.0.0.0')('10.9.9.9', 0)).toBe(true);
    expect(compileTrustProxy('true')('203.0.113.9', 3)).toBe(true);
    expect(compileTrustProxy('false')('127.0.0.1', 0)).toBe(false);
  });

  it('refuses at start a hop count (it cannot tell a proxy from a client) and a value it cannot read', () => {
    expect(() => compileTrustProxy('1')).toThrow(/TRUST_PROXY=1/);
    expect(() => compileTrustProxy('docker')).toThrow(/TRUST_PROXY=docker/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: ' 10.0.0.0/8 ' }).trustProxy).toBe('10.0.0.0/8');
  });
});

describe('clientAddress and fastify agree', () => {
  it('from an untrusted peer the headers are ignored: address, host and scheme are the connection’s', async () => {
    const app = await echoApp();
    const res = await app.inject({ url: '/', remoteAddress: '172.17.0.1', headers: { host: 'shop.example', 'x-forwarded-for': '198.51.100.1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    expect(res.json()).toEqual({ address: '172.17.0.1', ip: '172.17.0.1', host: 'shop.example', protocol: 'http' });
    await app.close();
  });

  it('from a trusted peer the right-most untrusted X-Forwarded-For address is the client (a client’s own entries are skipped)', async () => {
    const app = await echoApp('loopback,172.16.0.0/12');
    const ask = async (xff: string, remoteAddress = '172.17.0.1') => (await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': xff, 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' } })).json();
    expect(await ask('203.0.113.5')).toMatchObject({ address: '203.0.113.5', ip: '203.0.113.5', host: 'shop.example', protocol: 'https' });
    // The client wrote "1.1.1.1" itself; the proxy appended the address it saw.
    expect((await ask('1.1.1.1, 203.0.113.5')).address).toBe('203.0.113.5');
    // Two trusted proxies in a chain (a load balancer, then nginx in Docker).
    expect((await ask('1.1.1.1, 203.0.113.5, 172.18.0.2')).address).toBe('203.0.113.5');
    // An IPv4 client on a dual-stack socket is one address, not two.
    expect((await ask('203.0.113.5', '::ffff:127.0.0.1')).address).toBe('203.0.113.5');
    expect((await app.inject({ url: '/', remoteAddress: '::ffff:198.51.100.4' })).json().address).toBe('198.51.100.4');
    await app.close();
  });

  it('logs one warning per process when forwarded headers come from a peer TRUST_PROXY does not name', async () => {
    resetForwardedWarning();
    const lines: string[] = [];
    const app = await echoApp(undefined, lines);
    await app.inject({ url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } });
    await app.inject({ url: '/', remoteAddress: '172.17.0.1' });
    expect(lines).toHaveLength(0);
    for (let i = 0; i < 3; i++) await app.inject({ url: '/', remoteAddress: '172.17.0.1', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': `203.0.113.${i}` } });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, peer: '172.17.0.1', trust_proxy: 'loopback' });
    expect(lines[0]).toMatch(/TRUST_PROXY/);
    await app.close();
    resetForwardedWarning();
  });
});

describe(`per-address limits count the one client address (${testDialect})`, () => {
  let t: TestApp;
  let behindDocker: TestApp;
  beforeAll(async () => {
    [t, behindDocker] = await Promise.all([createTestApp(), createTestApp({ trustProxy: 'loopback,172.17.0.1' })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), behindDocker.close()]);
  });

  const tries = async (app: TestApp, peer: string) => {
    const statuses: number[] = [];
    for (let i = 0; i <= TRACK_LIMIT.limit; i++) {
      const res = await app.app.inject({ url: '/api/track/?order=999999&phone=01700000000', remoteAddress: peer, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('a rotating X-Forwarded-For from an untrusted private peer (Docker’s 172.17.0.1) does not escape the limit', async () => {
    const statuses = await tries(t, '172.17.0.1');
    expect(statuses.slice(0, TRACK_LIMIT.limit).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('from a peer TRUST_PROXY names, the header is the client: each forwarded address has its own count', async () => {
    const statuses = await tries(behindDocker, '172.17.0.1');
    expect(statuses.every((s) => s === 404)).toBe(true);
    // …and one forwarded client is limited like any other.
    const one = [];
    for (let i = 0; i <= TRACK_LIMIT.limit; i++) {
      one.push((await behindDocker.app.inject({ url: '/api/track/?order=999999&phone=01700000000', remoteAddress: '172.17.0.1', headers: { 'x-forwarded-for': '203.0.113.77' } })).statusCode);
    }
    expect(one.at(-1)).toBe(429);
  });
});
