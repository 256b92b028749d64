/**
 * Exchange: the customer takes other goods for what they return. Staff pick the new lines with
 * the desk's product search; `POST /api/returns/{id}/exchange/` makes a new order, priced by the
 * server, carrying the return's value as credit, and answers its `difference_due` (negative: the
 * shop owes the customer). The screen then opens the new order.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { failureText, sendApi, type FieldErrors } from '../../form/api';
import { FormAlert } from '../../form/messages';
import { notify } from '../../notices';
import { Button } from '../buttons';
import { errorsByField, linesBody, type DeskLine } from '../orders/desk';
import { LinesEditor } from '../orders/lines-editor';

/** The new order's id and the difference, from the answer ("the order" at the top, or under `order`). */
export function exchangeAnswer(body: Record<string, unknown> | null): { id: number | null; difference: number | null } {
  const inner = body?.order && typeof body.order === 'object' ? (body.order as Record<string, unknown>) : {};
  const id = typeof body?.id === 'number' ? body.id : typeof inner.id === 'number' ? inner.id : typeof body?.order_id === 'number' ? body.order_id : null;
  const d = body?.difference_due ?? inner.difference_due;
  return { id, difference: typeof d === 'number' ? d : null };
}

/** The difference in words: what the customer still pays, or what the shop owes them. */
export function differenceText(difference: number | null): string {
  if (difference === null) return '';
  if (difference > 0) return `The customer pays ৳ ${difference} more.`;
  if (difference < 0) return `The shop owes the customer ৳ ${-difference}.`;
  return 'Nothing more to pay either way.';
}

function ExchangeDialog({ returnId, orderId, onClose }: { returnId: number; orderId: number; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const [lines, setLines] = useState<DeskLine[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const submit = async () => {
    if (lines.length === 0) {
      setErrors({ lines: ['Add at least one product for the customer.'] });
      return;
    }
    setBusy(true);
    setAlert(null);
    const res = await sendApi('POST', `/api/returns/${returnId}/exchange/`, { lines: linesBody(lines) });
    setBusy(false);
    if (!res.ok) {
      setErrors(errorsByField(res.errors));
      setAlert(failureText(res, t));
      return;
    }
    const answer = exchangeAnswer(res.body);
    notify(`Exchange order${answer.id ? ` #${answer.id}` : ''} made. ${differenceText(answer.difference)}`, 'success', 8000);
    ref.current?.close();
    if (answer.id) await navigate(`/order-invoice/${answer.id}`);
  };
  return (
    <dialog ref={ref} onClose={onClose} className="m-auto w-full max-w-2xl rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="exchange-dialog" aria-labelledby="exchange-title">
      <h2 id="exchange-title" className="mb-2 text-lg font-bold">
        Exchange for order #{orderId}
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        What the customer takes instead. The new order goes to the same address; the returned goods count as credit, and the server works out the difference.
      </p>
      <FormAlert text={alert} />
      <LinesEditor lines={lines} onChange={setLines} errors={errors} />
      <div className="mt-4 flex justify-end gap-2">
        <Button kind="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={busy} data-testid="exchange-submit">
          {busy ? 'Making the order…' : 'Make exchange order'}
        </Button>
      </div>
    </dialog>
  );
}

/** One exchange dialog for a page: `open(returnId, orderId)`. */
export function useExchange(): { open: (returnId: number, orderId: number) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ returnId: number; orderId: number } | null>(null);
  const open = useCallback((returnId: number, orderId: number) => setState({ returnId, orderId }), []);
  return { open, dialog: state ? <ExchangeDialog key={state.returnId} {...state} onClose={() => setState(null)} /> : null };
}
