import { describe, expect, it } from 'vitest';
import { MAX_PRINT_IDS, allPacked, labelsQuery, lineForCode, readScanCode, scanSchema } from './packing';
import { isbnKey } from './isbn';

describe('a scanned code', () => {
  it('bare digits are an order number first, then a consignment id', () => {
    expect(readScanCode(' 1234 ')).toEqual({ orderNumber: 1234, parcelCode: '1234', numberFirst: true });
  });

  it('#1234 is only an order number; a prefix like ORD-1234 is a parcel code first, then order 1234', () => {
    expect(readScanCode('#1234')).toEqual({ orderNumber: 1234, parcelCode: null, numberFirst: true });
    expect(readScanCode('ORD-1234')).toEqual({ orderNumber: 1234, parcelCode: 'ORD-1234', numberFirst: false });
  });

  it('a tracking code with letters and digits mixed is a parcel code only; spaces inside are dropped', () => {
    expect(readScanCode('15BA EB8A')).toEqual({ orderNumber: null, parcelCode: '15BAEB8A', numberFirst: false });
    expect(readScanCode('99999999999999')).toMatchObject({ orderNumber: null, parcelCode: '99999999999999' });
  });

  it('the scan call wants a code: blank is a per-field 400', () => {
    expect(scanSchema.safeParse({ code: '   ' }).error?.issues[0]?.path).toEqual(['code']);
    expect(scanSchema.parse({ code: ' 12 ' })).toEqual({ code: '12' });
  });
});

describe('the print calls read ids=', () => {
  it('distinct order numbers in the order given, # allowed', () => {
    expect(labelsQuery.parse({ ids: '3, #1,3,2' })).toEqual({ ids: [3, 1, 2], size: 'a4' });
    expect(labelsQuery.parse({ ids: '7', size: '4x6' })).toEqual({ ids: [7], size: '4x6' });
  });

  it(`at least one, at most ${MAX_PRINT_IDS}, numbers only, a known size`, () => {
    expect(labelsQuery.safeParse({ ids: '' }).success).toBe(false);
    expect(labelsQuery.safeParse({ ids: '1,x' }).success).toBe(false);
    expect(labelsQuery.safeParse({ ids: '1', size: 'a5' }).success).toBe(false);
    const many = Array.from({ length: MAX_PRINT_IDS + 1 }, (_, i) => i + 1).join(',');
    expect(labelsQuery.safeParse({ ids: many }).error?.issues[0]?.message).toContain(String(MAX_PRINT_IDS));
    expect(labelsQuery.safeParse({ ids: many.replace(/,\d+$/, '') }).success).toBe(true);
  });
});

describe('ISBNs at the packing desk', () => {
  it('hyphens and spaces are ignored and an ISBN-10 equals its ISBN-13', () => {
    expect(isbnKey('978-984-8765-43-2')).toBe('9789848765432');
    expect(isbnKey('0-306-40615-2')).toBe('9780306406157');
    expect(isbnKey('978 0 306 40615 7')).toBe('9780306406157');
    expect(isbnKey('hello')).toBeNull();
  });

  const lines = [
    { id: 1, product: 10, quantity: 2, isbn: '978-0-306-40615-7' },
    { id: 2, product: 11, quantity: 1, isbn: '' },
  ];

  it("a scanned ISBN ticks its book's line until all its units are counted; P11 ticks a product without one", () => {
    expect(lineForCode('0306406152', lines, {})?.id).toBe(1);
    expect(lineForCode('9780306406157', lines, { 1: 2 })?.id).toBe(1);
    expect(lineForCode('p11', lines, {})?.id).toBe(2);
    expect(lineForCode('11', lines, {})).toBeNull();
    expect(lineForCode('9789840000000', lines, {})).toBeNull();
    // A stored ISBN that is not a valid one (twelve digits) still matches its own digits.
    expect(lineForCode('978984100023', [{ id: 3, product: 12, quantity: 1, isbn: '978-984-1000-23' }], {})?.id).toBe(3);
  });

  it('an order is packed when every unit of every line is counted', () => {
    expect(allPacked(lines, { 1: 1, 2: 1 })).toBe(false);
    expect(allPacked(lines, { 1: 2, 2: 1 })).toBe(true);
    expect(allPacked([], {})).toBe(false);
  });
});
