import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './next';

describe('safeNext', () => {
  it('keeps a local path with its query', () => {
    expect(safeNext('/checkout')).toBe('/checkout');
    expect(safeNext('/books?page=2')).toBe('/books?page=2');
  });
  it('falls back to home when nothing is given', () => {
    expect(safeNext(null)).toBe('/');
    expect(safeNext('')).toBe('/');
  });
  it('refuses other origins, protocol-relative and backslash tricks', () => {
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/ok\\x')).toBe('/');
    expect(safeNext('javascript:alert(1)')).toBe('/');
    expect(safeNext('/a\nb')).toBe('/');
  });
});

describe('withNext', () => {
  it('carries the return page as an encoded parameter', () => {
    expect(withNext('/login', '/checkout')).toBe('/login?next=%2Fcheckout');
    expect(withNext('/login', '/')).toBe('/login');
  });
});
