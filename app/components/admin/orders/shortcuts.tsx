/**
 * The order list's keys (desk.ts says which key does what): j/k or the arrows move between rows,
 * c confirms the row's order (its "Called — confirmed" button), x cancels it through the status
 * buttons' own question, Enter opens it. They rest while one types in a field or a dialog is
 * open. The row in hand is highlighted and stays so while the list reloads.
 */
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../notices';
import { keyTargetOf, moveFocus, SHORTCUTS, shortcutFor } from './desk';

const ROW = '[data-testid="order-row"]';

function rowsIn(table: HTMLElement | null): HTMLElement[] {
  return table ? [...table.querySelectorAll<HTMLElement>(ROW)] : [];
}

/** The row's button for `to` among the status buttons, when it can be pressed. */
function statusButton(row: HTMLElement, to: string): HTMLButtonElement | undefined {
  return [...row.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === to && !b.disabled);
}

/** Binds the keys on the page; answers the index of the row in hand (null: none yet) and a setter for rows focused by other means. */
export function useListShortcuts(table: RefObject<HTMLElement | null>): { focused: number | null; setFocused: (i: number) => void } {
  const navigate = useNavigate();
  const [focused, setFocused] = useState<number | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event.key, {
        target: keyTargetOf(event.target as HTMLElement | null),
        modifier: event.ctrlKey || event.metaKey || event.altKey,
        dialogOpen: document.querySelector('dialog[open]') !== null,
      });
      if (!action) return;
      const rows = rowsIn(table.current);
      if (action === 'next' || action === 'previous') {
        const to = moveFocus(focused, action, rows.length);
        if (to === null) return;
        event.preventDefault();
        setFocused(to);
        rows[to]!.focus({ preventScroll: true });
        rows[to]!.scrollIntoView({ block: 'nearest' });
        return;
      }
      const row = focused === null ? undefined : rows[focused];
      if (!row) return;
      event.preventDefault();
      const id = row.dataset.orderId;
      if (action === 'open') void navigate(`/order-invoice/${id}`);
      else if (action === 'confirm') {
        const button = row.querySelector<HTMLButtonElement>('[data-shortcut="confirm"]:not(:disabled)');
        if (button) button.click();
        else notify(`Order #${id} has nothing to confirm.`, 'error');
      } else {
        const button = statusButton(row, 'Cancelled');
        if (button) button.click();
        else notify(`Order #${id} cannot be cancelled.`, 'error');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [focused, navigate, table]);
  return { focused, setFocused };
}

export function ShortcutLegend() {
  return (
    <p className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600" data-testid="shortcut-legend" aria-label="Keyboard shortcuts">
      <span className="font-semibold">Keys:</span>
      {SHORTCUTS.map(([keys, what]) => (
        <span key={keys}>
          <kbd className="rounded border border-stone-300 bg-stone-50 px-1 font-mono text-[11px]">{keys}</kbd> {what}
        </span>
      ))}
    </p>
  );
}
