/**
 * The SMS outbox: the http driver against a fake bulk-SMS gateway on
 * loopback (timeouts, 5xx, outage and recovery) and the worker's claim/retry rules, with one
 * and with two workers on the same database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { openPostgres, openSqlite, type Database } from '../db/database';
import { enqueueSms } from './outbox';
import { HttpGateway, LogGateway, renderParams, type LogLike, type SmsGateway } from './gateway';
import { SmsWorker, retryDelay } from './worker';
import { createSmsService } from './service';

const quiet: LogLike = { info() {}, warn() {}, error() {} };

/** A bulk-SMS API on 127.0.0.1: records every message it accepted; `mode` decides how it answers. */
class FakeGateway {
  server = http.createServer((req, res) => void this.handle(req, res));
  mode: 'ok' | 'down' | 'hang' = 'ok';
  received: { method: string; url: string; body: string; to: string; text: string }[] = [];
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/smsapi`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (this.mode === 'hang') return; // never answers
    if (this.mode === 'down') {
      res.writeHead(503).end('service unavailable');
      return;
    }
    const params = new URLSearchParams(req.method === 'GET' ? new URL(req.url!, 'http://x').search : body);
    this.received.push({ method: req.method!, url: req.url!, body, to: params.get('number') ?? '', text: params.get('message') ?? '' });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"response_code":202}');
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const TEMPLATE = 'api_key=SECRET&type=text&number={to880}&senderid=8809617&message={text}';

describe('SMS http driver against a fake gateway on loopback', () => {
  let fake: FakeGateway;
  beforeEach(async () => {
    fake = new FakeGateway();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('fills the parameter template with URL-encoded values ({to}, {to880}, {text})', () => {
    expect(renderParams('k=K&to={to}&to2={to880}&msg={text}', { to: '01712345678', text: 'কোড 123 & more' })).toBe(
      `k=K&to=01712345678&to2=8801712345678&msg=${encodeURIComponent('কোড 123 & more')}`,
    );
  });

  it('sends with GET: the parameters in the query string', async () => {
    const gw = new HttpGateway({ url: fake.url, method: 'GET', params: TEMPLATE });
    await gw.send({ id: 1, to: '01712345678', text: 'হাট: কোড 123456 & ok' });
    expect(fake.received).toEqual([expect.objectContaining({ method: 'GET', to: '8801712345678', text: 'হাট: কোড 123456 & ok', body: '' })]);
    expect(fake.received[0]!.url).toContain('api_key=SECRET');
  });

  it('sends with POST: the parameters as a form body', async () => {
    const gw = new HttpGateway({ url: fake.url, method: 'post', params: TEMPLATE });
    await gw.send({ id: 1, to: '01712345678', text: 'line one\nline two' });
    expect(fake.received).toEqual([expect.objectContaining({ method: 'POST', url: '/api/smsapi', to: '8801712345678', text: 'line one\nline two' })]);
  });

  it('treats a 5xx answer as a failure naming the status', async () => {
    fake.mode = 'down';
    const gw = new HttpGateway({ url: fake.url, params: TEMPLATE });
    await expect(gw.send({ id: 1, to: '01712345678', text: 'x' })).rejects.toThrow(/gateway answered 503: service unavailable/);
  });

  it('gives up on a gateway that does not answer within the timeout', async () => {
    fake.mode = 'hang';
    const gw = new HttpGateway({ url: fake.url, params: TEMPLATE, timeoutMs: 200 });
    const started = Date.now();
    await expect(gw.send({ id: 1, to: '01712345678', text: 'x' })).rejects.toThrow(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unreachable gateway', async () => {
    await fake.stop();
    const gw = new HttpGateway({ url: fake.url, params: TEMPLATE });
    await expect(gw.send({ id: 1, to: '01712345678', text: 'x' })).rejects.toThrow(/gateway unreachable/);
    fake = new FakeGateway();
    await fake.start();
  });
});

describe('retryDelay', () => {
  it('doubles after each failure from the base, up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 5000, 60_000))).toEqual([5000, 10_000, 20_000, 40_000, 60_000]);
  });
});

describe(`SMS outbox worker (${testDialect})`, () => {
  let database: TestDatabase;
  let fake: FakeGateway;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.deleteFrom('sms_outbox').execute();
    fake = new FakeGateway();
    await fake.start();
  });
  afterEach(() => fake.stop());

  const rows = () => database.db.selectFrom('sms_outbox').selectAll().orderBy('id').execute();
  const gateway = (timeoutMs = 1000) => new HttpGateway({ url: fake.url, method: 'POST', params: TEMPLATE, timeoutMs });
  const fast = { baseDelayMs: 1, maxDelayMs: 5, pollMs: 5 };

  async function drain(workers: SmsWorker[], until: () => Promise<boolean>, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!(await until())) {
      if (Date.now() > deadline) throw new Error('outbox did not drain');
      await Promise.all(workers.map((w) => w.runOnce()));
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('the log driver marks messages sent and logs them', async () => {
    const logged: object[] = [];
    const log: LogLike = { ...quiet, info: (o) => logged.push(o) };
    const worker = new SmsWorker(database.db, database.dialect, new LogGateway(() => log), log);
    await enqueueSms(database.db, '01712345678', 'hello', 'test');
    expect(await worker.runOnce()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_until: null });
    expect(row!.sent_at).toBeTruthy();
    expect(logged).toEqual([expect.objectContaining({ to: '01712345678', text: 'hello' })]);
  });

  it('a gateway outage delays messages; after recovery every message is delivered exactly once', async () => {
    const worker = new SmsWorker(database.db, database.dialect, gateway(), quiet, fast);
    for (let i = 0; i < 10; i++) await enqueueSms(database.db, '01712345678', `message ${i}`, 'test');
    fake.mode = 'down';
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 10));
    }
    let now = await rows();
    expect(now.every((r) => r.status === 'pending' && r.attempts >= 1 && /503/.test(r.last_error ?? ''))).toBe(true);
    expect(fake.received).toHaveLength(0);
    fake.mode = 'ok';
    await drain([worker], async () => (await rows()).every((r) => r.status === 'sent'));
    now = await rows();
    expect(now.every((r) => r.last_error === null && r.sent_at && r.attempts >= 2)).toBe(true);
    expect(fake.received.map((m) => m.text).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i}`).sort());
  });

  it('a gateway that times out is retried like one that fails', async () => {
    const worker = new SmsWorker(database.db, database.dialect, gateway(150), quiet, fast);
    await enqueueSms(database.db, '01712345678', 'slow', 'test');
    fake.mode = 'hang';
    await worker.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: 'gateway timed out after 150 ms' });
    fake.mode = 'ok';
    await drain([worker], async () => (await rows())[0]!.status === 'sent');
    expect(fake.received).toHaveLength(1);
  });

  it('backs off: a failed message is not retried before its next attempt time', async () => {
    const worker = new SmsWorker(database.db, database.dialect, gateway(), quiet, { baseDelayMs: 60_000 });
    await enqueueSms(database.db, '01712345678', 'later', 'test');
    fake.mode = 'down';
    await worker.runOnce();
    fake.mode = 'ok';
    expect(await worker.runOnce()).toBe(0);
    const [row] = await rows();
    expect(Date.parse(row!.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);
  });

  it('gives up as failed after maxAttempts, keeping the last error', async () => {
    const worker = new SmsWorker(database.db, database.dialect, gateway(), quiet, { ...fast, maxAttempts: 3 });
    await enqueueSms(database.db, '01712345678', 'doomed', 'test');
    fake.mode = 'down';
    await drain([worker], async () => (await rows())[0]!.status === 'failed');
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 3, last_error: 'gateway answered 503: service unavailable', sent_at: null });
  });

  it('takes over a message whose sender died mid-send (claim expired), and not before', async () => {
    const worker = new SmsWorker(database.db, database.dialect, gateway(), quiet, fast);
    const id = await enqueueSms(database.db, '01712345678', 'orphan', 'test');
    await database.db.updateTable('sms_outbox').set({ status: 'sending', locked_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', id).execute();
    expect(await worker.runOnce()).toBe(0);
    await database.db.updateTable('sms_outbox').set({ locked_until: new Date(Date.now() - 1).toISOString() }).where('id', '=', id).execute();
    expect(await worker.runOnce()).toBe(1);
    expect(fake.received).toHaveLength(1);
  });

  it('two workers on one database, through an outage and recovery, send every message exactly once', async () => {
    const second: Database = testDialect === 'postgres' ? openPostgres(database.url, { max: 3 }) : openSqlite(database.url);
    try {
      const a = new SmsWorker(database.db, database.dialect, gateway(), quiet, fast);
      const b = new SmsWorker(second.db, second.dialect, gateway(), quiet, fast);
      for (let i = 0; i < 30; i++) await enqueueSms(database.db, '01712345678', `shared ${i}`, 'test');
      fake.mode = 'down';
      await Promise.all([a.runOnce(), b.runOnce()]);
      fake.mode = 'ok';
      await drain([a, b], async () => (await rows()).every((r) => r.status === 'sent'));
      const texts = fake.received.map((m) => m.text);
      expect(texts).toHaveLength(30);
      expect(new Set(texts).size).toBe(30);
    } finally {
      await second.close();
    }
  });

  it('a started worker sends soon after enqueue (nudged), and stop() waits for the send in progress', async () => {
    const sms = createSmsService(database.db, database.dialect, { sms: { driver: 'log' } }, { gateway: gateway(), log: quiet, worker: { pollMs: 60_000 } });
    sms.start();
    try {
      await new Promise((r) => setTimeout(r, 50)); // the first (empty) poll
      await sms.enqueue('01712345678', 'nudged', 'test');
      const deadline = Date.now() + 3000;
      while (fake.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(fake.received.map((m) => m.text)).toEqual(['nudged']);
    } finally {
      await sms.stop();
    }
    expect((await rows())[0]!.status).toBe('sent');
  });

  it('a failing gateway never fails the request that enqueued the message', async () => {
    const failing: SmsGateway = { name: 'broken', send: () => Promise.reject(new Error('boom')) };
    const sms = createSmsService(database.db, database.dialect, { sms: { driver: 'log' } }, { gateway: failing, log: quiet, worker: { ...fast, maxAttempts: 1000 } });
    sms.start();
    try {
      await expect(sms.enqueue('01712345678', 'safe', 'test')).resolves.toEqual(expect.any(Number));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await sms.stop();
    }
    expect((await rows())[0]).toMatchObject({ status: 'pending', last_error: 'boom' });
  });
});
