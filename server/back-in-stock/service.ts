/**
 * services.backInStock: back-in-stock requests. A shopper asks to be told when a sold-out product
 * is back — signed in (the account's number), or as a guest whose number is proved by a texted
 * code (hashed, 10 minutes, 5 wrong tries, used once; sending and checking are rate-limited like
 * password recovery). When the product is offered again each waiting request gets one SMS:
 * the catalogue says so after an update commits (`productsBack`), and a sweep in every process
 * catches what a process that died between commit and hook missed. Requests are claimed with
 * one conditional UPDATE … RETURNING and their SMS queued in the same transaction, so several
 * processes never text a request twice.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { nowIso } from '../db/dialect';
import { HttpError, conflict, notFound } from '../http/errors';
import { TooManyRequests, enforce, type RateLimiter, type RateRule } from '../accounts/rate-limit';
import type { SmsService } from '../notifications/service';
import type { StockSummary } from '../catalog/service';
import { IntervalWorker, type WorkerLog } from '../jobs/interval-worker';
import { CODE_LIMITS, CODE_MAX_WRONG, codeChecks, CODE_TTL_MS, makeCode as makeOneTimeCode, hashCode as hashOneTimeCode, sameHash } from '../accounts/one-time-codes';
import { productPath } from '../../domain/store-paths';
import { BACK_IN_STOCK_MESSAGES as M, BACK_IN_STOCK_OTP_LENGTH, backInStockText, guestBackInStockSchema, backInStockCodeText, type BackInStockRequestInput } from '../../domain/back-in-stock';

/** As password recovery's: a number gets at most 3 codes in 15 minutes, an address 10. */
export const BACK_IN_STOCK_LIMITS = CODE_LIMITS;

export interface BackInStockLog extends WorkerLog {
  info(obj: object, msg?: string): void;
}

const consoleLog: BackInStockLog = {
  error: (obj, msg) => console.error(msg ?? 'restock', obj),
  info: () => {},
};

export interface BackInStockDeps {
  /** The catalogue's read of products by id (catalog.stock.summaries). */
  products(ids: readonly number[]): Promise<StockSummary[]>;
  sms: Pick<SmsService, 'enqueue' | 'nudge'>;
  limiter: RateLimiter;
  shopName(): Promise<string>;
  /** The shop's public origin: the SMS carries the product's absolute link. */
  publicUrl: string;
  limits?: typeof BACK_IN_STOCK_LIMITS;
  /** Between sweeps; default one minute. */
  pollMs?: number;
  /** The database's dialect (for the sweep's job lock). */
  dialect: DialectName;
}

/** Who asks: the signed-in account (its own number), or a guest from this address. */
export interface Asker {
  user: { id: number; phone_number: string } | null;
  ip?: string | undefined;
}

export type AskResult = { status: 201; message: string } | { status: 202; message: string };

export interface WaitingProduct {
  product: number;
  title: string;
  waiting: number;
  units_stock: number;
}

export function makeCode(): string {
  return makeOneTimeCode(BACK_IN_STOCK_OTP_LENGTH);
}

/** Codes are stored only as hashes, bound to the number so equal codes hash differently. */
export function hashCode(phone: string, code: string): string {
  return hashOneTimeCode('haat-restock', phone, code);
}

// On sale, not merely on the shelf: units promised to waiting pre-orders bring nobody back.
const offered = (p: StockSummary) => p.is_active && p.on_sale > 0;

export function createBackInStockService(db: Kysely<DB>, deps: BackInStockDeps) {
  const limits = deps.limits ?? BACK_IN_STOCK_LIMITS;
  let log: BackInStockLog = consoleLog;

  /** The limits in Bengali, still 429 with Retry-After. */
  async function limit(checks: { key: string; rule: RateRule }[]): Promise<void> {
    try {
      await enforce(deps.limiter, checks, 'attempts');
    } catch (error) {
      if (!(error instanceof TooManyRequests)) throw error;
      throw new TooManyRequests(M.tooMany(Math.ceil(error.retryAfter / 60)), error.retryAfter);
    }
  }

  /** The product a shopper may ask about: offered (404 otherwise) and sold out (409 otherwise). */
  async function soldOut(productId: number): Promise<StockSummary> {
    const [p] = await deps.products([productId]);
    if (!p || !p.is_active) throw notFound(M.notFound);
    if (p.on_sale > 0) throw conflict(M.inStock, { units_stock: p.on_sale });
    return p;
  }

  /** One waiting request per product and number: a repeat changes nothing. */
  async function record(q: Kysely<DB>, productId: number, phone: string, userId: number | null): Promise<void> {
    await q
      .insertInto('restock_requests')
      .values({ product_id: productId, phone_number: phone, user_id: userId, created_at: nowIso(), notified_at: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async function sendCode(phone: string, ip: string): Promise<void> {
    await limit(codeChecks('restock', 'send', phone, ip, limits));
    const code = makeCode();
    const shop = await deps.shopName();
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      // Earlier codes stop working; codes long past their life are forgotten.
      await trx.updateTable('restock_codes').set({ used_at: now.toISOString() }).where('phone_number', '=', phone).where('used_at', 'is', null).execute();
      await trx.deleteFrom('restock_codes').where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000).toISOString()).execute();
      await trx
        .insertInto('restock_codes')
        .values({ phone_number: phone, code_hash: hashCode(phone, code), attempts: 0, expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(), used_at: null, created_at: now.toISOString() })
        .execute();
      await deps.sms.enqueue(phone, backInStockCodeText(shop, code), 'restock_code', trx);
    });
    deps.sms.nudge();
  }

  /**
   * Checks the code and records the request with it used up, in one transaction. A try is
   * reserved with a conditional UPDATE before comparing, so parallel guesses never get more than 5.
   */
  async function confirm(productId: number, phone: string, otp: string, ip: string): Promise<void> {
    await limit(codeChecks('restock', 'check', phone, ip, limits));
    const gone = () => new HttpError(400, M.codeGone, { otp: [M.codeGone] });
    const code = await db.selectFrom('restock_codes').selectAll().where('phone_number', '=', phone).where('used_at', 'is', null).orderBy('id', 'desc').executeTakeFirst();
    if (!code || code.expires_at <= nowIso()) throw gone();
    const reserved = await db
      .updateTable('restock_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', code.id)
      .where('attempts', '<', CODE_MAX_WRONG)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) throw new HttpError(400, M.codeLocked, { otp: [M.codeLocked] });
    if (!sameHash(code.code_hash, hashCode(phone, otp))) throw new HttpError(400, M.codeWrong, { otp: [M.codeWrong] });
    await db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('restock_codes').set({ used_at: nowIso() }).where('id', '=', code.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw gone();
      await record(trx, productId, phone, null);
    });
  }

  /**
   * Texts every waiting request of these products that are offered again; answers how many
   * messages were queued. Each product's requests are claimed and their messages queued in
   * one transaction.
   */
  async function notify(productIds: readonly number[]): Promise<number> {
    const due = (await deps.products([...new Set(productIds)])).filter(offered);
    if (!due.length) return 0;
    const shop = await deps.shopName();
    let sent = 0;
    for (const p of due) {
      const text = backInStockText(shop, p.english_title || p.bangla_title, `${deps.publicUrl}${productPath(p)}`);
      sent += await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('restock_requests')
          .set({ notified_at: nowIso() })
          .where('product_id', '=', p.id)
          .where('notified_at', 'is', null)
          .returning(['id', 'phone_number'])
          .execute();
        // One SMS per number even if, by some past race, a number waits twice.
        for (const phone of new Set(claimed.map((r) => r.phone_number))) await deps.sms.enqueue(phone, text, 'back_in_stock', trx);
        return claimed.length;
      });
    }
    if (sent) {
      deps.sms.nudge();
      log.info({ products: due.map((p) => p.id), requests: sent }, 'restock: back-in-stock messages queued');
    }
    return sent;
  }

  /** The sweep: products with waiting requests that are offered again (a missed hook, a cancelled order's stock). */
  async function sweep(batch = 500): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('restock_requests')
        .select('product_id')
        .distinct()
        .where('notified_at', 'is', null)
        .where('product_id', '>', after)
        .orderBy('product_id')
        .limit(batch)
        .execute();
      if (!rows.length) return sent;
      sent += await notify(rows.map((r) => r.product_id));
      after = rows[rows.length - 1]!.product_id;
      if (rows.length < batch) return sent;
    }
  }

  // One process's sweep at a time (server/jobs/exclusive.ts): the others would scan the same requests and queue behind its claims.
  const worker = new IntervalWorker('restock sweep', () => sweep(), () => log, deps.pollMs ?? 60_000, { exclusive: { db, dialect: deps.dialect } });

  return {
    /**
     * `POST /api/product/{id}/notify/`: a signed-in shopper's request is recorded (201); a guest
     * gets a code (202), then records with it (201).
     */
    async ask(productId: number, input: BackInStockRequestInput, who: Asker): Promise<AskResult> {
      await soldOut(productId);
      if (who.user) {
        await record(db, productId, who.user.phone_number, who.user.id);
        return { status: 201, message: M.recorded };
      }
      const { phone_number: phone, otp } = guestBackInStockSchema.parse(input);
      const ip = who.ip || 'unknown';
      if (otp === undefined) {
        await sendCode(phone!, ip);
        return { status: 202, message: M.codeSent };
      }
      await confirm(productId, phone!, otp, ip);
      return { status: 201, message: M.recorded };
    },

    /** The catalogue's hook after a committed update made products available: text their requests now. */
    productsBack(productIds: number[]): void {
      void notify(productIds).catch((error: unknown) => log.error({ err: error, products: productIds }, 'restock: notifying failed; the sweep will retry'));
    },

    notify,
    sweep,

    /** Waiting requests per product, for the back office's product lists. */
    async waitingCounts(productIds: readonly number[]): Promise<Map<number, number>> {
      if (!productIds.length) return new Map();
      const rows = await db
        .selectFrom('restock_requests')
        .select((eb) => ['product_id', eb.fn.countAll<number | string>().as('n')])
        .where('product_id', 'in', [...productIds])
        .where('notified_at', 'is', null)
        .groupBy('product_id')
        .execute();
      return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
    },

    /** Products with waiting requests, most waiting first: what to reorder first. */
    async waitingList(page: { size: number; offset: number }): Promise<{ count: number; results: WaitingProduct[] }> {
      const waiting = db.selectFrom('restock_requests').where('notified_at', 'is', null);
      const [{ count }, rows] = await Promise.all([
        waiting.select((eb) => eb.fn.count<number | string>('product_id').distinct().as('count')).executeTakeFirstOrThrow(),
        waiting
          .select((eb) => ['product_id', eb.fn.countAll<number | string>().as('n')])
          .groupBy('product_id')
          .orderBy('n', 'desc')
          .orderBy('product_id')
          .limit(page.size)
          .offset(page.offset)
          .execute(),
      ]);
      const products = new Map((await deps.products(rows.map((r) => r.product_id))).map((p) => [p.id, p]));
      return {
        count: Number(count),
        results: rows.map((r) => {
          const p = products.get(r.product_id);
          return { product: r.product_id, title: p ? p.english_title || p.bangla_title : '', waiting: Number(r.n), units_stock: p?.units_stock ?? 0 };
        }),
      };
    },

    worker,
    start(logger?: BackInStockLog): void {
      if (logger) log = logger;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}

export type BackInStockService = ReturnType<typeof createBackInStockService>;
