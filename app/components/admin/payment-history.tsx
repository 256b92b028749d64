/**
 * The back office's record of an order's online payment, under its invoice (never printed):
 * every attempt at the gateway with what the gateway answered, and every refund, with the
 * refund and review actions beside them.
 */
import { useState } from 'react';
import { z } from 'zod';
import { PaymentActions, type AdminPayment } from './order-payment';
import { Panel } from './page';
import { RecordTable } from './table';
import { useRefundDialog } from './refund-dialog';

const attemptSchema = z.object({
  id: z.number(),
  gateway: z.string(),
  invoice: z.string(),
  gateway_ref: z.string().nullable(),
  amount: z.number(),
  status: z.string(),
  reference: z.string(),
  failure_reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  answers: z.unknown(),
});

const refundRowSchema = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  reference: z.string(),
  message: z.string(),
  created_by_name: z.string().nullable().optional(),
  created_at: z.string(),
});

export type PaymentAttemptView = z.infer<typeof attemptSchema>;
export type RefundView = z.infer<typeof refundRowSchema>;

/** The attempts and refunds of an order's admin view, read leniently: a row of an unexpected shape is left out. */
export function readPaymentHistory(detail: object | null): { attempts: PaymentAttemptView[]; refunds: RefundView[] } {
  const d = (detail ?? {}) as { payment_attempts?: unknown; refunds?: unknown };
  const list = <T,>(schema: z.ZodType<T>, value: unknown): T[] =>
    Array.isArray(value)
      ? value.flatMap((row) => {
          const r = schema.safeParse(row);
          return r.success ? [r.data] : [];
        })
      : [];
  return { attempts: list(attemptSchema, d.payment_attempts), refunds: list(refundRowSchema, d.refunds) };
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function Answers({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  if (!Array.isArray(value) || value.length === 0) return null;
  return (
    <>
      <button type="button" className="text-xs text-brand underline" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide' : 'Show'} gateway answers ({value.length})
      </button>
      {open && <pre className="mt-1 max-h-64 max-w-xl overflow-auto rounded bg-stone-100 p-2 text-[11px]">{JSON.stringify(value, null, 2)}</pre>}
    </>
  );
}

function AttemptRow({ attempt: a }: { attempt: PaymentAttemptView }) {
  return (
    <tr data-testid="payment-attempt" data-status={a.status}>
      <td>{a.id}</td>
      <td className="text-xs whitespace-nowrap">{when(a.created_at)}</td>
      <td className="font-mono text-xs">{a.invoice}</td>
      <td>৳ {a.amount}</td>
      <td className="text-xs font-semibold">{a.status}</td>
      <td className="font-mono text-xs">{a.reference || a.gateway_ref}</td>
      <td className="text-xs">
        {a.failure_reason && <p>{a.failure_reason}</p>}
        <Answers value={a.answers} />
      </td>
    </tr>
  );
}

function RefundRow({ refund: r }: { refund: RefundView }) {
  return (
    <tr data-testid="payment-refund" data-status={r.status}>
      <td>{r.id}</td>
      <td className="text-xs whitespace-nowrap">{when(r.created_at)}</td>
      <td>৳ {r.amount}</td>
      <td className="text-xs font-semibold">{r.status}</td>
      <td className="text-xs">
        {r.reason}
        {r.message && <span className="block text-stone-500">{r.message}</span>}
      </td>
      <td className="font-mono text-xs">{r.reference}</td>
      <td className="text-xs">{r.created_by_name ?? ''}</td>
    </tr>
  );
}

export function PaymentHistory({ order, attempts, refunds }: { order: AdminPayment; attempts: PaymentAttemptView[]; refunds: RefundView[] }) {
  const refund = useRefundDialog();
  if (!order.payment_gateway && attempts.length === 0) return null;
  return (
    <div className="no-print mx-auto mt-6 max-w-[210mm]" data-testid="payment-history">
      <Panel title="Online payment">
        <div className="mb-3 flex flex-wrap gap-2">
          <PaymentActions order={order} onRefund={(o) => refund.open(o)} />
        </div>
        <h3 className="mb-1 text-sm font-semibold">Attempts</h3>
        <RecordTable head={['#', 'Started', 'Invoice', 'Amount', 'Status', 'Transaction', 'Note']} testId="payment-attempts" empty="No payment was started." records={attempts} row={(a) => <AttemptRow key={a.id} attempt={a} />} />
        <h3 className="mt-4 mb-1 text-sm font-semibold">Refunds</h3>
        <RecordTable head={['#', 'When', 'Amount', 'Status', 'Reason', 'Reference', 'By']} testId="payment-refunds" empty="Nothing was refunded." records={refunds} row={(r) => <RefundRow key={r.id} refund={r} />} />
      </Panel>
      {refund.dialog}
    </div>
  );
}
