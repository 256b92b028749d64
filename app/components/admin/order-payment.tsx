/**
 * An order's payment in the back office: its status, the gateway and its transaction id, what
 * was refunded, and what can be done about it — refund an online payment, or accept / reject a
 * payment the gateway flagged as risky (SSLCommerz sends those to review).
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { PaymentStatus } from '../../../domain/payments';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi } from '../form/api';
import { gatewayName, PaymentBadge } from '../payments/status';
import { Button } from './buttons';
import { useConfirm } from './confirm';
import { canRefund, type RefundTarget } from './refund-dialog';

export interface AdminPayment extends RefundTarget {
  payment_status: PaymentStatus;
  payment_gateway: string | null;
  /** A cancelled order still holds the customer's money (a late payment, or paid and cancelled): it can only be refunded. */
  refund_due?: boolean;
  status?: string;
}

const english = (_bn: string, en: string) => en;

/** The payment column of the order list (also the invoice's payment lines). */
export function PaymentSummary({ order }: { order: AdminPayment }) {
  return (
    <div className="grid gap-0.5 text-xs">
      <span>
        <PaymentBadge status={order.payment_status} english />
      </span>
      {order.payment_gateway && <span className="text-stone-600">{gatewayName(order.payment_gateway, english)}</span>}
      {order.payment_reference && (
        <span className="font-mono" data-testid="payment-reference" title="Transaction id">
          {order.payment_reference}
        </span>
      )}
      {order.refund_due && (
        <span className="rounded bg-red-100 px-1 font-semibold text-red-900" data-testid="refund-due" title="The order is cancelled and still holds the customer's money: refund it">
          Refund due
        </span>
      )}
      {order.refunded_amount > 0 && (
        <span className="text-sky-800" data-testid="payment-refunded">
          Refunded ৳ {order.refunded_amount}
        </span>
      )}
    </div>
  );
}

/** Accepts or rejects a payment under review; rejecting refunds it in full and cancels the order. */
function ReviewButtons({ id }: { id: number }) {
  const t = useT();
  const { confirm, dialog } = useConfirm('Yes');
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const decide = async (accept: boolean) => {
    const question = accept
      ? `Accept the payment of order #${id}? The order counts as paid and the customer gets a text message.`
      : `Reject the payment of order #${id}? The money goes back to the customer in full and the order is cancelled.`;
    if (!(await confirm(question))) return;
    setBusy(true);
    const res = await sendApi('POST', reviewUrl(id), reviewBody(accept));
    setBusy(false);
    if (!res.ok) {
      notify(failureText(res, t), 'error', 8000);
      return;
    }
    notify(accept ? `Order #${id}: payment accepted.` : `Order #${id}: payment rejected and refunded.`);
    await revalidator.revalidate();
  };
  return (
    <>
      <Button size="sm" disabled={busy} onClick={() => decide(true)} data-testid="review-accept">
        Accept payment
      </Button>
      <Button size="sm" kind="danger" disabled={busy} onClick={() => decide(false)} data-testid="review-reject">
        Reject
      </Button>
      {dialog}
    </>
  );
}

export function reviewUrl(id: number): string {
  return `/api/order/${id}/payment-review/`;
}

export function reviewBody(accept: boolean): object {
  return { accept };
}

/** The payment actions of one order: refund (online money left to give back) or review. */
export function PaymentActions({ order, onRefund }: { order: AdminPayment; onRefund: (order: AdminPayment) => void }) {
  // Money for a cancelled order is never accepted (the server answers 409): only refunded.
  if (order.payment_status === 'review' && !order.refund_due && order.status !== 'Cancelled') return <ReviewButtons id={order.id} />;
  if (!canRefund(order)) return null;
  return (
    <Button size="sm" kind="secondary" onClick={() => onRefund(order)} data-testid="refund-open">
      Refund
    </Button>
  );
}
