/**
 * SMS to a stranger's phone (issue 30, item 7), on the test database: codes and notices to one
 * number are capped per Dhaka day (a code answers 429, a notice is skipped), order messages and
 * staff alerts never are; once the shop-wide hourly limit is reached codes and notices wait in
 * the outbox while order messages go, and the owners get one SMS an hour; a code is masked in the
 * outbox once sent, and in the log driver's line unless SMS_LOG_CODES says otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPhone, type Signed, type TestApp } from '../test/app';
import { accountsClient, newIp } from '../test/accounts';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';
import { sql } from 'kysely';
import { enqueueSms } from './outbox';
import { LogGateway, type LogLike } from './gateway';
import { SMS_DAILY_LIMIT_MESSAGE } from './service';
import { CODE_MASK, budgetAlertText, dhakaDayStart } from '../../domain/sms-limits';

describe(`SMS limits (${testDialect})`, () => {
  let t: TestApp;
  let owner: Signed;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn({ admin: true });
  });
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const { post } = accountsClient(() => t);
  const outbox = (phone: string) => db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).orderBy('id').execute();
  const setLimits = (daily: number, hourly: number) => t.services.settings.update({ sms_daily_limit_per_number: daily, sms_hourly_limit: hourly });
  /** A customer whose number already had `n` codes today (and some order messages, which don't count). */
  async function numberWithCodesToday(n: number, kind = 'restock_code'): Promise<string> {
    const phone = testPhone();
    await t.services.users.create({ name: 'Stranger', phone_number: phone, password: 'correct horse battery' });
    for (let i = 0; i < n; i++) await enqueueSms(db(), phone, `code ${100000 + i}`, kind);
    for (let i = 0; i < 3; i++) await enqueueSms(db(), phone, `order #${i}`, 'order_confirmation');
    return phone;
  }

  describe('sms_daily_limit_per_number', () => {
    beforeAll(() => setLimits(5, 0));

    it('a recovery code to a number that had the day’s codes answers 429 until Dhaka midnight, and nothing is queued', async () => {
      const phone = await numberWithCodesToday(5);
      const before = (await outbox(phone)).length;
      const res = await post('/send_reset_otp/', { phone_number: phone });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(SMS_DAILY_LIMIT_MESSAGE);
      const wait = Number(res.headers['retry-after']);
      const midnight = (dhakaDayStart(new Date()).getTime() + 24 * 3600_000 - Date.now()) / 1000;
      expect(Math.abs(wait - midnight)).toBeLessThan(5);
      expect(await outbox(phone)).toHaveLength(before);
    });

    it('below the cap codes go; codes of every kind add up (recovery and back-in-stock)', async () => {
      const phone = await numberWithCodesToday(4);
      expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
      expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(429);
    });

    it('a back-in-stock code for a guest’s number over the cap answers 429', async () => {
      const phone = await numberWithCodesToday(5, 'password_reset');
      const book = await db()
        .insertInto('products')
        .values({ type: 'books', english_title: 'Sold out', regular_price: 100, units_stock: 0, created_at: nowIso(), updated_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'POST', url: `/api/product/${book.id}/notify/`, payload: { phone_number: phone }, headers: { 'x-forwarded-for': newIp() } });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('codes sent before this Dhaka day began do not count', async () => {
      const phone = testPhone();
      await t.services.users.create({ name: 'Yesterday', phone_number: phone, password: 'correct horse battery' });
      const yesterday = new Date(dhakaDayStart(new Date()).getTime() - 60_000).toISOString();
      for (let i = 0; i < 5; i++) await enqueueSms(db(), phone, 'old code 123456', 'password_reset');
      await db().updateTable('sms_outbox').set({ created_at: yesterday }).where('to_phone', '=', phone).execute();
      expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
    });

    it('a back-in-stock notice to a number over the cap is skipped (its request counts as notified); order messages and staff alerts always go', async () => {
      const phone = await numberWithCodesToday(5);
      expect(await t.services.sms.enqueue(phone, 'book back', 'back_in_stock')).toBeNull();
      for (const kind of ['order_confirmation', 'payment_received', 'shipment_out_for_delivery', 'order_confirm_link', 'staff_alert']) {
        expect(await t.services.sms.enqueue(phone, `about order #7 (${kind})`, kind), kind).toEqual(expect.any(Number));
      }
      // Through the back-in-stock round itself: the request is claimed and no message queued.
      const book = await db()
        .insertInto('products')
        .values({ type: 'books', english_title: 'Back again', regular_price: 100, units_stock: 3, created_at: nowIso(), updated_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().insertInto('restock_requests').values({ product_id: book.id, phone_number: phone, user_id: null, created_at: nowIso(), notified_at: null }).execute();
      const other = testPhone();
      await db().insertInto('restock_requests').values({ product_id: book.id, phone_number: other, user_id: null, created_at: nowIso(), notified_at: null }).execute();
      expect(await t.services.backInStock.notify([book.id])).toBe(2);
      expect((await outbox(phone)).filter((m) => m.kind === 'back_in_stock')).toEqual([]);
      expect((await outbox(other)).map((m) => m.kind)).toEqual(['back_in_stock']);
    });

    it('0 is no limit', async () => {
      await setLimits(0, 0);
      try {
        const phone = await numberWithCodesToday(30);
        expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
      } finally {
        await setLimits(5, 0);
      }
    });
  });

  describe('sms_hourly_limit', () => {
    const worker = () => t.services.sms.worker;
    /** `n` messages sent within the last hour (order messages count too). */
    async function sentRecently(n: number) {
      const phone = testPhone();
      for (let i = 0; i < n; i++) await enqueueSms(db(), phone, `order #${i}`, 'order_confirmation');
      const at = new Date(Date.now() - 10 * 60_000).toISOString();
      await db().updateTable('sms_outbox').set({ status: 'sent', sent_at: at, attempts: 1 }).where('to_phone', '=', phone).execute();
    }
    /** Due again now (as if the wait had passed). */
    const dueNow = () => db().updateTable('sms_outbox').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('status', '=', 'pending').execute();

    it('once the last hour reached it, codes and notices wait (not sent, not lost) while order messages and staff alerts go; the owners get one SMS an hour', async () => {
      // Everything earlier in the file is sent first, so only this test's messages are due.
      await setLimits(0, 0);
      await dueNow();
      while ((await worker().runOnce()) > 0);
      await setLimits(0, 5);
      const before = await worker().sentInLastHour();
      await sentRecently(Math.max(0, 5 - before));
      const code = testPhone();
      const customer = testPhone();
      await t.services.sms.enqueue(code, 'হাট: আপনার কোড 314159', 'restock_code');
      await t.services.sms.enqueue(code, 'book back', 'back_in_stock');
      await t.services.sms.enqueue(customer, 'হাট: অর্ডার #77 গ্রহণ করা হয়েছে', 'order_confirmation');
      await t.services.sms.enqueue(customer, 'late payment on #77', 'staff_alert');

      await worker().runOnce();
      expect((await outbox(customer)).map((m) => m.status)).toEqual(['sent', 'sent']);
      const held = await outbox(code);
      expect(held.map((m) => [m.kind, m.status, m.attempts])).toEqual([
        ['restock_code', 'pending', 0],
        ['back_in_stock', 'pending', 0],
      ]);
      expect(held.every((m) => Date.parse(m.next_attempt_at) > Date.now())).toBe(true);
      const alerts = await outbox(owner.phone);
      expect(alerts.map((m) => [m.kind, m.text])).toEqual([['staff_alert', budgetAlertText((await t.services.settings.get()).shop_name, 5)]]);

      // Still over the limit an instant later: still waiting, and no second alert this hour.
      await dueNow();
      await worker().runOnce();
      expect((await outbox(code)).map((m) => m.status)).toEqual(['pending', 'pending']);
      expect((await outbox(owner.phone)).filter((m) => m.kind === 'staff_alert')).toHaveLength(1);

      // The limit raised (or the hour passed): they go.
      await setLimits(0, 1000);
      await dueNow();
      await worker().runOnce();
      expect((await outbox(code)).map((m) => m.status)).toEqual(['sent', 'sent']);
    });
  });

  describe('codes once sent', () => {
    beforeAll(() => setLimits(0, 0));

    it('the outbox keeps a sent code masked; order messages keep their numbers', async () => {
      const phone = testPhone();
      await t.services.sms.enqueue(phone, 'হাট: আপনার পাসওয়ার্ড রিসেট কোড 271828। কাউকে জানাবেন না।', 'password_reset');
      await t.services.sms.enqueue(phone, 'হাট: আপনার অর্ডার #271828 গ্রহণ করা হয়েছে। মোট 560 টাকা।', 'order_confirmation');
      // Before it is sent the code is there (what the server tests read).
      expect((await outbox(phone))[0]!.text).toContain('271828');
      while ((await t.services.sms.worker.runOnce()) > 0);
      const [code, order] = await outbox(phone);
      expect(code).toMatchObject({ status: 'sent', text: `হাট: আপনার পাসওয়ার্ড রিসেট কোড ${CODE_MASK}। কাউকে জানাবেন না।` });
      expect(order).toMatchObject({ status: 'sent', text: 'হাট: আপনার অর্ডার #271828 গ্রহণ করা হয়েছে। মোট 560 টাকা।' });
    });

    it('the outbox keeps a sent order confirmation link with its token masked, and the back office never shows the token', async () => {
      const phone = testPhone();
      const token = 'k'.repeat(40) + '_9-';
      await t.services.sms.enqueue(phone, `হাট: আপনার অর্ডার #31 গ্রহণ করা হয়েছে। কনফার্ম করতে: https://shop.example/c/${token}`, 'order_confirmation');
      expect((await t.services.sms.list({ phone_number: phone }, { page: 1, size: 5, offset: 0 })).results[0]!.text).not.toContain(token);
      while ((await t.services.sms.worker.runOnce()) > 0);
      const [sent] = await outbox(phone);
      expect(sent).toMatchObject({ status: 'sent', text: `হাট: আপনার অর্ডার #31 গ্রহণ করা হয়েছে। কনফার্ম করতে: https://shop.example/c/${CODE_MASK}` });
    });

    it('with the log driver and SMS_LOG_CODES=1 (development) a sent code stays readable', async () => {
      const dev = await createTestApp({ sms: { driver: 'log', logCodes: true } });
      try {
        const phone = testPhone();
        await dev.services.sms.enqueue(phone, 'code 161803', 'restock_code');
        while ((await dev.services.sms.worker.runOnce()) > 0);
        const [row] = await dev.services.database.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).execute();
        expect(row).toMatchObject({ status: 'sent', text: 'code 161803' });
      } finally {
        await dev.close();
      }
    });

    it('the log driver masks codes in its line unless SMS_LOG_CODES=1', async () => {
      const lines: object[] = [];
      const log: LogLike = { info: (o) => lines.push(o), warn() {}, error() {} };
      await new LogGateway(() => log).send({ id: 1, to: '01712345678', text: 'কোড 123456', kind: 'password_reset' });
      await new LogGateway(() => log).send({ id: 2, to: '01712345678', text: 'অর্ডার #123456', kind: 'order_confirmation' });
      await new LogGateway(() => log, true).send({ id: 3, to: '01712345678', text: 'কোড 123456', kind: 'password_reset' });
      expect(lines.map((l) => (l as { text: string }).text)).toEqual([`কোড ${CODE_MASK}`, 'অর্ডার #123456', 'কোড 123456']);
    });
  });

  it('counts the last hour of sent messages through the partial index sms_outbox_sent, not a scan of the outbox', async () => {
    const db = t.services.database.db;
    const since = new Date(Date.now() - 3600_000).toISOString();
    const plan =
      testDialect === 'sqlite'
        ? (await sql<{ detail: string }>`explain query plan select count(*) from sms_outbox where sent_at >= ${since} and status = 'sent'`.execute(db)).rows.map((r) => r.detail).join(' ')
        : // A few rows make a scan cheapest: with scans priced out, the planner shows which index it can use.
          await db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const rows = (await sql<{ 'QUERY PLAN': string }>`explain select count(*) from sms_outbox where sent_at >= ${since}::timestamptz and status = 'sent'`.execute(trx)).rows;
            return rows.map((r) => r['QUERY PLAN']).join(' ');
          });
    expect(plan).toContain('sms_outbox_sent');
  });
});
