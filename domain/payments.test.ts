import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  canMovePayment,
  canStartPayment,
  checkRefund,
  confirmableFrom,
  judgeVerdict,
  paymentOnStatusChange,
  paymentStatusesBefore,
  refundable,
  returnOutcome,
  sameAmount,
  statusAfterRefund,
  holdUntil,
  MAX_HOLD_MINUTES,
} from './payments';

const paid = (over: Partial<{ amount: number; currency: string; reference: string; invoice: string; review: boolean }> = {}) => ({
  state: 'paid' as const,
  amount: 680,
  currency: 'BDT',
  reference: 'TRX123',
  invoice: 'H12-abc',
  review: false,
  ...over,
});
const expected = { invoice: 'H12-abc', amount: 680 };

describe('payment status moves', () => {
  it('lets an open payment be paid, reviewed or failed, and a failed one be tried again', () => {
    const allowed = [['pending', 'paid'], ['pending', 'review'], ['pending', 'failed'], ['failed', 'pending'], ['failed', 'paid'], ['unpaid', 'paid']] as const;
    for (const [from, to] of allowed) expect(canMovePayment(from, to)).toBe(true);
  });
  it('never takes a received payment back to unpaid, pending or failed', () => {
    for (const from of ['paid', 'partially_refunded', 'refunded'] as const) {
      for (const to of ['unpaid', 'pending', 'failed', 'review'] as const) expect(canMovePayment(from, to)).toBe(false);
    }
    expect(canMovePayment('paid', 'paid')).toBe(false);
  });
  it('refunds only what was received; a refunded payment is final', () => {
    for (const [from, to] of [['paid', 'refunded'], ['paid', 'partially_refunded'], ['partially_refunded', 'refunded']] as const) expect(canMovePayment(from, to)).toBe(true);
    for (const from of ['pending', 'unpaid'] as const) expect(canMovePayment(from, 'refunded')).toBe(false);
    for (const to of PAYMENT_STATUSES) expect(canMovePayment('refunded', to)).toBe(false);
  });
  it('an admin accepts a payment under review (paid) or rejects it (refunded)', () => {
    expect(canMovePayment('review', 'paid')).toBe(true);
    expect(canMovePayment('review', 'refunded')).toBe(true);
    expect(canMovePayment('review', 'failed')).toBe(false);
  });
  it('lists the statuses a move may start from', () => {
    // A wallet claim (unverified) and money short of the total (partly_paid) may become paid too.
    expect(paymentStatusesBefore('paid').sort()).toEqual(['failed', 'partly_paid', 'pending', 'review', 'unpaid', 'unverified']);
    expect(paymentStatusesBefore('pending').sort()).toEqual(['failed', 'pending', 'unpaid']);
  });
  it('starts a payment only for a Pending online order not paid yet', () => {
    const order = { status: 'Pending', payment_gateway: 'bkash_online', payment_status: 'failed' as const };
    expect(canStartPayment(order)).toBe(true);
    expect(canStartPayment({ ...order, payment_status: 'paid' })).toBe(false);
    expect(canStartPayment({ ...order, status: 'Cancelled' })).toBe(false);
    expect(canStartPayment({ ...order, payment_gateway: null })).toBe(false);
    expect(canStartPayment({ ...order, payment_gateway: 'bkash' })).toBe(false);
  });
  it('confirms a bKash attempt (execute takes money) only while open; an SSLCommerz one also after a fail', () => {
    expect(confirmableFrom('bkash_online')).toEqual(['open']);
    expect(confirmableFrom('sslcommerz')).toEqual(expect.arrayContaining(['open', 'failed', 'cancelled', 'expired', 'unknown']));
  });
});

describe('whether a verdict pays an attempt', () => {
  it('pays when the money was taken for this invoice, in taka, for exactly the total', () => {
    expect(judgeVerdict(paid(), expected)).toEqual({ outcome: 'paid', amount: 680, reference: 'TRX123' });
    expect(judgeVerdict(paid({ amount: 680.0, currency: 'bdt' }), expected).outcome).toBe('paid');
  });
  it('does not pay for another invoice, another currency, another amount or no transaction id', () => {
    expect(judgeVerdict(paid({ invoice: 'H12-other' }), expected)).toMatchObject({ outcome: 'failed' });
    expect(judgeVerdict(paid({ currency: 'USD' }), expected)).toMatchObject({ outcome: 'failed' });
    expect(judgeVerdict(paid({ amount: 679.99 }), expected)).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('679.99') });
    expect(judgeVerdict(paid({ amount: 6800 }), expected)).toMatchObject({ outcome: 'failed' });
    expect(judgeVerdict(paid({ reference: '' }), expected)).toMatchObject({ outcome: 'failed' });
  });
  it('sends a risky payment to review, and passes failures and unfinished payments through', () => {
    expect(judgeVerdict(paid({ review: true }), expected)).toEqual({ outcome: 'review', amount: 680, reference: 'TRX123' });
    expect(judgeVerdict({ state: 'failed', reason: 'Cancelled' }, expected)).toEqual({ outcome: 'failed', reason: 'Cancelled' });
    expect(judgeVerdict({ state: 'open' }, expected)).toEqual({ outcome: 'open' });
  });
  it('compares money in paisa', () => {
    expect(sameAmount(680, 680.001)).toBe(true);
    expect(sameAmount(680, 680.01)).toBe(false);
    expect(sameAmount(Number.NaN, 680)).toBe(false);
  });
  it('shows the customer paid, failed, cancelled, review or pending', () => {
    const shown = { paid: 'paid', expired: 'failed', cancelled: 'cancelled', review: 'review', confirming: 'pending' } as const;
    for (const [status, outcome] of Object.entries(shown)) expect(returnOutcome(status as keyof typeof shown)).toBe(outcome);
  });
});

describe('refunds', () => {
  it('refunds what is left by default, a part if asked, never more', () => {
    expect(refundable(680, 200)).toBe(480);
    expect(checkRefund(undefined, 680, 200)).toEqual({ ok: true, amount: 480 });
    expect(checkRefund(100, 680, 200)).toEqual({ ok: true, amount: 100 });
    expect(checkRefund(480, 680, 200)).toEqual({ ok: true, amount: 480 });
    expect(checkRefund(481, 680, 200)).toMatchObject({ ok: false, message: expect.stringContaining('480') });
    expect(checkRefund(0, 680, 0)).toMatchObject({ ok: false });
    expect(checkRefund(10.5, 680, 0)).toMatchObject({ ok: false });
    expect(checkRefund(undefined, 680, 680)).toMatchObject({ ok: false });
  });
  it('is refunded when everything went back, partially refunded before that', () => {
    expect(statusAfterRefund(680, 680)).toBe('refunded');
    expect(statusAfterRefund(680, 100)).toBe('partially_refunded');
    expect(statusAfterRefund(680, 0)).toBe('paid');
  });
});

describe('cash on delivery', () => {
  it('is paid, for the total, when the order is delivered', () => {
    const cod = { payment_gateway: null, payment_status: 'unpaid' as const, total: 680 };
    expect(paymentOnStatusChange(cod, 'Delivered')).toEqual({ payment_status: 'paid', paid_amount: 680 });
    expect(paymentOnStatusChange(cod, 'Cancelled')).toBeNull();
    expect(paymentOnStatusChange(cod, 'Returned')).toBeNull();
  });
  it('leaves online payments to the gateway', () => {
    expect(paymentOnStatusChange({ payment_gateway: 'bkash_online', payment_status: 'pending', total: 680 }, 'Delivered')).toBeNull();
  });
});

describe('holdUntil', () => {
  const created = '2026-11-27T10:00:00.000Z';
  const at = (minutes: number) => Date.parse(created) + minutes * 60_000;
  it('renews the hold from now while the cap from checkout is far', () => {
    expect(holdUntil(created, at(10), 30)).toBe(new Date(at(40)).toISOString());
  });
  it('never holds past the cap from checkout, however often the customer pays again', () => {
    expect(holdUntil(created, at(MAX_HOLD_MINUTES - 10), 30)).toBe(new Date(at(MAX_HOLD_MINUTES)).toISOString());
  });
  it('answers null once the cap has passed: the order can no longer be paid', () => {
    expect(holdUntil(created, at(MAX_HOLD_MINUTES), 30)).toBeNull();
    expect(holdUntil(created, at(MAX_HOLD_MINUTES + 5), 30)).toBeNull();
  });
  it('lets a configured hold longer than the cap stand', () => {
    expect(holdUntil(created, at(0), 240)).toBe(new Date(at(240)).toISOString());
  });
});
