import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  it('keeps an 11-digit Bangladeshi mobile number as it is', () => {
    expect(normalizePhone('01712345678')).toBe('01712345678');
  });
  it('strips the +880 and 880 country prefixes', () => {
    expect(normalizePhone('+8801812345678')).toBe('01812345678');
    expect(normalizePhone('8801912345678')).toBe('01912345678');
  });
  it('ignores spaces and dashes', () => {
    expect(normalizePhone('017-1234 5678')).toBe('01712345678');
  });
  it('rejects numbers outside 013-019 and wrong lengths', () => {
    expect(normalizePhone('01212345678')).toBeNull();
    expect(normalizePhone('0171234567')).toBeNull();
    expect(normalizePhone('017123456789')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
  });
});
