import { describe, expect, it } from 'vitest';
import { CODE_MASK, budgetAlertText, dhakaDayStart, isCapped, maskCodes, mayGoNow, secondsToDhakaMidnight, smsClass, underDailyCap } from './sms-limits';
import { fitsOneSms } from './sms';
import { DEFAULT_SETTINGS, STAFF_ONLY_SETTINGS, publicSettings } from './settings';

describe('which messages the SMS limits cover', () => {
  it('codes (recovery, back-in-stock, any *_code) and back-in-stock notices are capped', () => {
    expect(['password_reset', 'restock_code', 'sign_in_code'].map(smsClass)).toEqual(['code', 'code', 'code']);
    expect(smsClass('back_in_stock')).toBe('notice');
    expect(['password_reset', 'restock_code', 'back_in_stock'].every(isCapped)).toBe(true);
  });

  it('order messages (confirmation links included) and staff alerts are never capped', () => {
    for (const kind of ['order_confirmation', 'order_cancelled', 'payment_received', 'shipment_booked', 'shipment_out_for_delivery', 'order_confirm_link', 'staff_alert']) {
      expect(smsClass(kind), kind).toBe('transactional');
      expect(underDailyCap(kind, 1000, { dailyPerNumber: 10 }), kind).toBe(true);
      expect(mayGoNow(kind, 1000, { hourly: 200 }), kind).toBe(true);
    }
  });
});

describe('the Dhaka day (UTC+6, no daylight saving)', () => {
  it('starts at 18:00 UTC the day before', () => {
    expect(dhakaDayStart(new Date('2026-03-01T17:59:59.999Z')).toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(dhakaDayStart(new Date('2026-03-01T18:00:00.000Z')).toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(dhakaDayStart(new Date('2026-03-01T05:00:00.000Z')).toISOString()).toBe('2026-02-28T18:00:00.000Z');
    // Across a year's end and a leap day.
    expect(dhakaDayStart(new Date('2027-01-01T00:30:00.000Z')).toISOString()).toBe('2026-12-31T18:00:00.000Z');
    expect(dhakaDayStart(new Date('2028-02-29T19:00:00.000Z')).toISOString()).toBe('2028-02-29T18:00:00.000Z');
  });

  it('a per-day refusal waits until Dhaka midnight', () => {
    expect(secondsToDhakaMidnight(new Date('2026-03-01T17:00:00.000Z'))).toBe(3600);
    expect(secondsToDhakaMidnight(new Date('2026-03-01T18:00:00.000Z'))).toBe(24 * 3600);
    expect(secondsToDhakaMidnight(new Date('2026-03-01T17:59:59.999Z'))).toBe(1);
  });
});

describe('whether a message may be queued or sent', () => {
  it('sms_daily_limit_per_number: codes and notices below it; 0 is no limit', () => {
    expect(underDailyCap('password_reset', 9, { dailyPerNumber: 10 })).toBe(true);
    expect(underDailyCap('password_reset', 10, { dailyPerNumber: 10 })).toBe(false);
    expect(underDailyCap('back_in_stock', 10, { dailyPerNumber: 10 })).toBe(false);
    expect(underDailyCap('restock_code', 10_000, { dailyPerNumber: 0 })).toBe(true);
  });

  it('sms_hourly_limit: codes and notices wait once the last hour reached it; 0 is no limit', () => {
    expect(mayGoNow('restock_code', 199, { hourly: 200 })).toBe(true);
    expect(mayGoNow('restock_code', 200, { hourly: 200 })).toBe(false);
    expect(mayGoNow('back_in_stock', 250, { hourly: 200 })).toBe(false);
    expect(mayGoNow('back_in_stock', 10_000, { hourly: 0 })).toBe(true);
  });
});

describe('codes masked once sent', () => {
  it('masks the code of a code message, and nothing else', () => {
    const text = 'হাট: আপনার পাসওয়ার্ড রিসেট কোড 042917। কোডটি ১০ মিনিট বৈধ। কাউকে জানাবেন না।';
    expect(maskCodes('password_reset', text)).toBe(`হাট: আপনার পাসওয়ার্ড রিসেট কোড ${CODE_MASK}। কোডটি ১০ মিনিট বৈধ। কাউকে জানাবেন না।`);
    expect(maskCodes('restock_code', 'Haat: code 123456')).not.toMatch(/\d/);
    // An order's number and total stay: they are not secrets and the customer needs them.
    expect(maskCodes('order_confirmation', 'হাট: আপনার অর্ডার #123456 গ্রহণ করা হয়েছে। মোট 1500 টাকা।')).toBe('হাট: আপনার অর্ডার #123456 গ্রহণ করা হয়েছে। মোট 1500 টাকা।');
    // A confirmation link's token is a secret in any message; the rest of the link stays readable.
    const token = 'A'.repeat(20) + '_-' + 'b9'.repeat(10) + 'z';
    expect(maskCodes('order_confirmation', `হাট: অর্ডার #12। কনফার্ম করতে: https://shop.example/c/${token}`)).toBe(`হাট: অর্ডার #12। কনফার্ম করতে: https://shop.example/c/${CODE_MASK}`);
  });
});

describe('the owners’ alert and who sees the limits', () => {
  it('the hourly-limit alert fits one SMS, however long the shop’s name', () => {
    expect(fitsOneSms(budgetAlertText('হাট বুকশপ', 200))).toBe(true);
    expect(fitsOneSms(budgetAlertText('A very long shop name that goes on and on and on', 100_000))).toBe(true);
    expect(budgetAlertText('হাট', 200)).toMatch(/^হাট: .*200/);
  });

  it('the SMS limits are staff-only settings: the public view leaves them out and keeps the rest', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ sms_daily_limit_per_number: 10, sms_hourly_limit: 200 });
    expect(STAFF_ONLY_SETTINGS).toEqual(expect.arrayContaining(['sms_daily_limit_per_number', 'sms_hourly_limit']));
    const shown = publicSettings(DEFAULT_SETTINGS);
    expect(shown).not.toHaveProperty('sms_daily_limit_per_number');
    expect(shown).not.toHaveProperty('sms_hourly_limit');
    expect(shown).toMatchObject({ shop_name: DEFAULT_SETTINGS.shop_name, checkouts_per_hour: 10 });
  });
});
