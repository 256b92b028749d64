/** Asking before a change that cannot be undone, and the Delete button built on it. */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi } from '../form/api';
import { Button } from './buttons';

/** A confirm dialog that answers a promise, instead of the browser's blocking confirm(). */
export function useConfirm(yes = 'Yes, delete'): { confirm: (message: string) => Promise<boolean>; dialog: ReactNode } {
  const [state, setState] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (state && ref.current && !ref.current.open) ref.current.showModal();
  }, [state]);
  const close = (ok: boolean) => {
    state?.resolve(ok);
    ref.current?.close();
    setState(null);
  };
  const confirm = useCallback((message: string) => new Promise<boolean>((resolve) => setState({ message, resolve })), []);
  const dialog = state ? (
    <dialog ref={ref} onCancel={() => close(false)} className="m-auto w-full max-w-sm rounded-lg p-5 shadow-xl backdrop:bg-black/40" data-testid="confirm-dialog">
      <p className="mb-4 font-medium">{state.message}</p>
      <div className="flex justify-end gap-2">
        <Button kind="secondary" onClick={() => close(false)}>
          No
        </Button>
        <Button kind="danger" onClick={() => close(true)} autoFocus>
          {yes}
        </Button>
      </div>
    </dialog>
  ) : null;
  return { confirm, dialog };
}

/** Confirms, calls DELETE, waits for the server, reports failure or success, then reloads the list. */
export function DeleteButton({ url, confirmText, successText, label = 'Delete' }: { url: string; confirmText: string; successText: string; label?: string }) {
  const t = useT();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <Button
        kind="danger"
        size="sm"
        disabled={busy}
        onClick={async () => {
          if (!(await confirm(confirmText))) return;
          setBusy(true);
          const res = await sendApi<{ deactivated?: boolean }>('DELETE', url);
          setBusy(false);
          if (!res.ok) {
            notify(failureText(res, t), 'error', 6000);
            return;
          }
          notify(res.body?.deactivated ? `${successText} (It is on orders, so it was deactivated instead.)` : successText);
          await revalidator.revalidate();
        }}
      >
        {busy ? 'Deleting…' : label}
      </Button>
      {dialog}
    </>
  );
}
