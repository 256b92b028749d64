/**
 * "Received": a packer takes a returned parcel in. The dialog lists the return's lines with a
 * condition each (resellable goes back on the shelf, damaged is written off), preset to what was
 * said when the return was made; the choice wins (run contract, *Receiving*). It posts to
 * `POST /api/returns/{id}/receive/`, or `POST /api/order/{id}/receive-parcel/` from the order
 * screen (every return of the order on its way back at once). A return that came without lines
 * (a courier's partial delivery that did not say what came back) lists the order's lines to
 * count instead. Stock moves on the server, once. When the return has money to give back, the refund
 * dialog follows at once (the confirmation before an online payment is refunded; a cash order's
 * refund is recorded by method and transaction id), naming the return.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { RETURN_CONDITIONS, type ReturnCondition } from '../../../../domain/returns';
import { useT } from '../../../lib/i18n';
import { failureText, sendApi } from '../../form/api';
import { FormAlert } from '../../form/messages';
import { notify } from '../../notices';
import { Button } from '../buttons';
import { useRefundDialog, type RefundTarget } from '../refund-dialog';
import { CONDITION_TEXT, lineTitle, linesOf, receiveBody, refundLeft, type OrderReturn, type ReturnLine } from './returns';

/** One row of the dialog: a line and its condition, and for a counted line the units typed. */
function LineRow({
  title,
  quantity,
  condition,
  onCondition,
  counted,
  onCount,
}: {
  title: string;
  quantity: number;
  condition: ReturnCondition;
  onCondition: (c: ReturnCondition) => void;
  counted?: string;
  onCount?: (text: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded border border-stone-200 px-3 py-2 text-sm" data-testid="receive-line">
      <span className="min-w-0 flex-1">
        {title} {onCount ? <span className="text-stone-600">(ordered {quantity})</span> : <strong>× {quantity}</strong>}
      </span>
      {onCount && (
        <input
          type="number"
          min={0}
          max={quantity}
          value={counted ?? ''}
          placeholder="0"
          aria-label={`Units of ${title} back`}
          className="w-16 rounded border border-stone-300 px-2 py-1 text-right"
          onChange={(e) => onCount(e.currentTarget.value)}
          data-testid="receive-quantity"
        />
      )}
      <select
        aria-label={`Condition of ${title}`}
        className="rounded border border-stone-300 px-2 py-1 text-sm"
        value={condition}
        onChange={(e) => onCondition(e.target.value as ReturnCondition)}
        data-testid="receive-condition"
      >
        {RETURN_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {CONDITION_TEXT[c]}
          </option>
        ))}
      </select>
    </li>
  );
}

export interface ReceiveTarget {
  /** The call: the return's receive, or the order's receive-parcel. */
  url: string;
  orderId: number;
  /** The lines coming back (of every return received); empty: the packer counts them from `items`. */
  lines: ReturnLine[];
  /** The order's lines, for a return without lines of its own. */
  items: readonly { id: number; product_title: string; quantity: number }[];
  /** The return a refund offered afterwards names. */
  ret: OrderReturn;
  /** The order's line titles by order item id. */
  titles: ReadonlyMap<number, string>;
  /** The order's money, for the refund offered after it (`online`: paid through a gateway). */
  money?: { order: RefundTarget; online: boolean } | undefined;
}

function ReceiveDialog({ target, onClose, onDone }: { target: ReceiveTarget; onClose: () => void; onDone: () => Promise<void> }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<Record<number, ReturnCondition>>({});
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const { lines, items, titles } = target;
  const counting = lines.length === 0;
  const body = () => (counting ? { lines: linesOf(counted, Object.fromEntries(items.map((i) => [i.id, chosen[i.id] ?? 'resellable']))) } : receiveBody(lines, chosen));
  const submit = async () => {
    setBusy(true);
    setAlert(null);
    const res = await sendApi('POST', target.url, body());
    setBusy(false);
    if (!res.ok) {
      setAlert(failureText(res, t));
      return;
    }
    notify(`Order #${target.orderId}: the parcel was received.`);
    ref.current?.close();
    await onDone();
  };
  return (
    <dialog ref={ref} onClose={onClose} className="m-auto w-full max-w-lg rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="receive-dialog" aria-labelledby="receive-title">
      <h2 id="receive-title" className="mb-2 text-lg font-bold">
        Receive the parcel of order #{target.orderId}
      </h2>
      <p className="mb-3 text-sm text-stone-700">Check each item: resellable units go back into stock; damaged ones are written off.</p>
      <FormAlert text={alert} />
      {counting && <p className="mb-2 text-sm text-stone-700">The courier did not say what came back: count the units of each line.</p>}
      <ul className="mb-4 grid gap-2">
        {counting
          ? items.map((i) => (
              <LineRow
                key={i.id}
                title={i.product_title}
                quantity={i.quantity}
                condition={chosen[i.id] ?? 'resellable'}
                onCondition={(c) => setChosen((all) => ({ ...all, [i.id]: c }))}
                counted={counted[i.id] ?? ''}
                onCount={(text) => setCounted((all) => ({ ...all, [i.id]: text }))}
              />
            ))
          : lines.map((l) => (
              <LineRow
                key={l.order_item}
                title={lineTitle(titles, l.order_item)}
                quantity={l.quantity}
                condition={chosen[l.order_item] ?? l.condition ?? 'resellable'}
                onCondition={(c) => setChosen((all) => ({ ...all, [l.order_item]: c }))}
              />
            ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button kind="secondary" onClick={() => ref.current?.close()}>
          Not now
        </Button>
        <Button onClick={() => void submit()} disabled={busy} data-testid="receive-submit">
          {busy ? 'Receiving…' : 'Received'}
        </Button>
      </div>
    </dialog>
  );
}

/** One receive dialog for a page (and the refund dialog that may follow it): `open(target)` shows it. */
export function useReceive(): { open: (target: ReceiveTarget) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<ReceiveTarget | null>(null);
  const revalidator = useRevalidator();
  const refund = useRefundDialog();
  const open = useCallback((t: ReceiveTarget) => setTarget(t), []);
  const done = async (t: ReceiveTarget) => {
    await revalidator.revalidate();
    const left = refundLeft(t.ret);
    if (!t.money || left <= 0) return;
    const lead = (
      <p className="rounded bg-amber-50 p-2 text-sm" data-testid="refund-after-receive">
        The goods are back. {t.money.online ? `Refund ৳ ${left} through the payment gateway now?` : `Record the ৳ ${left} given back to the customer?`}
      </p>
    );
    refund.open(t.money.order, lead, !t.money.online, { also: { return: t.ret.id }, amount: Math.min(left, t.money.order.paid_amount - t.money.order.refunded_amount) });
  };
  const dialog = (
    <>
      {target && <ReceiveDialog key={target.ret.id} target={target} onClose={() => setTarget(null)} onDone={() => done(target)} />}
      {refund.dialog}
    </>
  );
  return { open, dialog };
}
