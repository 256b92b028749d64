import { describe, expect, it } from 'vitest';
import { fromBengaliDigits, toBengaliDigits } from './bengali-digits';

describe('Bengali digits', () => {
  it('writes every ASCII digit as its Bengali digit and leaves the rest', () => {
    expect(toBengaliDigits('৳ 1,250.09')).toBe('৳ ১,২৫০.০৯');
    expect(toBengaliDigits(7)).toBe('৭');
  });
  it('reads Bengali digits back as ASCII, and the two are inverse', () => {
    expect(fromBengaliDigits('অর্ডার #১২৩৪৫৬৭৮৯০')).toBe('অর্ডার #1234567890');
    expect(fromBengaliDigits(toBengaliDigits('0123456789'))).toBe('0123456789');
  });
});
