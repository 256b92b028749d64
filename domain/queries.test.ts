import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID, MAX_PAGE, idSchema, lenientQuery, pageOfUrl, pageQuery, parseId, queryValues, toPage } from './queries';

describe('ids', () => {
  it('accepts whole numbers from 1 to the largest 32-bit id', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });
  it('refuses zero, negatives, fractions, words and ids beyond 32 bits', () => {
    for (const raw of ['0', '-1', '1.5', 'abc', '', String(MAX_ID + 1), '1e3', '0x10', '7.0']) expect(parseId(raw)).toBeNull();
    expect(idSchema.safeParse('2.5').success).toBe(false);
  });
});

describe('pages', () => {
  it('is 20 a page by default, with page_size up to 100 and page up to 100,000', () => {
    expect(toPage(pageQuery.parse({}))).toEqual({ page: 1, size: 20, offset: 0 });
    expect(toPage(pageQuery.parse({ page: '3', page_size: '50' }))).toEqual({ page: 3, size: 50, offset: 100 });
    expect(pageQuery.safeParse({ page_size: '101' }).success).toBe(false);
    expect(pageQuery.safeParse({ page: String(MAX_PAGE + 1) }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '0' }).success).toBe(false);
  });
  it('a loader reads a bad page number as page 1 and keeps the other values', () => {
    expect(pageOfUrl(new URL('http://x/books?page=abc'))).toEqual({ page: 1, size: 20, offset: 0 });
    expect(pageOfUrl(new URL('http://x/books?page=4'), 10)).toEqual({ page: 4, size: 10, offset: 30 });
    const schema = pageQuery.extend({ author: idSchema.optional() });
    expect(lenientQuery(schema, new URL('http://x/books?page=-2&author=5'))).toEqual({ author: 5 });
  });
  it('an empty query value means not given', () => {
    expect(queryValues(new URLSearchParams('a=&b=1'))).toEqual({ b: '1' });
    expect(z.object({ a: z.string().optional() }).parse(queryValues({ a: '' }))).toEqual({});
  });
});
