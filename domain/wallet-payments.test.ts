import { describe, expect, it } from 'vitest';
import { amountDue, methodOfField, normalizeTransactionId, paymentBody, recordPaymentSchema } from './wallet-payments';
import { canMovePayment, paymentOnStatusChange, refundSchema, walletPaymentStatus } from './payments';

describe('wallet payments: the rules', () => {
  it('an order not paid online is refunded, paid, partly paid, unverified (a claim) or unpaid, by its money', () => {
    const o = (paid_amount: number, refunded_amount = 0) => ({ total: 360, paid_amount, refunded_amount });
    expect(walletPaymentStatus(o(0), 0)).toBe('unpaid');
    expect(walletPaymentStatus(o(0), 1)).toBe('unverified');
    expect(walletPaymentStatus(o(60), 1)).toBe('partly_paid');
    expect(walletPaymentStatus(o(360), 0)).toBe('paid');
    expect(walletPaymentStatus(o(60, 20), 0)).toBe('partially_refunded');
    expect(walletPaymentStatus(o(60, 60), 0)).toBe('refunded');
  });

  it('a claim may be verified or rejected, and partly paid may be completed or refunded', () => {
    for (const to of ['unpaid', 'partly_paid', 'paid'] as const) expect(canMovePayment('unverified', to)).toBe(true);
    for (const to of ['paid', 'partially_refunded', 'refunded'] as const) expect(canMovePayment('partly_paid', to)).toBe(true);
    expect(canMovePayment('partly_paid', 'unpaid')).toBe(false);
  });

  it('Delivered pays an order not paid online that is unpaid, unverified or partly paid, for its total', () => {
    for (const payment_status of ['unpaid', 'unverified', 'partly_paid'] as const) {
      expect(paymentOnStatusChange({ payment_gateway: null, payment_status, total: 360 }, 'Delivered')).toEqual({ payment_status: 'paid', paid_amount: 360 });
    }
    expect(paymentOnStatusChange({ payment_gateway: 'bkash_online', payment_status: 'unpaid', total: 360 }, 'Delivered')).toBeNull();
    expect(paymentOnStatusChange({ payment_gateway: null, payment_status: 'partly_paid', total: 360 }, 'Cancelled')).toBeNull();
  });

  it('what is due is the total less what is kept', () => {
    expect(amountDue({ total: 360, paid_amount: 60, refunded_amount: 0 })).toBe(300);
    expect(amountDue({ total: 360, paid_amount: 60, refunded_amount: 20 })).toBe(320);
    expect(amountDue({ total: 360, paid_amount: 400, refunded_amount: 0 })).toBe(0);
  });

  it('a transaction id is compared without spaces and case; the checkout field names its wallet', () => {
    expect(normalizeTransactionId(' 8n7a 5b3c ')).toBe('8N7A5B3C');
    expect(methodOfField('nagad_transaction_ID')).toBe('nagad');
    expect(methodOfField('toString')).toBeNull();
  });

  it('the payment form: a method, a transaction id but for cash, whole taka', () => {
    expect(recordPaymentSchema.parse({ method: 'bkash', transaction_id: ' 9xk1 ', amount: '60' })).toEqual({ method: 'bkash', transaction_id: '9XK1', amount: 60 });
    expect(recordPaymentSchema.parse({ method: 'cash', amount: 60 })).toEqual({ method: 'cash', transaction_id: '', amount: 60 });
    expect(recordPaymentSchema.safeParse({ method: 'bkash', amount: 60 }).error?.issues[0]?.path).toEqual(['transaction_id']);
    expect(recordPaymentSchema.safeParse({ method: 'bank', transaction_id: 'B1', amount: 0.5 }).error?.issues[0]?.path).toEqual(['amount']);
    expect(recordPaymentSchema.safeParse(paymentBody('cash', '', '12.5')).success).toBe(false);
    expect(paymentBody('nagad', ' N1 ', ' 70 ')).toEqual({ method: 'nagad', transaction_id: 'N1', amount: 70 });
  });

  it('a refund by hand names its method, and a transaction id but for cash', () => {
    expect(refundSchema.parse({ reason: 'x' })).toEqual({ reason: 'x' });
    expect(refundSchema.parse({ reason: 'x', method: 'cash', amount: 20 })).toMatchObject({ reason: 'x', method: 'cash', amount: 20 });
    expect(refundSchema.safeParse({ reason: 'x', method: 'rocket' }).error?.issues[0]?.path).toEqual(['transaction_id']);
    expect(refundSchema.safeParse({ reason: 'x', method: 'paypal', transaction_id: 'P' }).success).toBe(false);
  });
});
