import { describe, expect, it } from 'vitest';
import { isbnKey, isbnQuery, isbnValid, searchedIsbn } from './isbn';

describe('ISBN keys', () => {
  it('hyphens, spaces and dots are ignored and an ISBN-10 becomes its ISBN-13', () => {
    expect(isbnKey('978-984-8765-43-2')).toBe('9789848765432');
    expect(isbnKey('0-306-40615-2')).toBe('9780306406157');
    expect(isbnKey('978 0 306 40615 7')).toBe('9780306406157');
    expect(isbnKey('0.306.40615.2')).toBe('9780306406157');
    expect(isbnKey('080442957x')).toBe('9780804429573');
  });

  it('text not shaped like an ISBN has no key', () => {
    for (const text of ['hello', '', '12345', '978-984-0', '97898450201111', '12345678X9']) expect(isbnKey(text), text).toBeNull();
  });

  it('a misprinted ISBN-13 keeps its printed digits, so the book is found by what is on its cover', () => {
    expect(isbnKey('978-0-306-40615-3')).toBe('9780306406153');
  });
});

describe('ISBN check digits', () => {
  it('right check digits pass, in either form', () => {
    for (const text of ['978-0-306-40615-7', '0-306-40615-2', '0-8044-2957-X', '979-10-90636-07-1']) expect(isbnValid(text), text).toBe(true);
  });
  it('a wrong check digit, a 13-digit number outside 978/979, or no ISBN fails', () => {
    for (const text of ['978-0-306-40615-3', '0-306-40615-3', '1234567890128', 'hello']) expect(isbnValid(text), text).toBe(false);
  });
});

describe('what the search box treats as an ISBN', () => {
  it('digits with hyphens or spaces only; a title with digits is searched as words', () => {
    expect(searchedIsbn('978-984-502-011-1')).toBe('9789845020111');
    expect(searchedIsbn('0306406152')).toBe('9780306406157');
    expect(searchedIsbn('Himu 1971')).toBeNull();
    expect(searchedIsbn('1971')).toBeNull();
  });
  it('?isbn= refuses what is not an ISBN with a message', () => {
    expect(isbnQuery.safeParse('0306406152').success).toBe(true);
    const bad = isbnQuery.safeParse('abc');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('ISBN');
  });
});
