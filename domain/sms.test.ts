import { describe, expect, it } from 'vitest';
import { fitOneSms, fitsOneSms, gsmLength, smsParts, smsSize } from './sms';

describe('SMS parts', () => {
  it('counts GSM-7 text in septets: 160 in one part, 153 a part beyond', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(fitsOneSms('Haat: order #12 is on its way.')).toBe(true);
  });

  it('counts extension characters as two septets', () => {
    expect(gsmLength('{}€')).toBe(6);
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts('€'.repeat(81))).toBe(2);
  });

  it('counts any text with a character outside GSM-7 in UTF-16 units: 70 in one part, 67 a part beyond', () => {
    const bengali = 'অর্ডার';
    expect(smsSize(bengali).encoding).toBe('ucs2');
    expect(smsParts('অ'.repeat(70))).toBe(1);
    expect(smsParts('অ'.repeat(71))).toBe(2);
    expect(smsParts('a'.repeat(69) + 'অ')).toBe(1);
    expect(smsParts('a'.repeat(70) + 'অ')).toBe(2);
    expect(smsParts('অ'.repeat(134))).toBe(2);
    expect(smsParts('অ'.repeat(135))).toBe(3);
    // An emoji is two UTF-16 units.
    expect(smsSize('😀').units).toBe(2);
    expect(smsParts('')).toBe(1);
  });

  it('cuts the given text until the message fits one part', () => {
    const text = fitOneSms((shop) => `${shop}: your order #1 is on its way.`, 'A'.repeat(300));
    expect(fitsOneSms(text)).toBe(true);
    expect(text.length).toBeGreaterThan(150);
    expect(fitOneSms((shop) => `${shop}: hi`, 'Haat')).toBe('Haat: hi');
  });
});
