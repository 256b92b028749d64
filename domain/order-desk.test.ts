import { describe, expect, it } from 'vitest';
import { buyerBadge, carriesConfirmLink, customerHistory, dhakaDayRange, isCalendarDay, orderPlacedSms, startsUnconfirmed } from './order-desk';

describe('the order desk rules', () => {
  it('starts web orders unconfirmed only under sms or staff, unless paid at once; staff orders are confirmed', () => {
    expect(startsUnconfirmed('none', { source: 'web', paidAtOnce: false })).toBe(false);
    expect(startsUnconfirmed('sms', { source: 'web', paidAtOnce: false })).toBe(true);
    expect(startsUnconfirmed('staff', { source: 'web', paidAtOnce: false })).toBe(true);
    expect(startsUnconfirmed('sms', { source: 'web', paidAtOnce: true })).toBe(false);
    expect(startsUnconfirmed('sms', { source: 'phone', paidAtOnce: false })).toBe(false);
  });

  it('puts the link in the SMS only under sms, for an unconfirmed order not paid online', () => {
    expect(carriesConfirmLink('sms', { unconfirmed: true, online: false })).toBe(true);
    expect(carriesConfirmLink('sms', { unconfirmed: true, online: true })).toBe(false);
    expect(carriesConfirmLink('staff', { unconfirmed: true, online: false })).toBe(false);
    expect(orderPlacedSms({ shop: 'হাট', id: 5, total: 460, confirmUrl: 'https://s.example/c/x' })).toContain('কনফার্ম করতে: https://s.example/c/x');
    expect(orderPlacedSms({ shop: 'হাট', id: 5, total: 460 })).toContain('ধন্যবাদ');
  });

  it('works out the return rate from delivered and returned only, 0 when there are none, and the badge from it', () => {
    expect(customerHistory({ orders: 4, delivered: 2, returned: 1, cancelled: 1 })).toEqual({ orders: 4, delivered: 2, returned: 1, cancelled: 1, return_rate: 0.33 });
    expect(customerHistory({ orders: 2, delivered: 0, returned: 0, cancelled: 2 }).return_rate).toBe(0);
    expect(buyerBadge(customerHistory({ orders: 0, delivered: 0, returned: 0, cancelled: 0 }))).toBe('new');
    expect(buyerBadge(customerHistory({ orders: 3, delivered: 2, returned: 0, cancelled: 1 }))).toBe('good');
    expect(buyerBadge(customerHistory({ orders: 3, delivered: 2, returned: 1, cancelled: 0 }))).toBe('returns');
  });

  it('takes Dhaka days that exist, from 2000 to 2100, and covers each whole Dhaka day', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '0001-01-01', '2101-01-01']) expect(isCalendarDay(bad), bad).toBe(false);
    expect(dhakaDayRange('2026-03-01', '2026-03-01')).toEqual({ start: '2026-02-28T18:00:00.000Z', end: '2026-03-01T18:00:00.000Z' });
    expect(dhakaDayRange()).toEqual({});
  });
});
