import { describe, expect, it } from 'vitest';
import { bookingHold, isPreorderLine, latestRelease, preorderAvailable, preorderFilledSms, preorderPaymentAllowed, releaseDateText, stockOnSale } from './preorders';
import { preorderField } from './preorder-form';

const product = (p: Partial<Parameters<typeof isPreorderLine>[0]> = {}) => ({ preorder_release_date: '2026-02-15', preorder_limit: 10, preorder_taken: 0, preorder_waiting: 0, units_stock: 0, ...p });

describe('pre-order rules', () => {
  it('a line of a pre-order product is a pre-order unless the stock on sale covers it and the release date has come', () => {
    expect(isPreorderLine(product(), 1, '2026-03-01')).toBe(true); // no stock
    expect(isPreorderLine(product({ units_stock: 5 }), 1, '2026-02-01')).toBe(true); // stock, but before release
    expect(isPreorderLine(product({ units_stock: 5 }), 1, '2026-02-15')).toBe(false); // both: from stock
    expect(isPreorderLine(product({ units_stock: 5, preorder_waiting: 5 }), 1, '2026-03-01')).toBe(true); // the stock is owed to waiting pre-orders
    expect(isPreorderLine(product({ units_stock: 5, preorder_waiting: 3 }), 3, '2026-03-01')).toBe(true); // 2 on sale, 3 asked
    expect(isPreorderLine(product({ preorder_release_date: null }), 1, '2026-03-01')).toBe(false); // no pre-order
  });

  it('the stock on sale is the stock less the units waiting; the units left are the limit less those taken', () => {
    expect(stockOnSale({ units_stock: 5, preorder_waiting: 2 })).toBe(3);
    expect(stockOnSale({ units_stock: 1, preorder_waiting: 2 })).toBe(0);
    expect(preorderAvailable(product({ preorder_taken: 4 }))).toBe(6);
    expect(preorderAvailable(product({ preorder_release_date: null }))).toBe(0);
  });

  it('a held order goes out once no line waits and the latest release date has come', () => {
    expect(latestRelease(['2026-02-15', null, '2026-03-01'])).toBe('2026-03-01');
    expect(latestRelease([])).toBeNull();
    expect(bookingHold({ preorder_release_date: '2026-02-15', preorder_waiting: 1 }, '2026-03-01')).toBe('waiting');
    expect(bookingHold({ preorder_release_date: '2026-02-15', preorder_waiting: 0 }, '2026-02-14')).toBe('before_release');
    expect(bookingHold({ preorder_release_date: '2026-02-15', preorder_waiting: 0 }, '2026-02-15')).toBeNull();
    expect(bookingHold({ preorder_release_date: null, preorder_waiting: 0 }, '2026-02-15')).toBeNull();
  });

  it('pre-orders are cash on delivery only (Digital Commerce Guidelines 2021)', () => {
    expect(preorderPaymentAllowed({ wallet: false })).toBe(true);
    expect(preorderPaymentAllowed({ wallet: true })).toBe(false);
    expect(preorderPaymentAllowed({ wallet: false, online: true })).toBe(false);
  });

  it('the form field takes an object, JSON text (multipart) or null/blank; bad values fail per field', () => {
    expect(preorderField.parse({ release_date: '2026-02-15', limit: 5 })).toEqual({ release_date: '2026-02-15', limit: 5 });
    expect(preorderField.parse('{"release_date":"2026-02-15","limit":5}')).toEqual({ release_date: '2026-02-15', limit: 5 });
    expect(preorderField.parse('')).toBeNull();
    expect(preorderField.parse(null)).toBeNull();
    expect(preorderField.parse(undefined)).toBeUndefined();
    expect(preorderField.safeParse({ release_date: '2026-02-30', limit: 5 }).success).toBe(false);
    expect(preorderField.safeParse({ release_date: '2026-02-15', limit: 0 }).success).toBe(false);
    expect(preorderField.safeParse('not json').success).toBe(false);
  });

  it('dates read in Bengali or English; the SMS names the order and, before release, the day', () => {
    expect(releaseDateText('2026-02-05', 'bn')).toBe('৫ ফেব্রুয়ারি ২০২৬');
    expect(releaseDateText('2026-02-05', 'en')).toBe('5 February 2026');
    expect(preorderFilledSms({ shop: 'হাট', id: 12, releaseDate: '2026-02-05', today: '2026-01-30' })).toContain('৫ ফেব্রুয়ারি ২০২৬');
    expect(preorderFilledSms({ shop: 'হাট', id: 12, releaseDate: '2026-02-05', today: '2026-02-05' })).toContain('#12');
  });
});
