import { describe, expect, it } from 'vitest';
import { paymentReturnOf, readPaymentReturn, shownOutcome } from './return';

const order = { id: 7, status: 'Pending', total: 680, payment_status: 'failed' as const, payment_gateway: 'bkash_online', payment_reference: '', paid_amount: 0 };

describe('back from the gateway', () => {
  it('reads the order and outcome from the URL, and nothing from a malformed one', () => {
    expect(readPaymentReturn(new URL('http://shop.test/order?order=7&payment=paid'))).toEqual({ orderId: 7, payment: 'paid' });
    expect(readPaymentReturn(new URL('http://shop.test/order?order=7'))).toBeNull();
    expect(readPaymentReturn(new URL('http://shop.test/order?order=x&payment=paid'))).toBeNull();
    expect(readPaymentReturn(new URL('http://shop.test/order?order=7&payment=stolen'))).toBeNull();
  });

  it('believes the order, not the URL', () => {
    expect(shownOutcome('pending', 'paid')).toBe('pending');
    expect(shownOutcome('unpaid', 'paid')).toBe('pending');
    expect(shownOutcome('paid', 'failed')).toBe('paid');
    expect(shownOutcome('failed', 'cancelled')).toBe('cancelled');
    expect(shownOutcome('failed', 'paid')).toBe('failed');
    expect(shownOutcome('review', 'review')).toBe('review');
    expect(shownOutcome('refunded', 'paid')).toBeNull();
  });

  it('offers to pay again only while the order is open and unpaid', () => {
    expect(paymentReturnOf(order, 'failed')).toMatchObject({ order_id: 7, outcome: 'failed', payable: true });
    expect(paymentReturnOf({ ...order, status: 'Cancelled' }, 'failed')).toMatchObject({ outcome: 'failed', payable: false });
    expect(paymentReturnOf({ ...order, payment_status: 'paid', payment_reference: 'TRX1', paid_amount: 680 }, 'paid')).toMatchObject({ outcome: 'paid', payable: false, reference: 'TRX1' });
    expect(paymentReturnOf(null, 'paid')).toBeNull();
  });
});
