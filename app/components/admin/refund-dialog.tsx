/**
 * Giving an online payment back: the amount (empty = all that is left) and a reason, sent to
 * `POST /api/order/{id}/refund/`. The server checks the amount against what was paid and not yet
 * refunded (400) and asks the gateway (502 when it refuses: its message stays in the dialog).
 * Opened from the order list's Refund button, or offered at once after a paid order is
 * cancelled or returned. `manual`: money an order not paid online got back by hand (bKash,
 * Nagad, Rocket, cash, bank), with its transaction id; the server records it. A refund for a
 * received return names it (`also: {return: id}`, sent beside the form's fields) and starts
 * at the return's amount (`amount`).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { checkRefund, refundable, refundSchema } from '../../../domain/payments';
import { METHOD_LABELS, STAFF_PAYMENT_METHODS } from '../../../domain/wallet-payments';
import type { FieldErrors } from '../form/api';
import { Field, SelectField, TextArea } from '../form/field';
import { FormAlert } from '../form/messages';
import { useApiForm } from '../form/use-api-form';
import { checkWith, formText } from '../form/values';
import { Button } from './buttons';

/** What the dialog needs to know of the order. */
export interface RefundTarget {
  id: number;
  paid_amount: number;
  refunded_amount: number;
  payment_reference: string;
}

/**
 * The refund form's check, with the server's own schema and rule: whole taka (or none: all that
 * is left), never more than is left, and a reason.
 */
export function checkRefundForm(body: { amount?: number; reason: string; method?: string; transaction_id?: string }, order: Pick<RefundTarget, 'paid_amount' | 'refunded_amount'>): FieldErrors {
  const errors = checkWith(refundSchema, body);
  if (!errors.amount && body.amount !== undefined) {
    const rule = checkRefund(body.amount, order.paid_amount, order.refunded_amount);
    if (!rule.ok) errors.amount = [rule.message];
  }
  return errors;
}

/** The body sent: the reason, and the amount only when one was typed (digits only, else NaN for the check to refuse). */
export function refundBody(amountText: string, reasonText: string): { amount?: number; reason: string } {
  const amount = amountText.trim();
  return { reason: reasonText.trim(), ...(amount ? { amount: /^\d+$/.test(amount) ? Number(amount) : Number.NaN } : {}) };
}

const refundPayload = (form: HTMLFormElement) => refundBody(formText(form, 'amount'), formText(form, 'reason'));

/** A refund made by hand also says how the money went back. */
const manualPayload = (form: HTMLFormElement) => ({ ...refundPayload(form), method: formText(form, 'method'), transaction_id: formText(form, 'transaction_id') });

/** What the dialog may add: fields sent beside the form's (`return`), and the amount it starts at. */
export interface RefundExtras {
  also?: Record<string, number>;
  amount?: number;
}

export function RefundDialog({ order, lead, manual, extras, onClose, onDone }: { order: RefundTarget; lead?: ReactNode; manual?: boolean; extras?: RefundExtras | undefined; onClose: () => void; onDone: () => Promise<void> | void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const left = refundable(order.paid_amount, order.refunded_amount);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const fields = manual ? manualPayload : refundPayload;
  const form = useApiForm({
    method: 'POST',
    url: `/api/order/${order.id}/refund/`,
    payload: (f: HTMLFormElement) => ({ ...fields(f), ...extras?.also }),
    // The form's own fields are checked; what is sent beside them is the caller's.
    validate: (_body, f) => checkRefundForm(fields(f), order),
    success: (res) => res.message || `Order #${order.id}: refunded.`,
    then: async () => {
      ref.current?.close();
      await onDone();
    },
  });
  return (
    <dialog ref={ref} onClose={onClose} className="m-auto w-full max-w-md rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="refund-dialog" aria-labelledby={`refund-${order.id}-title`}>
      <form {...form.props} className="grid gap-3">
        <h2 id={`refund-${order.id}-title`} className="text-lg font-bold">
          Refund order #{order.id}
        </h2>
        {lead}
        <p className="text-sm text-stone-700">
          Paid ৳ {order.paid_amount}
          {order.refunded_amount > 0 && `, already refunded ৳ ${order.refunded_amount}`} — <strong>৳ {left}</strong> can be refunded
          {order.payment_reference && (
            <>
              {' '}
              (transaction <span className="font-mono">{order.payment_reference}</span>)
            </>
          )}
          .
        </p>
        <FormAlert text={form.alert} />
        <Field label="Amount (৳)" name="amount" type="number" inputMode="numeric" min={1} max={left} placeholder={String(left)} defaultValue={extras?.amount} hint="Leave empty to refund everything that is left." errors={form.errors} />
        {manual && (
          <>
            <SelectField label="Given back by" name="method" required options={STAFF_PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))} errors={form.errors} data-testid="refund-method" />
            <Field label="Transaction id" name="transaction_id" maxLength={60} hint="Not needed for cash." errors={form.errors} autoComplete="off" />
          </>
        )}
        <TextArea label="Reason" name="reason" required maxLength={255} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <Button kind="secondary" onClick={() => ref.current?.close()}>
            Not now
          </Button>
          <Button type="submit" kind="danger" disabled={form.busy} data-testid="refund-submit">
            {form.busy ? 'Refunding…' : 'Refund'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** Whether an order holds online money that can still be given back. */
export function canRefund(order: RefundTarget & { payment_gateway: string | null; payment_status: string; refund_due?: boolean; status?: string }): boolean {
  // Money in review on a cancelled order (a late payment, or cancelled while in review) can only go back.
  const heldForRefund = order.refund_due === true || order.status === 'Cancelled';
  const held = order.payment_status === 'paid' || order.payment_status === 'partially_refunded' || (heldForRefund && order.payment_status === 'review');
  return order.payment_gateway !== null && held && refundable(order.paid_amount, order.refunded_amount) > 0;
}

/** One refund dialog for a page: `open(order, lead?)` shows it; after a refund the page's data is reloaded. */
export function useRefundDialog(): { open: (order: RefundTarget, lead?: ReactNode, manual?: boolean, extras?: RefundExtras) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ order: RefundTarget; lead?: ReactNode; manual?: boolean; extras?: RefundExtras | undefined } | null>(null);
  const revalidator = useRevalidator();
  const open = useCallback((order: RefundTarget, lead?: ReactNode, manual?: boolean, extras?: RefundExtras) => setState({ order, lead, manual: manual ?? false, extras }), []);
  const dialog = state ? <RefundDialog key={state.order.id} order={state.order} lead={state.lead} manual={state.manual ?? false} extras={state.extras} onClose={() => setState(null)} onDone={() => revalidator.revalidate()} /> : null;
  return { open, dialog };
}
