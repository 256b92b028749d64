/**
 * Deciding a customer's return request: Approve (`POST /api/returns/{id}/approve/`) or Reject
 * with a reason (`/reject/`). Either sends the customer one SMS; a request someone else decided
 * meanwhile answers 409, and the page is reloaded to show it.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../../../lib/i18n';
import { failureText, sendApi } from '../../form/api';
import { FormAlert } from '../../form/messages';
import { notify } from '../../notices';
import { Button } from '../buttons';
import { useConfirm } from '../confirm';

function RejectDialog({ returnId, onClose, onDone }: { returnId: number; onClose: () => void; onDone: () => Promise<void> }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const reason = useRef<HTMLTextAreaElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const submit = async () => {
    const text = reason.current?.value.trim() ?? '';
    if (!text) {
      setAlert('Say why, for the customer’s SMS.');
      reason.current?.focus();
      return;
    }
    setBusy(true);
    const res = await sendApi('POST', `/api/returns/${returnId}/reject/`, { reason: text });
    setBusy(false);
    if (!res.ok) {
      setAlert(failureText(res, t));
      return;
    }
    notify(`Return #${returnId} rejected; the customer gets an SMS.`);
    ref.current?.close();
    await onDone();
  };
  return (
    <dialog ref={ref} onClose={onClose} className="m-auto w-full max-w-md rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="reject-dialog" aria-labelledby="reject-title">
      <h2 id="reject-title" className="mb-2 text-lg font-bold">
        Reject return request #{returnId}
      </h2>
      <FormAlert text={alert} />
      <label className="block text-sm">
        <span className="font-medium">Reason (sent to the customer)</span>
        <textarea ref={reason} maxLength={1000} rows={3} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5 text-sm" data-testid="reject-reason" />
      </label>
      <div className="mt-4 flex justify-end gap-2">
        <Button kind="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </Button>
        <Button kind="danger" disabled={busy} onClick={() => void submit()} data-testid="reject-submit">
          {busy ? 'Rejecting…' : 'Reject'}
        </Button>
      </div>
    </dialog>
  );
}

export function DecideButtons({ returnId, orderId }: { returnId: number; orderId: number | null }) {
  const t = useT();
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm('Yes, approve');
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    if (!(await confirm(`Approve return request #${returnId}${orderId ? ` of order #${orderId}` : ''}? The customer gets an SMS, and the goods are expected back.`))) return;
    setBusy(true);
    const res = await sendApi('POST', `/api/returns/${returnId}/approve/`, {});
    setBusy(false);
    if (!res.ok) notify(failureText(res, t), 'error', 6000);
    else notify(`Return #${returnId} approved; the customer gets an SMS.`);
    await revalidator.revalidate();
  };
  return (
    <div className="flex flex-wrap gap-1">
      <Button size="sm" disabled={busy} onClick={() => void approve()} data-testid="approve-return">
        Approve
      </Button>
      <Button size="sm" kind="danger" disabled={busy} onClick={() => setRejecting(true)} data-testid="reject-return">
        Reject…
      </Button>
      {dialog}
      {rejecting && (
        <RejectDialog
          returnId={returnId}
          onClose={() => setRejecting(false)}
          onDone={async () => {
            await revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}
