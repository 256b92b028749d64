/**
 * Issue 35, the morning notice: once a Dhaka day, from 09:00, each manager and owner gets one SMS
 * (`low_stock_alert`, through the outbox) saying how many products are low and naming the first
 * few; nothing before 09:00, nothing again that day (a restart, a second process: on PostgreSQL
 * two service instances over one database, as two processes), nothing when nothing is low.
 * The clock is the round's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertProduct } from '../test/orders-fixtures';
import { openDatabase, type Database } from '../db/database';
import { createServices, type Services } from '../services';

/** 09:00 in Dhaka is 03:00 UTC. */
const dhaka = (day: string, time: string) => Date.parse(`${day}T${time}:00+06:00`);

describe(`the morning low-stock notice (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;
  let owner: Signed;
  let packer: Signed;
  /** Another process's services: on PostgreSQL its own connections to the same database. */
  let other: { database: Database; services: Services };

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://shop.example' });
    manager = await t.signIn({ role: 'manager' });
    owner = await t.signIn({ role: 'owner' });
    packer = await t.signIn({ role: 'packer' });
    await t.signIn();
    const database = testDialect === 'postgres' ? openDatabase(t.database.url, t.database.dataDir) : t.database;
    other = { database, services: createServices(database, t.services.config) };
    await t.services.settings.update({ shop_name: 'হাট', low_stock_default: 2 });
  });
  afterAll(async () => {
    if (other.database !== t.database) await other.database.close();
    await t.close();
  });

  const db = () => t.services.database.db;
  const alerts = () => db().selectFrom('sms_outbox').select(['to_phone', 'text']).where('kind', '=', 'low_stock_alert').orderBy('id').execute();
  const notice = (at: number, services: Services = t.services) => services.stock.notice.runOnce(at);

  it('sends nothing before 09:00 Dhaka time; at 09:00 one SMS to each manager and owner, never to other staff or customers', async () => {
    await insertProduct(db(), { title: 'Himu', units_stock: 1 });
    await insertProduct(db(), { title: 'Misir Ali', units_stock: 0 });
    await insertProduct(db(), { title: 'Plenty', units_stock: 50 });
    expect(await notice(dhaka('2026-11-28', '08:59'))).toBe('early');
    expect(await alerts()).toEqual([]);

    expect(await notice(dhaka('2026-11-28', '09:00'))).toBe('sent');
    const sent = await alerts();
    const phones = (await db().selectFrom('users').select('phone_number').where('role', 'in', ['manager', 'owner']).execute()).map((u) => u.phone_number);
    expect(sent.map((s) => s.to_phone).sort()).toEqual([...phones].sort());
    expect(phones).toEqual(expect.arrayContaining([manager.phone, owner.phone]));
    expect(sent.map((s) => s.to_phone)).not.toContain(packer.phone);
    expect(sent[0]!.text).toMatch(/^হাট: 2টি পণ্যের স্টক কম — /);
    expect(sent[0]!.text).toContain('Himu');
    expect(sent[0]!.text).toContain('Misir Ali');
    expect(sent[0]!.text).toContain('https://shop.example/admin-stock-low');
  });

  it('sends nothing again the same Dhaka day: a later round, a restart (new services) or the evening', async () => {
    const before = (await alerts()).length;
    expect(await notice(dhaka('2026-11-28', '09:05'))).toBe('done');
    expect(await notice(dhaka('2026-11-28', '15:00'), other.services)).toBe('done');
    expect(await notice(dhaka('2026-11-28', '23:30'))).toBe('early');
    expect((await alerts()).length).toBe(before);
  });

  it('two processes at 09:00 the next day: one claims the day, each recipient gets one SMS', async () => {
    const before = (await alerts()).length;
    const results = await Promise.all([notice(dhaka('2026-11-29', '09:00')), notice(dhaka('2026-11-29', '09:00'), other.services)]);
    expect(results.sort()).toEqual(['done', 'sent']);
    const recipients = (await db().selectFrom('users').select('id').where('role', 'in', ['manager', 'owner']).execute()).length;
    expect((await alerts()).length).toBe(before + recipients);
  });

  it('a day with nothing low is claimed and sends nothing', async () => {
    await db().updateTable('products').set({ is_active: 0 }).where('units_stock', '<=', 2).execute();
    const before = (await alerts()).length;
    expect(await notice(dhaka('2026-11-30', '10:00'))).toBe('nothing');
    expect(await notice(dhaka('2026-11-30', '11:00'))).toBe('done');
    expect((await alerts()).length).toBe(before);
  });
});
