import { describe, expect, it } from 'vitest';
import { canRefund, checkRefundForm, refundBody } from './refund-dialog';

describe('refund form', () => {
  it('refunds all that is left when no amount is given, and checks a given one with the server rule', () => {
    const order = { paid_amount: 500, refunded_amount: 100 };
    expect(checkRefundForm({ reason: 'Out of stock' }, order)).toEqual({});
    expect(checkRefundForm({ amount: 400, reason: 'Damaged' }, order)).toEqual({});
    expect(checkRefundForm({ amount: 401, reason: 'x' }, order).amount?.[0]).toContain('400');
    expect(checkRefundForm({ amount: Number.NaN, reason: 'x' }, order).amount).toBeDefined();
    expect(checkRefundForm({ reason: '  ' }, order).reason?.[0]).toContain('Give a reason');
  });

  it('is offered for online money left to give back only', () => {
    const paid = { id: 1, paid_amount: 500, refunded_amount: 0, payment_reference: 'T', payment_gateway: 'bkash_online', payment_status: 'paid' };
    expect(canRefund(paid)).toBe(true);
    expect(canRefund({ ...paid, payment_status: 'partially_refunded', refunded_amount: 200 })).toBe(true);
    expect(canRefund({ ...paid, payment_status: 'refunded', refunded_amount: 500 })).toBe(false);
    expect(canRefund({ ...paid, payment_gateway: null })).toBe(false);
    expect(canRefund({ ...paid, payment_status: 'review' })).toBe(false);
  });

  it('is offered for money held in review on a cancelled order (it can only go back), never for an open review', () => {
    const held = { id: 2, paid_amount: 660, refunded_amount: 0, payment_reference: 'V', payment_gateway: 'sslcommerz', payment_status: 'review' };
    expect(canRefund({ ...held, refund_due: true })).toBe(true);
    expect(canRefund({ ...held, status: 'Cancelled' })).toBe(true);
    expect(canRefund({ ...held, status: 'Pending' })).toBe(false);
  });

  it('sends a typed amount as a number and an empty one not at all', () => {
    expect(refundBody('', ' Out of stock ')).toEqual({ reason: 'Out of stock' });
    expect(refundBody(' 120 ', 'Damaged')).toEqual({ amount: 120, reason: 'Damaged' });
    expect(Number.isNaN(refundBody('12.5', 'x').amount)).toBe(true);
  });
});
