/**
 * What the customer is told on /order after the gateway sent them back
 * (`/order?order=<id>&payment=paid|failed|cancelled|pending|review`). The query only says where
 * they come from; the order's own payment status decides the message, so a hand-edited
 * `payment=paid` never shows an unpaid order as paid.
 */
import { z } from 'zod';
import { idSchema, lenientQuery } from '../../../domain/queries';
import { canStartPayment, RETURN_OUTCOMES, type PaymentStatus } from '../../../domain/payments';

export type ShownOutcome = 'paid' | 'review' | 'failed' | 'cancelled' | 'pending';

const returnQuery = z.object({ order: idSchema.optional(), payment: z.enum(RETURN_OUTCOMES).optional() });

/** The order and outcome the URL names, or null when it names none. */
export function readPaymentReturn(url: URL): { orderId: number; payment: (typeof RETURN_OUTCOMES)[number] } | null {
  const q = lenientQuery(returnQuery, url);
  return q.order && q.payment ? { orderId: q.order, payment: q.payment } : null;
}

/** The message to show for an order's payment status, given what the return URL said. */
export function shownOutcome(status: PaymentStatus, said: (typeof RETURN_OUTCOMES)[number]): ShownOutcome | null {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'review':
      return 'review';
    case 'failed':
      return said === 'cancelled' ? 'cancelled' : 'failed';
    case 'pending':
    case 'unpaid':
      // Not settled yet, whatever the URL says.
      return 'pending';
    default:
      // Refunded since: the card says so, no banner.
      return null;
  }
}

export interface PaymentReturn {
  order_id: number;
  outcome: ShownOutcome;
  /** The customer may be sent to the gateway again. */
  payable: boolean;
  reference: string;
  paid_amount: number;
  total: number;
}

/** The banner's data for the order the URL names, when it is the customer's own. */
export function paymentReturnOf(
  order: { id: number; status: string; total: number; payment_status: PaymentStatus; payment_gateway: string | null; payment_reference: string; paid_amount: number } | null,
  said: (typeof RETURN_OUTCOMES)[number],
): PaymentReturn | null {
  if (!order) return null;
  const outcome = shownOutcome(order.payment_status, said);
  if (!outcome) return null;
  return {
    order_id: order.id,
    outcome,
    payable: canStartPayment(order),
    reference: order.payment_reference,
    paid_amount: order.paid_amount,
    total: order.total,
  };
}
