import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { constraintKind, isForeignKeyViolation, isUniqueViolation } from './errors';
import { nowIso } from './dialect';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.destroy());

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

describe('constraint errors are named the same on both databases', () => {
  it('a duplicate unique value is a unique violation', async () => {
    const now = nowIso();
    const user = { name: 'A', phone_number: '01711000001', password_hash: 'x', is_admin: 0, created_at: now, updated_at: now };
    await t.db.insertInto('users').values(user).execute();
    const error = await errorOf(() => t.db.insertInto('users').values(user).execute());
    expect(constraintKind(error)).toBe('unique');
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('a row pointing at a missing parent is a foreign-key violation', async () => {
    const error = await errorOf(() => t.db.insertInto('categories').values({ name: 'orphan', parent_id: 999_999, created_at: nowIso() }).execute());
    expect(constraintKind(error)).toBe('foreign_key');
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it('an error that is not a constraint failure is none of them', () => {
    expect(constraintKind(new Error('boom'))).toBeNull();
    expect(constraintKind(null)).toBeNull();
    expect(isUniqueViolation({ code: 42 })).toBe(false);
  });
});
