/**
 * The settings are kept in memory under their version (service.ts): a change saved anywhere —
 * this process, another process on the same database, twice in one millisecond — is what the
 * next read answers; while nothing changes every read answers the one frozen object.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { createSettingsService } from './service';

describe(`settings kept in memory (${testDialect})`, () => {
  let database: TestDatabase;
  beforeAll(async () => (database = await createTestDatabase()));
  afterAll(() => database.destroy());

  it('answers the same frozen object while nothing changed', async () => {
    const settings = createSettingsService(database.db, { dialect: database.dialect });
    const first = await settings.get();
    expect(await settings.get()).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.delivery_options) && Object.isFrozen(first.delivery_options[0])).toBe(true);
    expect(() => (first as { shop_name: string }).shop_name = 'changed').toThrow(TypeError);
  });

  it('reads a change saved by another process (another service on the same database) at the next read', async () => {
    const here = createSettingsService(database.db, { dialect: database.dialect });
    const there = createSettingsService(database.db, { dialect: database.dialect });
    await here.get();
    await there.update({ shop_name: 'অন্য দোকান', max_units_per_line: 7 });
    expect(await here.get()).toMatchObject({ shop_name: 'অন্য দোকান', max_units_per_line: 7 });
    await there.update({ max_units_per_line: 8 }); // a key already stored changes: the count stays, the time moves
    expect((await here.get()).max_units_per_line).toBe(8);
  });

  it('reads each of two saves made in the same millisecond', async () => {
    const here = createSettingsService(database.db, { dialect: database.dialect });
    const there = createSettingsService(database.db, { dialect: database.dialect });
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-01-01T00:00:00.000Z'));
    try {
      await there.update({ checkouts_per_hour: 11 });
      expect((await here.get()).checkouts_per_hour).toBe(11);
      await there.update({ checkouts_per_hour: 12 });
      expect((await here.get()).checkouts_per_hour).toBe(12);
    } finally {
      now.mockRestore();
    }
  });
});
