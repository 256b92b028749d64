import { describe, expect, it } from 'vitest';
import { LIST_SLUG, isListLive, listSchema, moveItem, slugFrom } from './lists';

describe('curated lists: the pure rules', () => {
  it('a slug is suggested from the English title: lowercase latin words joined by single hyphens', () => {
    expect(slugFrom('Ekushey Book Fair 2026!')).toBe('ekushey-book-fair-2026');
    expect(slugFrom('  Café — “New” books  ')).toBe('cafe-new-books');
    expect(slugFrom('বইমেলা')).toBe('');
    expect(LIST_SLUG.test(slugFrom('A  b--c'))).toBe(true);
    expect(['boi-mela', 'a1', '2026'].every((s) => LIST_SLUG.test(s))).toBe(true);
    expect(['Boi', 'boi_mela', '-boi', 'boi-', 'boi--mela', 'বই'].some((s) => LIST_SLUG.test(s))).toBe(false);
  });

  it('a list is live while switched on, from its start (inclusive) to its end (exclusive)', () => {
    const now = new Date('2026-02-10T00:00:00Z');
    const l = { is_active: true, starts_at: '2026-02-01T00:00:00Z', ends_at: '2026-02-10T00:00:00Z' };
    expect(isListLive(l, new Date('2026-02-01T00:00:00Z'))).toBe(true);
    expect(isListLive(l, now)).toBe(false);
    expect(isListLive({ ...l, ends_at: null }, now)).toBe(true);
    expect(isListLive({ ...l, is_active: false, ends_at: null }, now)).toBe(false);
    expect(isListLive({ is_active: true, starts_at: null, ends_at: null }, now)).toBe(true);
    expect(isListLive({ ...l, starts_at: '2026-03-01T00:00:00Z', ends_at: null }, now)).toBe(false);
  });

  it('moving an item keeps every other in order and stops at the ends', () => {
    expect(moveItem([1, 2, 3, 4], 2, 0)).toEqual([3, 1, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 9)).toEqual([2, 3, 4, 1]);
    expect(moveItem([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });
});

describe('list dates', () => {
  const base = { title: 'বইমেলা', slug: 'boi-mela' };
  it('take a full ISO instant with Z or an offset; refuse loose text, impossible days and five-digit years', () => {
    expect(listSchema.safeParse({ ...base, starts_at: '2026-02-01T00:00:00.000Z', ends_at: '2026-03-01T00:00:00+06:00' }).success).toBe(true);
    for (const bad of ['1', '2026-02-30T00:00:00Z', '+010000-01-01T00:00:00Z', '1999-12-31T00:00:00Z', '2026-02-01']) {
      expect(listSchema.safeParse({ ...base, starts_at: bad }).success, bad).toBe(false);
    }
  });
});
