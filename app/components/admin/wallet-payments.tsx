/**
 * Money an order not paid online received or gave back by hand, under its invoice (never
 * printed): the customer's wallet claim (method, TrxID, amount) to check against the shop's
 * wallet, the form that verifies it at the amount found or records other money
 * (`POST /api/order/{id}/payments/`, checked with the server's own schema), a button that rejects
 * a false claim, every payment and refund, a manual refund, and the parcel's COD: what the
 * courier was asked to collect at booking beside what is due now, when they differ.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { refundable } from '../../../domain/payments';
import { METHOD_LABELS, STAFF_PAYMENT_METHODS, amountDue, paymentBody, recordPaymentSchema, type OrderPaymentMethod } from '../../../domain/wallet-payments';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi } from '../form/api';
import { Field, SelectField } from '../form/field';
import { FormAlert } from '../form/messages';
import { useApiForm } from '../form/use-api-form';
import { checkWith, formText } from '../form/values';
import { Button } from './buttons';
import { useConfirm } from './confirm';
import { Panel } from './page';
import { Empty, Table } from './table';
import { useRefundDialog, type RefundTarget } from './refund-dialog';

const paymentRowSchema = z.object({
  id: z.number(),
  kind: z.enum(['payment', 'refund']),
  method: z.string(),
  transaction_id: z.string(),
  amount: z.number(),
  verified: z.boolean(),
  at: z.string(),
  user: z.number().nullable(),
  reason: z.string().optional(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** An order's `payments`, read leniently: a row of an unexpected shape is left out. */
export function readPayments(value: unknown): PaymentRow[] {
  return Array.isArray(value)
    ? value.flatMap((row) => {
        const r = paymentRowSchema.safeParse(row);
        return r.success ? [r.data] : [];
      })
    : [];
}

const methodName = (m: string) => METHOD_LABELS[m as OrderPaymentMethod] ?? m;
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export interface WalletOrder extends RefundTarget {
  status: string;
  total: number;
  payment_status: string;
  payment_gateway: string | null;
  cod_amount: number | null;
}

/** What the COD line says: what the courier was asked to collect and, when money moved since, what is due now. */
export function codLine(order: Pick<WalletOrder, 'total' | 'paid_amount' | 'refunded_amount' | 'cod_amount'>): { sent: number | null; due: number; difference: number } {
  const due = amountDue(order);
  return { sent: order.cod_amount, due, difference: order.cod_amount === null ? 0 : order.cod_amount - due };
}

/** The verify / record form; `claim` fills it with a claim's method and TrxID. */
function RecordForm({ orderId, due, claim }: { orderId: number; due: number; claim: PaymentRow | null }) {
  const form = useApiForm({
    method: 'POST',
    url: `/api/order/${orderId}/payments/`,
    payload: (f) => paymentBody(formText(f, 'method'), formText(f, 'transaction_id'), formText(f, 'amount')),
    validate: (body) => {
      const errors = checkWith(recordPaymentSchema, body);
      if (!errors.amount && body.amount > due) errors.amount = [`Only ৳ ${due} is still due.`];
      return errors;
    },
    success: (res) => res.message || `Order #${orderId}: payment recorded.`,
    then: 'reload',
  });
  return (
    <form {...form.props} className="grid gap-2 sm:grid-cols-[10rem_1fr_8rem_auto] sm:items-end" data-testid="record-payment" key={claim?.id ?? 'new'}>
      <FormAlert text={form.alert} />
      <SelectField label="Method" name="method" options={STAFF_PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))} defaultValue={claim?.method ?? ''} errors={form.errors} />
      <Field label="Transaction id" name="transaction_id" maxLength={60} defaultValue={claim?.transaction_id ?? ''} hint="Not needed for cash." errors={form.errors} autoComplete="off" />
      <Field label="Amount found (৳)" name="amount" type="number" inputMode="numeric" min={1} max={due} defaultValue={claim ? Math.min(claim.amount, due) || '' : ''} errors={form.errors} />
      <Button type="submit" disabled={form.busy || due <= 0} data-testid="record-payment-submit">
        {form.busy ? 'Saving…' : claim ? 'Verify payment' : 'Record payment'}
      </Button>
    </form>
  );
}

export function WalletPaymentsPanel({ order, payments }: { order: WalletOrder; payments: PaymentRow[] }) {
  const t = useT();
  const revalidator = useRevalidator();
  const refund = useRefundDialog();
  const { confirm, dialog } = useConfirm('Reject');
  const [busy, setBusy] = useState(false);
  if (order.payment_gateway) return null;
  const claims = payments.filter((p) => p.kind === 'payment' && !p.verified);
  const [first] = claims;
  const due = amountDue(order);
  // Money can be counted for an open order, and for a cancelled one (it is then owed back: refund due).
  const open = order.status === 'Pending' || order.status === 'Cancelled';
  const cod = codLine(order);
  const kept = refundable(order.paid_amount, order.refunded_amount);

  const rejectClaim = async (claim: PaymentRow) => {
    if (!(await confirm(`Reject the ${methodName(claim.method)} claim ${claim.transaction_id} (৳ ${claim.amount})? The money was not found.`))) return;
    setBusy(true);
    const res = await sendApi('POST', `/api/order/${order.id}/payments/${claim.id}/reject/`, {});
    setBusy(false);
    if (!res.ok) {
      notify(failureText(res, t), 'error', 8000);
      return;
    }
    notify(`Order #${order.id}: claim rejected.`);
    await revalidator.revalidate();
  };

  return (
    <div className="no-print mx-auto mt-6 max-w-[210mm]" data-testid="wallet-payments">
      <Panel title="Payments received by hand">
        {claims.map((claim) => (
          <div key={claim.id} className="mb-3 flex flex-wrap items-center gap-2 rounded border border-orange-200 bg-orange-50 p-2 text-sm" data-testid="wallet-claim">
            <span>
              The customer says they sent <strong>৳ {claim.amount}</strong> by <strong>{methodName(claim.method)}</strong>, transaction id{' '}
              <strong className="font-mono" data-testid="wallet-claim-trx">
                {claim.transaction_id}
              </strong>
              . Check it in the shop&apos;s wallet, then verify it below at the amount found.
            </span>
            <Button size="sm" kind="danger" disabled={busy} onClick={() => void rejectClaim(claim)} data-testid="wallet-claim-reject">
              Reject claim
            </Button>
          </div>
        ))}
        <p className="mb-2 text-sm" data-testid="wallet-due">
          Total ৳ {order.total} · received ৳ {order.paid_amount}
          {order.refunded_amount > 0 && ` · refunded ৳ ${order.refunded_amount}`} · <strong>due ৳ {due}</strong>
        </p>
        {/* Once delivered the courier collected it: the difference means something only while the parcel is out. */}
        {cod.sent !== null && order.status === 'Pending' && (
          <p className={`mb-2 text-sm ${cod.difference ? 'rounded bg-amber-50 p-2 text-amber-950' : ''}`} data-testid="wallet-cod">
            The courier was asked to collect <strong>৳ {cod.sent}</strong>.
            {cod.difference > 0 && ` ৳ ${cod.difference} was paid since: the courier will collect more than is due — give it back or correct the COD in the courier's panel.`}
            {cod.difference < 0 && ` ৳ ${-cod.difference} more is due than the courier collects.`}
          </p>
        )}
        {open && <RecordForm orderId={order.id} due={due} claim={first ?? null} />}
        <h3 className="mt-4 mb-1 text-sm font-semibold">Payments and refunds</h3>
        <Table head={['#', 'When', 'Kind', 'Method', 'Transaction', 'Amount', 'Verified']} testId="wallet-payment-list">
          {payments.length === 0 && <Empty colSpan={7} text="No payment recorded." />}
          {payments.map((p) => (
            <tr key={p.id} data-testid="wallet-payment-row" data-verified={p.verified ? 'true' : 'false'}>
              <td>{p.id}</td>
              <td className="text-xs">{when(p.at)}</td>
              <td>{p.kind === 'refund' ? `Refund${p.reason ? ` (${p.reason})` : ''}` : 'Payment'}</td>
              <td>{methodName(p.method)}</td>
              <td className="font-mono">{p.transaction_id || '—'}</td>
              <td>৳ {p.amount}</td>
              <td>{p.verified ? 'Yes' : 'Claimed'}</td>
            </tr>
          ))}
        </Table>
        {kept > 0 && (
          <div className="mt-3">
            <Button size="sm" kind="secondary" onClick={() => refund.open(order, undefined, true)} data-testid="manual-refund-open">
              Refund by hand (৳ {kept} kept)
            </Button>
          </div>
        )}
      </Panel>
      {dialog}
      {refund.dialog}
    </div>
  );
}
