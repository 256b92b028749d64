/**
 * Rate limits shared by every server process (OWASP ASVS 5.0 V6.3.1 / V2.4.1), so guessing
 * passwords or codes can not be sped up by spreading requests over processes:
 * fixed windows counted in the database's `rate_limits` table with one atomic
 * upsert-increment, or in Redis when REDIS_URL is set. Both implement `RateLimiter`.
 */
import { sql, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import { HttpError } from '../http/errors';

export interface RateRule {
  /** At most this many hits per window… */
  limit: number;
  /** …of this many milliseconds. */
  windowMs: number;
}

export interface RateResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/** The strategy: count one hit against `key` and say whether it is still within the rule. */
export interface RateLimiter {
  hit(key: string, rule: RateRule): Promise<RateResult>;
  /** The hits counted against `key` in its current window, without counting one. */
  peek(key: string, rule: RateRule): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function result(count: number, rule: RateRule, windowStartMs: number, now: number): RateResult {
  return { allowed: count <= rule.limit, count, retryAfter: Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now) / 1000)) };
}

/**
 * One statement per hit: insert the key with count 1, or on conflict either start a new window
 * (the old one has ended) or add one. SQLite ≥ 3.35 and PostgreSQL both run it as written; the
 * only dialect difference is how a text parameter compares with the timestamp column.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
  ) {}

  private lastPrune = 0;

  async hit(key: string, rule: RateRule): Promise<RateResult> {
    const now = Date.now();
    if (now - this.lastPrune > 3600_000) {
      this.lastPrune = now;
      void this.prune().catch(() => {});
    }
    const nowIso = new Date(now).toISOString();
    const cutoff = new Date(now - rule.windowMs).toISOString();
    const cutoffValue = timestampParam(this.dialect, cutoff);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: nowIso, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start <= ${cutoffValue} then 1 else rate_limits.count + 1 end`,
          window_start: sql<string>`case when rate_limits.window_start <= ${cutoffValue} then excluded.window_start else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return result(Number(row.count), rule, Date.parse(row.window_start), now);
  }

  async peek(key: string, rule: RateRule): Promise<number> {
    const row = await this.db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    return row && Date.parse(row.window_start) > Date.now() - rule.windowMs ? Number(row.count) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Old windows are useless; the table is trimmed now and then. */
  async prune(olderThanMs = 24 * 3600_000): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_start', '<', new Date(Date.now() - olderThanMs).toISOString()).execute();
  }

  async close(): Promise<void> {}
}

/** INCR and the window's expiry in one Lua call, so concurrent processes never lose a hit. */
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'haat:rl:',
  ) {}

  async hit(key: string, rule: RateRule): Promise<RateResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(rule.windowMs))) as [number, number];
    const now = Date.now();
    return result(count, rule, now + ttl - rule.windowMs, now);
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * Redis when it answers; the database when it does not, so a Redis outage neither locks
 * everyone out nor switches the limits off.
 */
export class FallbackRateLimiter implements RateLimiter {
  constructor(
    private readonly primary: RateLimiter,
    private readonly fallback: RateLimiter,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  hit(key: string, rule: RateRule): Promise<RateResult> {
    return this.answer((limiter) => limiter.hit(key, rule));
  }

  peek(key: string, rule: RateRule): Promise<number> {
    return this.answer((limiter) => limiter.peek(key, rule));
  }

  /** The primary's answer, or the fallback's when the primary fails (the failure reported). */
  private async answer<T>(ask: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    try {
      return await ask(this.primary);
    } catch (error) {
      this.onError(error);
      return ask(this.fallback);
    }
  }

  async reset(key: string): Promise<void> {
    await Promise.allSettled([this.primary.reset(key), this.fallback.reset(key)]);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.primary.close(), this.fallback.close()]);
  }
}

export function createRateLimiter(db: Kysely<DB>, dialect: DialectName, redisUrl?: string): RateLimiter {
  const database = new DatabaseRateLimiter(db, dialect);
  if (!redisUrl) return database;
  // Lazy: nothing connects until the first limited request (create-admin never does).
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
  redis.on('error', () => {}); // reported through FallbackRateLimiter when a call fails
  return new FallbackRateLimiter(new RedisRateLimiter(redis), database);
}

export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, message, undefined, { retry_after: retryAfter });
  }
}

export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Counts a hit on every key; throws 429 naming the wait when any of them is over its rule. */
export async function enforce(limiter: RateLimiter, checks: { key: string; rule: RateRule }[], what: string): Promise<void> {
  let worst = 0;
  for (const { key, rule } of checks) {
    const r = await limiter.hit(key, rule);
    if (!r.allowed) worst = Math.max(worst, r.retryAfter);
  }
  if (worst) throw new TooManyRequests(`Too many ${what}. Please try again in ${waitText(worst)}.`, worst);
}
