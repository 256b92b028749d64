/**
 * The two RateLimiter strategies (ASVS 5.0 V6.3.1 / V2.4.1): the database's atomic
 * upsert-increment (both databases, two connections racing) and Redis (a throwaway
 * redis-server on loopback when one is installed), plus the fallback when Redis is down.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { openPostgres, openSqlite, type Database } from '../db/database';
import { DatabaseRateLimiter, FallbackRateLimiter, RedisRateLimiter, TooManyRequests, enforce, type RateLimiter } from './rate-limit';

const rule = { limit: 3, windowMs: 60_000 };

function behavesAsAFixedWindow(make: () => RateLimiter) {
  it('V6.3.1 allows `limit` hits per window and refuses the next with the seconds left', async () => {
    const limiter = make();
    const key = `k-${Math.random()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, rule));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3]!.retryAfter).toBeGreaterThan(55);
    expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has ended', async () => {
    const limiter = make();
    const key = `w-${Math.random()}`;
    const short = { limit: 1, windowMs: 300 };
    expect((await limiter.hit(key, short)).allowed).toBe(true);
    expect((await limiter.hit(key, short)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 350));
    expect(await limiter.hit(key, short)).toMatchObject({ allowed: true, count: 1 });
  });

  it('peek() reads the count of the current window without counting a hit, and 0 once it has ended', async () => {
    const limiter = make();
    const key = `p-${Math.random()}`;
    const short = { limit: 5, windowMs: 300 };
    expect(await limiter.peek(key, short)).toBe(0);
    await limiter.hit(key, short);
    await limiter.hit(key, short);
    expect(await limiter.peek(key, short)).toBe(2);
    expect(await limiter.peek(key, short)).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect(await limiter.peek(key, short)).toBe(0);
  });

  it('reset() forgets a key', async () => {
    const limiter = make();
    const key = `r-${Math.random()}`;
    for (let i = 0; i < 4; i++) await limiter.hit(key, rule);
    await limiter.reset(key);
    expect((await limiter.hit(key, rule)).count).toBe(1);
  });

  it('V2.4.1 counts every one of many concurrent hits (no lost updates)', async () => {
    const limiter = make();
    const key = `c-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(key, { limit: 10, windowMs: 60_000 })));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
}

describe(`DatabaseRateLimiter (${testDialect})`, () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    second = testDialect === 'postgres' ? openPostgres(database.url, { max: 5 }) : openSqlite(database.url);
  });
  afterAll(async () => {
    await second.close();
    await database.destroy();
  });

  behavesAsAFixedWindow(() => new DatabaseRateLimiter(database.db, database.dialect));

  it('V2.4.1 two processes (two connections) share one count', async () => {
    const a = new DatabaseRateLimiter(database.db, database.dialect);
    const b = new DatabaseRateLimiter(second.db, second.dialect);
    const key = `shared-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(key, { limit: 5, windowMs: 60_000 })));
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('enforce() throws a 429 naming the wait when any key is over its rule', async () => {
    const limiter = new DatabaseRateLimiter(database.db, database.dialect);
    const checks = [{ key: `e-${Math.random()}`, rule: { limit: 1, windowMs: 15 * 60_000 } }];
    await enforce(limiter, checks, 'OTP requests');
    const error = await enforce(limiter, checks, 'OTP requests').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect(error).toMatchObject({ statusCode: 429, message: 'Too many OTP requests. Please try again in 15 minutes.' });
  });

  it('prune() removes windows that ended long ago', async () => {
    const limiter = new DatabaseRateLimiter(database.db, database.dialect);
    await limiter.hit('old-key', rule);
    await database.db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() }).where('key', '=', 'old-key').execute();
    await limiter.prune();
    expect(await database.db.selectFrom('rate_limits').select('key').where('key', '=', 'old-key').execute()).toEqual([]);
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!hasRedis)('RedisRateLimiter (redis-server on loopback)', () => {
  let server: ChildProcess;
  let redis: Redis;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // refused while the server starts
    for (let i = 0; i < 50; i++) {
      try {
        await redis.connect();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  afterAll(() => {
    redis.disconnect();
    server.kill();
  });

  behavesAsAFixedWindow(() => new RedisRateLimiter(redis, `test:${Math.random()}:`));

  it('falls back to the database limiter when Redis does not answer', async () => {
    const database = await createTestDatabase();
    try {
      const dead = new Redis({ port: await freePort(), host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      dead.on('error', () => {});
      const errors: unknown[] = [];
      const limiter = new FallbackRateLimiter(new RedisRateLimiter(dead), new DatabaseRateLimiter(database.db, database.dialect), (e) => errors.push(e));
      expect(await limiter.hit('fb', rule)).toMatchObject({ allowed: true, count: 1 });
      expect(errors).toHaveLength(1);
      expect(await database.db.selectFrom('rate_limits').select('count').where('key', '=', 'fb').executeTakeFirst()).toEqual({ count: 1 });
      dead.disconnect();
    } finally {
      await database.destroy();
    }
  });
});
