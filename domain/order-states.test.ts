import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './orders';
import { CONFIRMATION_MOVES, MOVE_CAUSES, ORDER_MOVES, RETURN_MOVES, canTransition, findConfirmation, findReturnMove, findMove, isFinal, moveSms, moveSmsKind, passesGuard, staffMovesFrom, type GuardedOrder, type MoveCause } from './order-states';
import { PAYMENT_STATUSES } from './payments';

/** Every move the shop allows, written out by hand: the table must say exactly this. */
const ALLOWED: readonly string[] = [
  'Pending → Delivered by staff',
  'Pending → Returned by staff',
  'Pending → Cancelled by staff',
  'Pending → Delivered by courier',
  'Pending → Returned by courier',
  'Pending → Cancelled by hold_expired',
  'Pending → Cancelled by payment_rejected',
  'Pending → Cancelled by unconfirmed_expired',
  'Cancelled → Pending by late_payment',
];

const open: GuardedOrder = { payment_status: 'unpaid', confirmation: 'confirmed', consignment_id: null, payment_hold_until: '2026-11-27T10:00:00.000Z' };

describe('the order state machine', () => {
  it('allows every listed move and refuses every other status, status and cause', () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const cause of MOVE_CAUSES) if (findMove(from, to, cause)) allowed.push(`${from} → ${to} by ${cause}`);
      }
    }
    expect(allowed.sort()).toEqual([...ALLOWED].sort());
  });

  it('has one row per move, and no move that stays where it is', () => {
    const keys = ORDER_MOVES.map((m) => `${m.from}|${m.to}|${m.cause}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ORDER_MOVES.filter((m) => m.from === m.to)).toEqual([]);
  });

  it('lets staff move Pending to each final status and nothing else; Delivered, Returned and Cancelled are final for staff', () => {
    expect(staffMovesFrom('Pending')).toEqual(['Delivered', 'Returned', 'Cancelled']);
    expect(canTransition('Pending', 'Pending')).toBe(false);
    for (const from of ['Delivered', 'Returned', 'Cancelled'] as const) {
      expect(isFinal(from)).toBe(true);
      for (const to of ORDER_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(isFinal('Pending')).toBe(false);
  });

  it('puts stock back at once only on Cancelled; Returned opens a return in transit (stock back when received); promotion uses back only on Cancelled; cash on delivery paid only on Delivered', () => {
    for (const m of ORDER_MOVES) {
      expect(m.effects.includes('restock'), `${m.from}→${m.to} ${m.cause}`).toBe(m.to === 'Cancelled');
      expect(m.effects.includes('open_return'), `${m.from}→${m.to} ${m.cause}`).toBe(m.to === 'Returned');
      expect(m.effects.includes('release_promotions')).toBe(m.to === 'Cancelled');
      expect(m.effects.includes('flag_refund_due')).toBe(m.to === 'Cancelled');
      expect(m.effects.includes('pay_on_delivery')).toBe(m.to === 'Delivered');
    }
  });

  it('reopens a cancelled order only by taking its stock and promotion uses again, and tells the customer', () => {
    const m = findMove('Cancelled', 'Pending', 'late_payment')!;
    expect(m.effects).toEqual(['retake_stock', 'retake_promotions', 'notify']);
    expect(passesGuard(m.guard, { ...open, payment_status: 'failed' })).toBe(true);
    // Money already in review (flagged, or held for a refund) never reopens it.
    expect(passesGuard(m.guard, { ...open, payment_status: 'review' })).toBe(false);
    expect(passesGuard(m.guard, { ...open, payment_status: 'paid' })).toBe(false);
  });

  it('cancels for an expired hold only an unpaid order, not booked, whose hold ran out by the time given', () => {
    const m = findMove('Pending', 'Cancelled', 'hold_expired')!;
    expect(passesGuard(m.guard, open, '2026-11-27T10:00:00.000Z')).toBe(true);
    expect(passesGuard(m.guard, open, '2026-11-27T09:59:59.999Z')).toBe(false);
    // Without a time (a direct call, not the sweep) the hold is not judged.
    expect(passesGuard(m.guard, { ...open, payment_hold_until: null })).toBe(true);
    expect(passesGuard(m.guard, { ...open, payment_hold_until: null }, '2026-11-28T00:00:00Z')).toBe(false);
    expect(passesGuard(m.guard, { ...open, consignment_id: 'SF-1' }, '2026-11-28T00:00:00Z')).toBe(false);
    for (const status of PAYMENT_STATUSES) {
      expect(passesGuard(m.guard, { ...open, payment_status: status }, '2026-11-28T00:00:00Z'), status).toBe(['unpaid', 'pending', 'failed'].includes(status));
    }
  });

  it('cancels for a rejected payment only once its money went back, and only before booking', () => {
    const m = findMove('Pending', 'Cancelled', 'payment_rejected')!;
    expect(passesGuard(m.guard, { ...open, payment_status: 'refunded' })).toBe(true);
    expect(passesGuard(m.guard, { ...open, payment_status: 'review' })).toBe(false);
    expect(passesGuard(m.guard, { ...open, payment_status: 'refunded', consignment_id: 'P-9' })).toBe(false);
  });

  it('lets staff and couriers move any Pending order, whatever its payment', () => {
    for (const cause of ['staff', 'courier'] as MoveCause[]) {
      const m = findMove('Pending', 'Delivered', cause)!;
      for (const status of PAYMENT_STATUSES) expect(passesGuard(m.guard, { ...open, payment_status: status, consignment_id: 'X' })).toBe(true);
    }
  });

  it('words each cancellation for its cause and files a reopening as a payment message', () => {
    const shop = 'হাট';
    expect(moveSms({ to: 'Cancelled', cause: 'staff' }, { shop, id: 7 })).toBe('হাট: আপনার অর্ডার #7 বাতিল করা হয়েছে।');
    expect(moveSms({ to: 'Cancelled', cause: 'hold_expired' }, { shop, id: 7 })).toContain('নির্ধারিত সময়ে পেমেন্ট না পাওয়ায়');
    expect(moveSms({ to: 'Cancelled', cause: 'payment_rejected' }, { shop, id: 7 })).toContain('পেমেন্টের টাকা ফেরত');
    expect(moveSms({ to: 'Pending', cause: 'late_payment' }, { shop, id: 7, money: { amount: 560, reference: 'TRX1' } })).toContain('560 টাকা পেমেন্ট পাওয়া গেছে (TRX1)');
    expect(moveSmsKind({ cause: 'late_payment' })).toBe('payment_received');
    expect(moveSmsKind({ cause: 'hold_expired' })).toBe('order_cancelled');
  });

  it('cancels an order nobody confirmed only while it is unconfirmed, unbooked and nothing was paid or verified', () => {
    const m = findMove('Pending', 'Cancelled', 'unconfirmed_expired')!;
    const waiting: GuardedOrder = { ...open, confirmation: 'unconfirmed' };
    expect(passesGuard(m.guard, waiting)).toBe(true);
    expect(passesGuard(m.guard, { ...waiting, payment_status: 'unverified' })).toBe(true);
    expect(passesGuard(m.guard, { ...waiting, confirmation: 'confirmed' })).toBe(false);
    expect(passesGuard(m.guard, { ...waiting, consignment_id: 'SF-1' })).toBe(false);
    for (const status of ['paid', 'partly_paid', 'pending', 'review'] as const) expect(passesGuard(m.guard, { ...waiting, payment_status: status }), status).toBe(false);
    expect(m.effects).toEqual(expect.arrayContaining(['restock', 'release_promotions', 'notify']));
    expect(moveSms(m, { shop: 'হাট', id: 9 })).toContain('কনফার্ম না হওয়ায়');
  });

  it('confirms only from unconfirmed, once, by the link, a call, staff or a payment; only a payment confirms an order that is not Pending', () => {
    expect(CONFIRMATION_MOVES.map((m) => m.method).sort()).toEqual(['call', 'paid', 'sms', 'staff']);
    for (const m of CONFIRMATION_MOVES) expect([m.from, m.to]).toEqual(['unconfirmed', 'confirmed']);
    expect(CONFIRMATION_MOVES.filter((m) => !m.pendingOnly).map((m) => m.method)).toEqual(['paid']);
    expect(findConfirmation('auto')).toBeUndefined();
  });

  it('moves a return requested → approved or rejected by a decision, approved → received once, received → refunded; nothing else', () => {
    const allowed = RETURN_MOVES.map((m) => `${m.from} → ${m.to} by ${m.cause}`).sort();
    expect(allowed).toEqual(['approved → received by receipt', 'received → refunded by refund', 'requested → approved by decision', 'requested → rejected by decision']);
    expect(findReturnMove('received', 'received')).toBeUndefined();
    expect(findReturnMove('rejected', 'approved')).toBeUndefined();
    expect(findReturnMove('refunded', 'received')).toBeUndefined();
  });
});
